/**
 * What the leads module needs from the offer catalogue: the offer a customer may
 * apply to. The offers module owns the catalogue and the pre-approval rules and answers this with
 * `findOfferForCustomer` (modules/offers/service.ts); the shape below is the part of its offer the
 * lead keeps a copy of, so its own offer type fits without an adapter.
 */
export interface AppliableOffer {
  readonly offerId: string;
  /** Product code: PL, CC, HL, BL, LAP … */
  readonly productType: string;
  readonly productName: string;
  readonly imageUrl: { readonly partnerImage: string };
  readonly lender: { readonly id: string; readonly name: string };
  /**
   * The partner's apply page for this offer, from the catalogue; the lead's reference is added to
   * it. Absent: the configured continue URL of the lender (config/partners.ts).
   */
  readonly applyUrl?: string | undefined;
}

export interface OfferLookup {
  /**
   * The offer when it exists and is pre-approved for this customer now; null otherwise (unknown
   * offer, another customer's offer, expired): the apply answers the same refusal for all.
   */
  findOfferForCustomer(customerId: string, offerId: string): Promise<AppliableOffer | null>;
}
