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
import type { ModuleDeps } from '../../config/deps.ts';
import { createCreditStore, type CreditStore } from '../credit/store.ts';
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
}

/** 30 s: a new or withdrawn offer shows within half a minute; a busy nudge reads the table twice a minute. */
const DEFAULT_CATALOGUE_TTL_MS = 30_000;

/** The product filter of a read: undefined for all; productNotAllowed (spec 000 §8 text) otherwise. */
export function parseProductFilter(product: string | undefined): OfferProduct | undefined {
  if (product === undefined || product === '') return undefined;
  if ((OFFER_PRODUCTS as readonly string[]).includes(product)) return product as OfferProduct;
  throw new PraveshError('productNotAllowed', {
    product: product.slice(0, 16),
    valid: OFFER_PRODUCTS.join(', '),
  });
}

function imageUrls(publicUrl: string, entry: CatalogueEntry): Offer['imageUrl'] {
  const base = `${publicUrl}${OFFER_IMAGE_PREFIX}`;
  return {
    partnerImage: `${base}partners/${encodeURIComponent(entry.lender.id)}.svg`,
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
  let cached: { day: string; at: number; entries: Promise<CatalogueEntry[]> } | undefined;

  /** The catalogue valid today (Indian calendar day), kept for `ttl`; a failed read is not kept. */
  function catalogue(): Promise<CatalogueEntry[]> {
    const at = now();
    const day = istDay(at)!;
    if (cached && cached.day === day && at - cached.at < ttl) return cached.entries;
    const entries = store.activeCatalogue(day);
    const entry = { day, at, entries };
    cached = entry;
    entries.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return entries;
  }

  /** The customer's best standing over the latest pull of each bureau, and the profile of that pull. */
  async function standingOf(customerId: string): Promise<{ standing: CreditStanding; profile: CreditProfile }> {
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

  /** The catalogue entries the customer is pre-approved for, by product then rank. */
  async function preApprovedEntries(customerId: string, product?: OfferProduct): Promise<CatalogueEntry[]> {
    const [entries, { standing, profile }] = await Promise.all([catalogue(), standingOf(customerId)]);
    const candidates = product === undefined ? entries : entries.filter((entry) => entry.product === product);
    return byProductOrder(offerRules(standing, profile, candidates));
  }

  async function offers(customerId: string, product?: OfferProduct): Promise<Offer[]> {
    return (await preApprovedEntries(customerId, product)).map((entry) => toOffer(publicUrl, entry));
  }

  return {
    /** Pre-approved GET, pco/offers and BSP v2 getOffers: the spec 000 §3 answer, keyed by product. */
    async offerResponse(customerId: string, product?: string): Promise<OfferResponse> {
      return toOfferResponse(await offers(customerId, parseProductFilter(product)));
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
      const entries = await preApprovedEntries(customerId, product);
      return {
        product,
        quotes: entries.map((entry) => {
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
      const entry = (await preApprovedEntries(customerId)).find((candidate) => candidate.offerId === offerId);
      return entry && { offer: toOffer(publicUrl, entry), lenderId: entry.lender.id, applyUrl: entry.applyUrl };
    },

    /** Catalogue rows for the served images (images.ts); undefined when there is no such lender/offer. */
    async imageSubject(kind: 'partners' | 'render', id: string): Promise<CatalogueEntry | undefined> {
      const entries = await catalogue();
      return entries.find((entry) => (kind === 'partners' ? entry.lender.id === id : entry.offerId === id));
    },
  };
}

export type OffersService = ReturnType<typeof createOffersService>;

/**
 * The offers service built from the module dependencies, for another module that needs the
 * lookup (the leads module: `offersServiceFor(deps).findOfferForCustomer(customerId, offerId)`),
 * so it never builds offer or credit stores itself.
 */
export function offersServiceFor(deps: Pick<ModuleDeps, 'db' | 'now' | 'config'>): OffersService {
  return createOffersService({
    store: createOffersStore(deps.db),
    credit: createCreditStore(deps.db),
    now: deps.now,
    publicUrl: deps.config.publicUrl,
  });
}
