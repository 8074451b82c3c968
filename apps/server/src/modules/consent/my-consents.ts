import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SELF_SERVICE_ROUTES,
  envelopeSchema,
  errorEnvelopeSchema,
  findSite,
  siteLabel,
  myConsentsResponseSchema,
  ok,
  type MyConsent,
} from '@pravesh/core';
import type { CustomerAuth } from '../../auth/customer-auth.ts';
import { statusOf, subjectOf } from './service.ts';
import type { ConsentStore, LedgerRow } from './store.ts';

/**
 * The consent-revocation screen's list (spec 001 §2 consent-revocation): every
 * contract the access token's customer has accepted, as the ledger has it now — the version, when
 * it was given, on which site, and whether it has since been withdrawn. Read from the ledger only;
 * withdrawing is POST puckar/withdraw, which appends a new entry and never changes one.
 */
export async function myConsents(store: ConsentStore, customerId: string): Promise<MyConsent[]> {
  const rows = await store.subjectEntries(subjectOf(customerId, ''));
  const byContract = new Map<string, { latest: LedgerRow; given: LedgerRow | undefined }>();
  for (const row of rows) {
    const seen = byContract.get(row.contractId);
    const given = row.action === 'respond' && row.userValue === 'Y' ? row : seen?.given;
    byContract.set(row.contractId, { latest: row, given });
  }
  const consents: MyConsent[] = [];
  for (const [contractId, { latest, given }] of byContract) {
    // A contract only ever declined was never a consent to withdraw.
    if (!given) continue;
    const status = statusOf(latest);
    const contract = await store.contract(contractId);
    const site = findSite(given.siteId);
    consents.push({
      contractId,
      title: contract?.title ?? contractId,
      contractVersionId: String(given.contractVersion),
      status: status === 'none' ? 'declined' : status,
      givenAt: given.recordedAt.toISOString(),
      withdrawnAt: latest.action === 'withdraw' ? latest.recordedAt.toISOString() : null,
      siteId: given.siteId,
      siteName: site ? siteLabel(site) : null,
    });
  }
  // Newest consent first: the one the customer most likely looks for.
  return consents.sort((a, b) => (b.givenAt ?? '').localeCompare(a.givenAt ?? ''));
}

export function myConsentRoutes(app: FastifyInstance, deps: { store: ConsentStore; customerAuth: CustomerAuth }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    SELF_SERVICE_ROUTES.consents,
    {
      preHandler: deps.customerAuth.signedIn(),
      schema: {
        summary: 'The signed-in customer’s consents, to review and withdraw (spec 001 §2 consent-revocation)',
        description:
          'Every contract the access token’s customer accepted: title, version, given at, site, and status ' +
          '(accepted, declined or withdrawn). Withdraw with POST /MSP/api/v1/puckar/withdraw (a new ledger ' +
          'entry); the consent panel asks again afterwards. Needs the access token.',
        tags: ['consent'],
        response: { 200: envelopeSchema(myConsentsResponseSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return ok({ consents: await myConsents(deps.store, request.customer.customerId) });
    },
  );
}
