import { describe, expect, it } from 'vitest';
import { applyOfferBodySchema, partnerLeadStatusBodySchema, quoteApplyBodySchema } from './schemas.ts';

describe('apply payloads (spec 000 §3 "Apply-offer")', () => {
  const body = { mobileNo: '9876543210', payload: { visitId: 'visit-1' }, offerId: 'PL-HDFC-01' };

  it('takes the spec fields and refuses what is missing or malformed', () => {
    expect(applyOfferBodySchema.parse(body)).toEqual(body);
    expect(applyOfferBodySchema.safeParse({ ...body, payload: {} }).success).toBe(false);
    expect(applyOfferBodySchema.safeParse({ ...body, mobileNo: '12345' }).success).toBe(false);
    expect(applyOfferBodySchema.safeParse({ ...body, offerId: '' }).success).toBe(false);
    expect(applyOfferBodySchema.safeParse({ ...body, offerId: 'a b' }).success).toBe(false);
  });

  it('lets the dashboard apply without a mobile number', () => {
    expect(quoteApplyBodySchema.parse({ offerId: 'CC-AXIS-02' })).toEqual({ offerId: 'CC-AXIS-02' });
    expect(quoteApplyBodySchema.safeParse({ offerId: 'CC-AXIS-02', mobileNo: '555' }).success).toBe(false);
  });

  it('takes a partner status only with its own word beside ours', () => {
    const reference = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
    expect(
      partnerLeadStatusBodySchema.safeParse({ reference, status: 'SUBMITTED', partnerStatus: 'DOC_PENDING' }).success,
    ).toBe(true);
    expect(partnerLeadStatusBodySchema.safeParse({ reference, status: 'SUBMITTED', partnerStatus: '' }).success).toBe(
      false,
    );
    expect(partnerLeadStatusBodySchema.safeParse({ reference, status: 'APPROVED', partnerStatus: 'X' }).success).toBe(
      false,
    );
  });
});
