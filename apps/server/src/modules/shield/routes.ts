import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PraveshError,
  ROUTES,
  SITE_IDS,
  envelopeSchema,
  errorEnvelopeSchema,
  findSite,
  ok,
  shieldConfigSchema,
} from '@pravesh/core';
import type { SiteRegistry } from '../../lib/site-registry.ts';

export function shieldRoutes(app: FastifyInstance, registry: SiteRegistry, now: () => number = Date.now): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    ROUTES.shieldConfig,
    {
      // The SDK needs this config to sign its first token, so it is the one service route
      // without a pass token.
      config: { shield: false },
      schema: {
        summary: 'Shield config for a site (spec 000 §3 "Shield config")',
        tags: ['shield'],
        params: z.object({ siteId: z.string().max(16) }),
        response: { 200: envelopeSchema(shieldConfigSchema), '4xx': errorEnvelopeSchema },
      },
    },
    async (request) => {
      const site = findSite(request.params.siteId);
      if (!site) throw new PraveshError('invalidSiteId', { id: request.params.siteId, valid: SITE_IDS.join(', ') });
      // serverTime lets the SDK sign on this clock, not the browser's.
      return ok({ ...(await registry.shieldConfig(site.id)), serverTime: now() });
    },
  );
}
