import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DATA_RIGHTS_ROUTES,
  accountDeletionResponseSchema,
  dataExportDownloadQuerySchema,
  dataExportFileSchema,
  dataExportResponseSchema,
  dataRightsBodySchema,
  envelopeResponses,
  ok,
} from '@pravesh/core';
import type { AccessTokenClaims } from '../../auth/access-tokens.ts';
import type { CustomerAuth } from '../../auth/customer-auth.ts';
import type { DataRightsService } from './service.ts';

/**
 * DPDP Act 2023 §11 (a copy of what is held) and §12 (erasure) in My Account. Every call answers
 * for the access token's customer only; no body or query names a customer.
 */
export function dataRightsRoutes(
  app: FastifyInstance,
  deps: { service: DataRightsService; customerAuth: CustomerAuth; fallbackSiteId: number },
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { service, customerAuth, fallbackSiteId } = deps;
  const tags = ['my-account'];

  // Every answer is one customer's own: signed in, and never cached.
  const signedIn = customerAuth.signedIn({ noStore: true });
  const siteOf = (claims: AccessTokenClaims) => claims.siteId ?? fallbackSiteId;

  typed.get(
    DATA_RIGHTS_ROUTES.dataExport,
    {
      preHandler: signedIn,
      schema: {
        summary: 'The signed-in customer’s latest data export and its progress',
        description:
          'DPDP Act 2023 §11. While READY, downloadPath is a signed link of a few minutes; fetch it with the ' +
          'same access token. The file is deleted 7 days after it was built.',
        tags,
        response: envelopeResponses(dataExportResponseSchema),
      },
    },
    async (request) => {
      const claims = request.customer;
      return ok(await service.exportStatus(claims.customerId));
    },
  );

  typed.post(
    DATA_RIGHTS_ROUTES.dataExport,
    {
      preHandler: signedIn,
      schema: {
        summary: 'Start a data export (built in the background)',
        description:
          'DPDP Act 2023 §11: everything held about the customer as JSON. Answers the open export when one is ' +
          'being built, so a retry starts nothing new. Recorded in the consent ledger.',
        tags,
        body: dataRightsBodySchema,
        response: envelopeResponses(dataExportResponseSchema),
      },
    },
    async (request) => {
      const claims = request.customer;
      const answer = await service.requestExport(claims.customerId, siteOf(claims));
      kick();
      return ok(answer);
    },
  );

  typed.get(
    DATA_RIGHTS_ROUTES.dataExportDownload,
    {
      preHandler: signedIn,
      schema: {
        summary: 'Download a finished data export (owner only, signed link)',
        description:
          'The gzipped JSON file, base64 in the envelope. Needs both the link (which expires within minutes) ' +
          'and the owner’s access token; another customer’s token is answered dataExportNotFound.',
        tags,
        querystring: dataExportDownloadQuerySchema,
        response: envelopeResponses(dataExportFileSchema),
      },
    },
    async (request) => {
      const claims = request.customer;
      return ok(await service.download(claims.customerId, request.query.link));
    },
  );

  typed.get(
    DATA_RIGHTS_ROUTES.accountDeletion,
    {
      preHandler: signedIn,
      schema: {
        summary: 'The signed-in customer’s account deletion request, and what deletion erases and keeps',
        description: 'DPDP Act 2023 §12. kept lists the records a law requires us to keep after erasure.',
        tags,
        response: envelopeResponses(accountDeletionResponseSchema),
      },
    },
    async (request) => {
      const claims = request.customer;
      return ok(await service.deletionStatus(claims.customerId));
    },
  );

  typed.post(
    DATA_RIGHTS_ROUTES.accountDeletion,
    {
      preHandler: signedIn,
      schema: {
        summary: 'Ask for the account to be deleted after the cooling-off period',
        description:
          'DPDP Act 2023 §12. The erasure runs when the cooling-off period (PRAVESH_DELETION_COOLING_OFF_DAYS) ' +
          'ends unless cancelled first. Asking again answers the scheduled request. Recorded in the consent ledger.',
        tags,
        body: dataRightsBodySchema,
        response: envelopeResponses(accountDeletionResponseSchema),
      },
    },
    async (request) => {
      const claims = request.customer;
      return ok(await service.requestDeletion(claims.customerId, siteOf(claims)));
    },
  );

  typed.post(
    DATA_RIGHTS_ROUTES.accountDeletionCancel,
    {
      preHandler: signedIn,
      schema: {
        summary: 'Cancel a scheduled account deletion',
        description: 'Only during the cooling-off period; accountDeletionNotScheduled otherwise.',
        tags,
        body: dataRightsBodySchema,
        response: envelopeResponses(accountDeletionResponseSchema),
      },
    },
    async (request) => {
      const claims = request.customer;
      return ok(await service.cancelDeletion(claims.customerId, siteOf(claims)));
    },
  );

  /** The export starts building at once on this instance; the ticker of any instance would also take it. */
  function kick(): void {
    setImmediate(() => {
      service.runJobs().catch((error: unknown) => {
        app.log.warn({ err: error instanceof Error ? error.message : 'error' }, 'data-rights jobs');
      });
    });
  }
}
