/**
 * Paths that both the server and the SDK name (spec 000 §7). Fastify route patterns use `:param`;
 * the helpers build concrete paths.
 */
export const ROUTES = {
  shieldConfig: '/MSP/api/v1/shield/config/:siteId',
  produceEvent: '/MSP/api/v1/pbguc/event/produce',
} as const;

export function shieldConfigPath(siteId: number | string): string {
  return ROUTES.shieldConfig.replace(':siteId', encodeURIComponent(String(siteId)));
}
