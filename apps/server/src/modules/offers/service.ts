import {
  OFFER_IMAGE_PREFIX,
  OFFER_PLACEHOLDER_DATE,
  OFFER_PRODUCTS,
  PraveshError,
  MAX_OFFERS_PER_TILE,
  bureauPriority,
  bestStanding,
  byProductOrder,
  computeLoanKfs,
  flattenOffers,
  istDay,
  offerSchema,
  offerRules,
  profileFromReport,
  type Bureau,
  type CreditProfile,
  type CreditStanding,
  type FetchQuotesQuery,
  type FetchQuotesResponse,
  type Offer,
  type OfferProduct,
  type OfferResponse,
  type OffersPageResponse,
  type PersonalizationResponse,
} from '@pravesh/core';
import type { AppConfig } from '../../config/index.ts';
import type { Database } from '../../db/client.ts';
import type { Generations } from '../../lib/generations.ts';
import { createCreditStore, type CreditStore } from '../credit/index.ts';
import { createOffersStore, type CatalogueEntry, type OffersStore } from './store.ts';

/** What the rules read of the customer's bureau pulls (the credit engineer's store, read only). */
export type CreditReader = Pick<CreditStore, 'latestPerBureau' | 'latest'>;

/**
 * An offer this customer is pre-approved for, with what the leads service needs to send them to
 * the partner: the lender's id (its partner key and continue URL) and the partner's apply URL.
 */
export interface PreApprovedOffer {
  readonly offer: Offer;
  readonly lenderId: string;
  readonly applyUrl: string;
}

export interface OffersServiceOptions {
  readonly store: OffersStore;
  readonly credit: CreditReader;
  readonly now: () => number;
  /** Where browsers reach this server: offer images are served from it (images.ts). */
  readonly publicUrl: string;
  /** How long the catalogue is kept in memory; it changes by seeding or operators, rarely. */
  readonly catalogueTtlMs?: number;
  /** How long a customer's standing (their pulls, read from the credit store) is kept in memory. */
  readonly standingTtlMs?: number;
  /** Told about a catalogue row that makes no valid offer (it is left out). */
  readonly onInvalidOffer?: (offerId: string, problem: string) => void;
}

interface Standing {
  readonly standing: CreditStanding;
  readonly profile: CreditProfile;
}

interface Catalogue {
  readonly entries: CatalogueEntry[];
  /** Each entry's offer at its own amount and default tenure. */
  readonly offers: ReadonlyMap<string, Offer>;
}

/** 30 s: a new or withdrawn offer shows within half a minute; a busy nudge reads the table twice a minute. */
const DEFAULT_CATALOGUE_TTL_MS = 30_000;
/** 10 s: a new pull changes the offers within ten seconds; a page view's three offer calls read the pulls once. */
const DEFAULT_STANDING_TTL_MS = 10_000;
/** Bounds the standing cache (an entry is a few hundred bytes). */
const MAX_CACHED_STANDINGS = 10_000;

/** The product filter of a read: undefined for all; productNotAllowed (spec 000 §8 text) otherwise. */
export function parseProductFilter(product: string | undefined): OfferProduct | undefined {
  if (product === undefined || product === '') return undefined;
  if ((OFFER_PRODUCTS as readonly string[]).includes(product)) return product as OfferProduct;
  throw new PraveshError('productNotAllowed', {
    product: product.slice(0, 16),
    valid: OFFER_PRODUCTS.join(', '),
  });
}

/** The lender's mark as this server serves it (offers routes, images.ts partnerImage). */
export function partnerImageUrl(publicUrl: string, lenderId: string): string {
  return `${publicUrl}${OFFER_IMAGE_PREFIX}partners/${encodeURIComponent(lenderId)}.svg`;
}

function imageUrls(publicUrl: string, entry: CatalogueEntry): Offer['imageUrl'] {
  const base = `${publicUrl}${OFFER_IMAGE_PREFIX}`;
  return {
    partnerImage: partnerImageUrl(publicUrl, entry.lender.id),
    productTypeImage: `${base}products/${entry.product}.svg`,
    renderImage: `${base}render/${encodeURIComponent(entry.offerId)}.svg`,
  };
}

/** The spec 000 §3 item of a catalogue entry, its KFS worked out for `amount` and `tenureMonths`. */
export function toOffer(publicUrl: string, entry: CatalogueEntry, amount?: number, tenureMonths?: number): Offer {
  return {
    offerId: entry.offerId,
    productType: entry.product,
    productName: entry.productName,
    bannerTitle: entry.bannerTitle,
    imageUrl: imageUrls(publicUrl, entry),
    features: { shortDescriptionApp: [...entry.bullets] },
    statement: { statementText: entry.statementText },
    action: { carouselAction: [{ type: 'APPLY', payload: { text: 'Apply Now' } }] },
    lender: { id: entry.lender.id, name: entry.lender.name, legalName: entry.lender.legalName },
    validTill: entry.validTill ?? OFFER_PLACEHOLDER_DATE,
    preApproved: true,
    kfs: entry.loanTerms ? computeLoanKfs(entry.loanTerms, amount, tenureMonths) : null,
    cardTerms: entry.cardTerms,
    insuranceTerms: entry.insuranceTerms,
  };
}

/** Groups offers by product (spec 000 §3), leaving out products without one (spec 000 §5). */
export function toOfferResponse(offers: readonly Offer[]): OfferResponse {
  const response: OfferResponse = {};
  for (const product of OFFER_PRODUCTS) {
    const list = offers.filter((offer) => offer.productType === product);
    if (list.length > 0) response[product] = { subProductList: list };
  }
  return response;
}

export function createOffersService(options: OffersServiceOptions) {
  const { store, credit, now, publicUrl } = options;
  const ttl = options.catalogueTtlMs ?? DEFAULT_CATALOGUE_TTL_MS;
  const standingTtl = options.standingTtlMs ?? DEFAULT_STANDING_TTL_MS;
  let cached: { day: string; at: number; catalogue: Promise<Catalogue> } | undefined;
  const standings = new Map<string, { at: number; value: Promise<Standing> }>();

  /**
   * The catalogue valid today (Indian calendar day), kept for `ttl`, with every offer already
   * worked out at its own amount and tenure: that part is the same for every customer, so the
   * KFS maths runs once per catalogue read, not per request. A failed read is not kept.
   */
  function catalogue(): Promise<Catalogue> {
    const at = now();
    const day = istDay(at)!;
    if (cached && cached.day === day && at - cached.at < ttl) return cached.catalogue;
    const loading = store.activeCatalogue(day).then((rows) => {
      // Validated here, once per read: the routes then send these offers without checking each
      // answer again (routes.ts). A row that does not make a valid offer is left out and reported.
      const offers = new Map<string, Offer>();
      for (const entry of rows) {
        const checked = offerSchema.safeParse(toOffer(publicUrl, entry));
        if (checked.success) offers.set(entry.offerId, checked.data);
        else options.onInvalidOffer?.(entry.offerId, checked.error.issues[0]?.message ?? 'invalid');
      }
      return { entries: rows.filter((entry) => offers.has(entry.offerId)), offers };
    });
    const entry = { day, at, catalogue: loading };
    cached = entry;
    loading.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return loading;
  }

  /** The customer's best standing over the latest pull of each bureau, and the profile of that pull. */
  async function readStanding(customerId: string): Promise<Standing> {
    const pulls = await credit.latestPerBureau(customerId);
    const standing = bestStanding(pulls);
    if (standing.kind !== 'SCORE') return { standing, profile: profileFromReport(null) };
    // The report of the bureau that gave the best band (the first such by bureau order on a tie).
    const best = pulls
      .filter((pull) => pull.scoreState === 'SCORE' && pull.scoreBand === standing.band)
      .sort((a, b) => bureauPriority(a.bureau as Bureau) - bureauPriority(b.bureau as Bureau))[0]!;
    const latest = await credit.latest(customerId, best.bureau as Bureau);
    return { standing, profile: profileFromReport(latest?.report) };
  }

  /**
   * readStanding, kept for `standingTtl` per customer: one page view asks pco/offers, the
   * personalisation fetch and the pre-approved GET together, and pulls change monthly. Bounded:
   * past MAX_CACHED_STANDINGS the oldest entry goes. A failed read is not kept.
   */
  function standingOf(customerId: string): Promise<Standing> {
    const at = now();
    const hit = standings.get(customerId);
    if (hit && at - hit.at < standingTtl && at >= hit.at) return hit.value;
    const value = readStanding(customerId);
    standings.delete(customerId);
    if (standings.size >= MAX_CACHED_STANDINGS) standings.delete(standings.keys().next().value!);
    const entry = { at, value };
    standings.set(customerId, entry);
    value.catch(() => {
      if (standings.get(customerId) === entry) standings.delete(customerId);
    });
    return value;
  }

  /** The catalogue entries the customer is pre-approved for, by product then rank, with their offers. */
  function preApprovedIn(
    { entries, offers }: Catalogue,
    { standing, profile }: Standing,
    product?: OfferProduct,
  ): { entry: CatalogueEntry; offer: Offer }[] {
    const candidates = product === undefined ? entries : entries.filter((entry) => entry.product === product);
    return byProductOrder(offerRules(standing, profile, candidates)).map((entry) => ({
      entry,
      offer: offers.get(entry.offerId)!,
    }));
  }

  async function preApproved(
    customerId: string,
    product?: OfferProduct,
  ): Promise<{ entry: CatalogueEntry; offer: Offer }[]> {
    const [read, standing] = await Promise.all([catalogue(), standingOf(customerId)]);
    return preApprovedIn(read, standing, product);
  }

  async function offers(customerId: string, product?: OfferProduct): Promise<Offer[]> {
    return (await preApproved(customerId, product)).map(({ offer }) => offer);
  }

  /**
   * The keyed answer of a catalogue read and a standing, per product filter: one object for as long
   * as both are kept (30 s and 10 s), so the routes can send the JSON they wrote for it the first
   * time (routes.ts) instead of writing 15 KB again for every request of a page view. Held weakly:
   * it goes with the catalogue read or the standing it was worked out from.
   */
  const responses = new WeakMap<Catalogue, WeakMap<Standing, Map<string, OfferResponse>>>();
  function offerResponseOf(read: Catalogue, standing: Standing, product: OfferProduct | undefined): OfferResponse {
    let byStanding = responses.get(read);
    if (!byStanding) responses.set(read, (byStanding = new WeakMap()));
    let byProduct = byStanding.get(standing);
    if (!byProduct) byStanding.set(standing, (byProduct = new Map<string, OfferResponse>()));
    const key = product ?? '';
    let response = byProduct.get(key);
    if (!response) {
      response = toOfferResponse(preApprovedIn(read, standing, product).map(({ offer }) => offer));
      byProduct.set(key, response);
    }
    return response;
  }

  return {
    /** Pre-approved GET, pco/offers and BSP v2 getOffers: the spec 000 §3 answer, keyed by product. */
    async offerResponse(customerId: string, product?: string): Promise<OfferResponse> {
      const filter = parseProductFilter(product);
      const [read, standing] = await Promise.all([catalogue(), standingOf(customerId)]);
      return offerResponseOf(read, standing, filter);
    },

    /** spec 000 §4 personalisation fetch: what the nudge stores (the tile's offers and the count). */
    async personalization(customerId: string): Promise<PersonalizationResponse> {
      const all = await offers(customerId);
      const response = toOfferResponse(all);
      return {
        totalOffers: all.length,
        offers: toOfferResponse(flattenOffers(response).slice(0, MAX_OFFERS_PER_TILE)),
        generatedAt: new Date(now()).toISOString(),
      };
    },

    /** BSP v3 offers: the offers page. */
    async offersPage(customerId: string): Promise<OffersPageResponse> {
      const all = await offers(customerId);
      return { hasPreApprovedOffers: all.length > 0, totalOffers: all.length, offers: toOfferResponse(all) };
    },

    /** BSP offer/fetchQuotes: each pre-approved offer of one product, quoted for the amount and tenure asked. */
    async fetchQuotes(customerId: string, query: FetchQuotesQuery): Promise<FetchQuotesResponse> {
      const product = parseProductFilter(query.product);
      if (product === undefined) throw new PraveshError('required', { list: 'product' });
      const chosen = await preApproved(customerId, product);
      return {
        product,
        quotes: chosen.map(({ entry }) => {
          const offer = toOffer(publicUrl, entry, query.amount, query.tenureMonths);
          return {
            offer,
            amount: offer.kfs?.sanctionedAmount ?? null,
            tenureMonths: offer.kfs?.tenureMonths ?? null,
          };
        }),
      };
    },

    /**
     * The offer `offerId` when this customer may apply to it today (pre-approved by the rules,
     * still valid), else undefined: for the leads service (PCO/applyOffer, partner/quoteApply).
     * An unknown offer and another customer's offer look the same, so nothing leaks.
     */
    async findOfferForCustomer(customerId: string, offerId: string): Promise<PreApprovedOffer | undefined> {
      const found = (await preApproved(customerId)).find(({ entry }) => entry.offerId === offerId);
      return found && { offer: found.offer, lenderId: found.entry.lender.id, applyUrl: found.entry.applyUrl };
    },

    /** Catalogue rows for the served images (images.ts); undefined when there is no such lender/offer. */
    async imageSubject(kind: 'partners' | 'render', id: string): Promise<CatalogueEntry | undefined> {
      const { entries } = await catalogue();
      return entries.find((entry) => (kind === 'partners' ? entry.lender.id === id : entry.offerId === id));
    },
  };
}

export type OffersService = ReturnType<typeof createOffersService>;

/** What the offers service is built from: a part of ModuleDeps (typed here, so config/deps.ts may import this file). */
export interface OffersDeps {
  readonly db: Database;
  readonly now: () => number;
  readonly config: Pick<AppConfig, 'publicUrl'>;
  readonly log?: { warn(details: object, message: string): void };
  /** The change counters the credit reads are kept under (credit/store.ts latestPerBureau). */
  readonly generations?: Generations;
}

/**
 * The offers service built from the module dependencies, for the offers module and for another
 * module that needs the lookup, so neither builds offer or credit stores itself.
 */
export function offersServiceFor(deps: OffersDeps): OffersService {
  return createOffersService({
    store: createOffersStore(deps.db),
    credit: createCreditStore(deps.db, { generations: deps.generations }),
    now: deps.now,
    publicUrl: deps.config.publicUrl,
    onInvalidOffer: (offerId, problem) =>
      deps.log?.warn({ offerId, problem }, 'catalogue offer left out: not a valid offer'),
  });
}
