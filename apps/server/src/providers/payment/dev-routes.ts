import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, errorEnvelopeSchema, ok } from '@pravesh/core';
import type { PaymentSimulator } from './simulator.ts';
import { PAYMENT_OUTCOMES, type PaymentProvider } from './types.ts';

export const PAYMENT_DEV_OUTCOME_PATH = '/dev/payment/outcome';

/** The gateway when it is the local simulator (its name and its controls), else undefined. */
export function paymentSimulatorOf(provider: PaymentProvider | undefined): PaymentSimulator | undefined {
  const candidate = provider as Partial<PaymentSimulator> | undefined;
  return candidate?.name === 'simulator' && typeof candidate.queueOutcomes === 'function'
    ? (candidate as PaymentSimulator)
    : undefined;
}

/**
 * POST /dev/payment/outcome {outcome: success|failure|pending, count?}: the next `count` (default 1)
 * payments confirmed by the local simulator answer `outcome`, then it answers its configured
 * outcome (PRAVESH_PAYMENT_SIM_OUTCOME) again — what a real gateway's test checkout offers, so a
 * demo or an end-to-end test can show a declined or pending payment without restarting the server.
 * Registered only in the local environment (config.devRoutes) and only over the simulator.
 */
export function paymentDevRoutes(app: FastifyInstance, simulator: PaymentSimulator): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    PAYMENT_DEV_OUTCOME_PATH,
    {
      schema: {
        hide: true,
        body: z.strictObject({
          outcome: z.enum(PAYMENT_OUTCOMES),
          count: z.number().int().min(1).max(20).optional(),
        }),
        response: {
          200: envelopeSchema(z.object({ outcome: z.enum(PAYMENT_OUTCOMES), count: z.number().int() })),
          '4xx': errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { outcome, count = 1 } = request.body;
      await simulator.queueOutcomes(...Array.from({ length: count }, () => outcome));
      return ok({ outcome, count });
    },
  );
}
