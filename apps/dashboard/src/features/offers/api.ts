import { LEAD_ROUTES } from '@pravesh/core/leads/routes.ts';
import type { ApplyOfferResponse } from '@pravesh/core/leads/schemas.ts';
import { OFFER_ROUTES } from '@pravesh/core/offers/routes.ts';
import type { OfferResponse, PersonalizationResponse } from '@pravesh/core/offers/schemas.ts';
import { api } from '../../app/api.ts';
import { LEADS_TAG } from '../leads/index.ts';

/**
 * The offer calls of the dashboard (spec 001 §3 offer slice, §7), all through the one HTTP helper
 * (lib/http.ts), which owns the retry counts of spec 001 §7: getOffers 1, quoteApply 1 (it keys
 * them by the path's last segment), none for the personalisation fetch.
 *
 * - preApprovedOffers: BSP v2 offer/getOffers, keyed by product (spec 000 §3).
 * - personalizedOffers: MSP pco/personalization (spec 000 §4), the count and the top offers the
 *   offers banner speaks of ("You have {n} Exclusive Offers", spec 000 §2).
 * - quoteApply: BSP partner/quoteApply, the dashboard's apply (spec 001 §7); the lead it makes
 *   shows in "Your applications" because it invalidates the leads list.
 */
export const OFFERS_TAG = 'Offers';

export const offersApi = api.enhanceEndpoints({ addTagTypes: [OFFERS_TAG, LEADS_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    preApprovedOffers: build.query<OfferResponse, void>({
      query: () => ({ method: 'GET', path: OFFER_ROUTES.getOffers }),
      providesTags: [OFFERS_TAG],
    }),
    personalizedOffers: build.query<PersonalizationResponse, void>({
      query: () => ({ method: 'GET', path: OFFER_ROUTES.personalization }),
      providesTags: [OFFERS_TAG],
    }),
    quoteApply: build.mutation<ApplyOfferResponse, { offerId: string; visitId?: string | undefined }>({
      query: ({ offerId, visitId }) => ({
        method: 'POST',
        path: LEAD_ROUTES.quoteApply,
        body: visitId ? { offerId, visitId } : { offerId },
      }),
      invalidatesTags: [LEADS_TAG],
    }),
  }),
});

export const { usePreApprovedOffersQuery, usePersonalizedOffersQuery, useQuoteApplyMutation } = offersApi;
