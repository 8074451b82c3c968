/**
 * Routes the visit-ingestion child server adds. Kept apart from visit-server.ts, whose import
 * starts a server: the parent process only needs the paths.
 */
export const RAW_VISIT_PATH = '/MSP/api/v1/bench/visit-raw';
export const VISIT_COUNT_PATH = '/bench/visits/count';
/** Shielded, same body, no validation and no database: the box's ceiling for this request. */
export const NOOP_VISIT_PATH = '/MSP/api/v1/bench/visit-noop';
