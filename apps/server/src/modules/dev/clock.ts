import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, errorEnvelopeSchema, ok } from '@pravesh/core';
import type { DevClock } from '../../lib/dev-clock.ts';

export const DEV_CLOCK_PATH = '/dev/clock';

const clockSchema = z.object({ now: z.number().int() });

/**
 * GET /dev/clock answers the server's time in milliseconds; POST /dev/clock {advanceSeconds} moves it
 * forward (lib/dev-clock.ts). Registered only over a dev clock, which only `local` has.
 */
export function devClockRoutes(app: FastifyInstance, clock: DevClock): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(DEV_CLOCK_PATH, { schema: { hide: true, response: { 200: envelopeSchema(clockSchema) } } }, () =>
    ok({ now: Math.floor(clock.now()) }),
  );
  typed.post(
    DEV_CLOCK_PATH,
    {
      schema: {
        hide: true,
        body: z.strictObject({ advanceSeconds: z.number().int().min(1).max(3600) }),
        response: { 200: envelopeSchema(clockSchema), '4xx': errorEnvelopeSchema },
      },
    },
    (request) => ok({ now: Math.floor(clock.advance(request.body.advanceSeconds * 1000)) }),
  );
}
