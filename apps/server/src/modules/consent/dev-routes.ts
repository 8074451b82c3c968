import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PraveshError, contractIdSchema, envelopeSchema, errorEnvelopeSchema, ok } from '@pravesh/core';
import type { ConsentStore } from './store.ts';
import { forgetPublishedVersion } from './version-cache.ts';

export const CONSENT_DEV_PUBLISH_PATH = '/dev/consent/publish';

/**
 * POST /dev/consent/publish {contractId, markup, publishedBy?}: `npm run contract -- publish` for a
 * server that holds an embedded (PGlite) database, which no second process may open. Registered in
 * the local environment only; elsewhere operators publish with the command on PostgreSQL.
 */
export function consentDevRoutes(
  app: FastifyInstance,
  store: ConsentStore,
  now: () => number,
  /** Tells this instance's version cache at once (others see it within its TTL). */
  onPublished: (contractId: string) => void = forgetPublishedVersion,
): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    CONSENT_DEV_PUBLISH_PATH,
    {
      schema: {
        hide: true,
        body: z.object({
          contractId: contractIdSchema,
          markup: z
            .string()
            .max(256 * 1024)
            .refine((value) => value.trim() !== '' && !value.includes('\u0000'), 'must be non-empty text'),
          publishedBy: z.string().min(1).max(100).optional(),
        }),
        response: {
          200: envelopeSchema(
            z.object({ contractId: z.string(), contractVersionId: z.string(), publishedAt: z.string() }),
          ),
          '4xx': errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { contractId, markup, publishedBy } = request.body;
      if (!(await store.contract(contractId))) throw new PraveshError('contractNotFound');
      const version = await store.publish(contractId, markup, publishedBy ?? 'dev-route', new Date(now()));
      onPublished(contractId);
      return ok({
        contractId,
        contractVersionId: String(version.version),
        publishedAt: version.publishedAt.toISOString(),
      });
    },
  );
}
