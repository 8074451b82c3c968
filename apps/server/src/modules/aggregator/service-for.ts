import type { ModuleDeps } from '../../config/deps.ts';
import { createCustomerMobileCheck } from './customer-mobile.ts';
import { createAggregatorService } from './service.ts';
import { createAggregatorStore } from './store.ts';

/** The aggregator service over this app's dependencies (the module and its data-rights part share the recipe). */
export function aggregatorServiceFor(deps: ModuleDeps) {
  return createAggregatorService({
    store: createAggregatorStore(deps.db),
    provider: deps.providers.aggregator,
    now: deps.now,
    log: deps.log,
    refreshEnabled: deps.config.aggregator.refreshEnabled,
    statementEnabled: deps.config.aggregator.statementEnabled,
    testBanks: deps.config.environment === 'local',
    isCustomersMobile: createCustomerMobileCheck(deps.db, deps.config),
  });
}
