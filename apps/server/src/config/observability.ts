import { ConfigError } from './shared.ts';

/**
 * Metrics (Prometheus text, prom-client), for loadConfig():
 *
 * - PRAVESH_METRICS_PORT   A port of its own for GET /metrics (a scraper reaches it, browsers and
 *                          the public never do): off when unset. docs/operations.md has the names.
 * - PRAVESH_METRICS_HOST   Where that port listens; 127.0.0.1 by default (a sidecar or node agent
 *                          scrapes it), 0.0.0.0 inside a container.
 * - PRAVESH_METRICS_TOKEN  Alternatively (or also), /metrics on the API's own port for a caller with
 *                          `Authorization: Bearer <token>`; at least 32 characters. Off when unset.
 */
export interface MetricsConfig {
  readonly port: number | undefined;
  readonly host: string;
  readonly token: string | undefined;
}

type Env = Record<string, string | undefined>;

export function loadMetricsConfig(env: Env): MetricsConfig {
  const rawPort = env.PRAVESH_METRICS_PORT?.trim();
  let port: number | undefined;
  if (rawPort) {
    port = Number(rawPort);
    if (!Number.isInteger(port) || port < 1 || port > 65_535) {
      throw new ConfigError(`PRAVESH_METRICS_PORT "${rawPort}" is not a port number`);
    }
  }
  const token = env.PRAVESH_METRICS_TOKEN?.trim() || undefined;
  if (token !== undefined && token.length < 32) {
    throw new ConfigError('PRAVESH_METRICS_TOKEN is shorter than 32 characters');
  }
  return { port, host: env.PRAVESH_METRICS_HOST?.trim() || '127.0.0.1', token };
}
