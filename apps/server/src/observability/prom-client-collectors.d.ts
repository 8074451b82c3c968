// prom-client's default process metrics, one module each (observability/process-metrics.ts): each
// registers its metrics on the registry it is given, read at scrape time. The package has no types for them.
declare module 'prom-client/lib/metrics/*.js' {
  import type { Registry } from 'prom-client';
  const collect: (registry: Registry, config: object) => void;
  export default collect;
}
