import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../config/deps.ts';
import { startTicker } from '../../lib/ticker.ts';
import { aggregatorRoutes } from './routes.ts';
import { aggregatorServiceFor } from './service-for.ts';

export { aggregatorConsentsDataRightsPart, aggregatorDataRightsPart } from './data-rights.ts';

/**
 * Account aggregator: the OVI paths of spec 001 §7 over the aggregator provider.
 * Besides the customer's polls, a ticker moves due fetch jobs on every workerIntervalMs (0: off, as
 * tests run it by polling), so a fetch a restart interrupted resumes without waiting for a poll.
 * The statement PDF (`fi/transaction`, spec 001 §5 and §7) is drawn by statement-pdf.ts; "View
 * Insights" sums with core's aggregator/insights.ts. bench/aggregator.ts measures the transactions
 * page at 10,000 rows and the statement's drawing time.
 */
export const aggregatorModule: FastifyPluginAsync<ModuleDeps> = (app, deps) => {
  const service = aggregatorServiceFor(deps);
  aggregatorRoutes(app, { service, customerAuth: deps.customerAuth });
  startTicker(app, {
    intervalMs: deps.config.aggregator.workerIntervalMs,
    name: 'aggregator jobs',
    log: deps.log,
    run: () => service.advance(),
  });
  return Promise.resolve();
};
export { AGGREGATOR_CUSTOMER_PATHS, AGGREGATOR_ROUTE_ERRORS } from './openapi.ts';
