import { DATA_PRODUCTS } from '@pravesh/core/constants.ts';
import type { HttpMethod, RequestOptions } from '../http.ts';
import { NUDGE_ROUTES } from './constants.ts';
import {
  offersTileOf,
  parsePersonalization,
  parseScoreRecords,
  scoreTileOf,
  type NudgeOffer,
  type NudgeScoreRecord,
  type OffersTile,
  type ScoreTile,
} from './tiles.ts';

/**
 * Where the nudge's tiles come from (spec 000 §4 "Nudge state": logged-out shows stored tiles;
 * logged-in fetches live score and offers). Live calls go through the sign-on client's request,
 * which sends pb-access-token and, when the first reply carries no status, gets a new access
 * token and retries once (spec 000 §4 "Token refresh").
 */

/** What the nudge keeps between pages: the last score records and the personalised offers. */
export interface StoredNudge {
  scores?: NudgeScoreRecord[];
  /** The personalised offers (at most what the tile shows) and how many there are in all. */
  offers?: NudgeOffer[];
  offerTotal?: number;
}

export interface NudgeStore {
  read(): StoredNudge;
  write(value: StoredNudge): void;
}

/** The page's localStorage under one key per environment; a blocked storage keeps nothing. */
export function localNudgeStore(
  environment: string,
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = safeLocalStorage(),
): NudgeStore {
  const key = `pravesh_nudge_${environment}`;
  return {
    read() {
      try {
        const value: unknown = JSON.parse(storage?.getItem(key) ?? '{}');
        return typeof value === 'object' && value !== null ? value : {};
      } catch {
        return {};
      }
    },
    write(value) {
      try {
        storage?.setItem(key, JSON.stringify(value));
      } catch {
        // Storage full or blocked: the tiles are a convenience.
      }
    },
  };
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The sign-on client's authenticated call (SignOn.request). */
export type AuthorizedRequest = <T>(method: HttpMethod, path: string, options?: RequestOptions) => Promise<T>;

export interface NudgeTilesState {
  bureauTile: ScoreTile;
  /** null: no tile (no offers, offers failing, or no bureau data). */
  gucpaOffers: OffersTile | null;
  /** The live score call failed: the tile shows the stored score and says it may be out of date. */
  scoreUnavailable?: boolean;
}

export interface NudgeData {
  /** The tiles from storage alone (signed out, and the first paint when signed in). */
  stored(): NudgeTilesState;
  /** Live score and offers for the signed-in customer; storage is updated by the rules of spec 000 §8. */
  live(request: AuthorizedRequest): Promise<NudgeTilesState>;
  /** PCO/applyOffer (spec 000 §3 "Apply-offer"): resolves with the partner's redirectUrl. */
  apply(
    request: AuthorizedRequest,
    input: { offerId: string; mobileNo: string; visitId: string | undefined },
  ): Promise<string>;
  /** The "Get Credit Score" pull (every bureau); rejects when the server refuses it (no consent, bureau down). */
  pullScores(request: AuthorizedRequest): Promise<void>;
}

export function createNudgeData(store: NudgeStore): NudgeData {
  function tilesFrom(stored: StoredNudge): NudgeTilesState {
    return { bureauTile: scoreTileOf(stored.scores), gucpaOffers: offersTileOf(stored.offers, stored.offerTotal) };
  }

  return {
    stored: () => tilesFrom(store.read()),
    async live(request) {
      const stored = store.read();
      let scores: NudgeScoreRecord[];
      try {
        scores = parseScoreRecords(await request<unknown>('GET', NUDGE_ROUTES.getCreditScores));
      } catch {
        // The bureau is down: keep what we had, and say so on the tile.
        return { ...tilesFrom(stored), scoreUnavailable: true };
      }
      const bureauTile = scoreTileOf(scores);
      if (bureauTile.kind === 'getScore') {
        // spec 000 §8: no bureau data → "Get Credit Score for FREE", and stored offers cleared.
        store.write({ scores });
        return { bureauTile, gucpaOffers: null };
      }
      let offers: NudgeOffer[];
      let offerTotal: number;
      try {
        ({ offers, total: offerTotal } = parsePersonalization(
          await request<unknown>('GET', NUDGE_ROUTES.personalization),
        ));
      } catch {
        // spec 000 §8: offers failing in the logged-in tile → tile hidden, stored personalisation cleared.
        store.write({ scores });
        return { bureauTile, gucpaOffers: null };
      }
      store.write({ scores, offers, offerTotal });
      return { bureauTile, gucpaOffers: offersTileOf(offers, offerTotal) };
    },
    async pullScores(request) {
      await request<unknown>('POST', NUDGE_ROUTES.pullReport);
    },
    async apply(request, { offerId, mobileNo, visitId }) {
      // The HTTP client answers the envelope's response and refuses any other envelope.
      const response = await request<unknown>('POST', NUDGE_ROUTES.applyOffer, {
        body: { mobileNo, payload: { visitId }, offerId },
      });
      const redirectUrl =
        typeof response === 'object' && response !== null
          ? (response as { redirectUrl?: unknown }).redirectUrl
          : undefined;
      // Only a web address is followed: a reply cannot send the customer to a script URL.
      if (typeof redirectUrl !== 'string' || !/^https?:\/\//i.test(redirectUrl)) {
        // Not a catalogue error: the widget shows the error modal for any failure, and the catalogue
        // would add its whole text to the widget script.
        throw new Error('applyOffer answered no web redirectUrl');
      }
      return redirectUrl;
    },
  };
}

/** Site entry items an application leaves are named after the offer, so the offer can show its status. */
const APPLICATION_ITEM_PREFIX = 'offer-';

/**
 * The site entry item (spec 000 §3 shared data item, §4 site entries) an "Apply Now" leaves in the
 * shared storage: the storage hub shares it with every page of the site, the server copy with
 * every site after sign-in, so each site's "Recent Activity" and the nudge's list it, and its
 * continueUrl goes back to the partner's application.
 */
export function applicationItem(offer: NudgeOffer, continueUrl: string) {
  return {
    id: `${APPLICATION_ITEM_PREFIX}${offer.offerId}`,
    type: 'lead',
    // Only the products a site entry accepts (spec 000 §5); another offer is kept without one.
    ...((DATA_PRODUCTS as readonly string[]).includes(offer.product) ? { product: offer.product } : {}),
    title: offer.productName,
    subtitle: offer.partnerName ? `Application started with ${offer.partnerName}` : 'Application started',
    continueUrl,
  };
}

/**
 * The offers the customer applied for, from the recent activity rows (their items' ids); not one
 * whose application is closed (withdrawn, rejected, expired: core canContinueLead), which may be
 * applied for again.
 */
export function appliedOfferIds(
  rows: readonly { id: string | number; closedLabel?: string | undefined }[],
): ReadonlySet<string> {
  return new Set(
    rows.flatMap((row) =>
      typeof row.id === 'string' && row.id.startsWith(APPLICATION_ITEM_PREFIX) && !row.closedLabel
        ? [row.id.slice(APPLICATION_ITEM_PREFIX.length)]
        : [],
    ),
  );
}
