import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  HOLDINGS_ROUTES,
  envelopeSchema,
  errorEnvelopeSchema,
  mutualFundStatusSchema,
  ok,
  ondcLoansResponseSchema,
  policyDetailsResponseSchema,
} from '@pravesh/core';
import type { CustomerAuth } from '../../auth/customer-auth.ts';
import type { HoldingsService } from './service.ts';

export interface HoldingsRouteDeps {
  service: HoldingsService;
  customerAuth: CustomerAuth;
}

/**
 * spec 001 §7 myAccount/getMutualFundStatus, wpsp/policyDetails and ondc/loans. Each
 * answers for the customer of the access token (pb-access-token or the pass token's sso strategy)
 * and nobody else: no query or body names a customer, so one customer cannot read another's
 * holdings. Answers carry personal data and are never cached.
 */
export function holdingsRoutes(app: FastifyInstance, { service, customerAuth }: HoldingsRouteDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = customerAuth.signedIn();
  const read = <Answer extends z.ZodType>(
    path: string,
    summary: string,
    description: string,
    response: Answer,
    answer: (customerId: string) => Promise<z.infer<Answer>>,
  ) =>
    typed.get(
      path,
      {
        preHandler: signedIn,
        schema: {
          summary,
          description: `GET (method not shown in the spec); needs the access token. ${description}`,
          tags: ['holdings'],
          response: { 200: envelopeSchema(response), '4xx': errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const { customerId } = request.customer;
        void reply.header('cache-control', 'no-store');
        return ok(await answer(customerId));
      },
    );

  read(
    HOLDINGS_ROUTES.getMutualFundStatus,
    "The customer's mutual fund folios and SIPs (spec 001 §7 myAccount/getMutualFundStatus)",
    'Account slice userMutualFundStatus: INVESTED with the folios (value = units × NAV, folio numbers masked), ' +
      'their totals and the next SIP debit, or NOT_INVESTED with no folios.',
    mutualFundStatusSchema,
    (customerId) => service.mutualFundStatus(customerId),
  );
  read(
    HOLDINGS_ROUTES.policyDetails,
    "The customer's wallet protection policy (spec 001 §7 wpsp/policyDetails)",
    'Account slice walletProtectionData: the latest policy with its cover, renewal date and standing ' +
      '(ACTIVE, RENEWAL_DUE within 30 days of the end, EXPIRED), policy number masked; policy null when none.',
    policyDetailsResponseSchema,
    (customerId) => service.policyDetails(customerId),
  );
  read(
    HOLDINGS_ROUTES.ondcLoans,
    'Loans disbursed to the customer through ONDC (spec 001 §7 ondc/loans)',
    'Account slice ONDCDisbursedLeads: each loan with its lender, amount, rate, EMI and where it stands on ' +
      'its repayment schedule (EMIs paid, next EMI, principal outstanding), loan account masked; newest first. ' +
      'With the spec 001 §9 "ONDC eligible" switch off (PRAVESH_ONDC_ELIGIBLE=0) it answers ondcNotEligible.',
    ondcLoansResponseSchema,
    (customerId) => service.ondcLoans(customerId),
  );
}
