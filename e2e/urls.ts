/** Where scripts/start.ts serves the API and the demo sites (DEMO_ORIGINS in apps/server/src/config). */
export const API_URL = 'http://localhost:4000';
/**
 * A second API instance of the same server process, on the same database and clock, with spec 001
 * §9's "ONDC eligible" switch off (PRAVESH_ONDC_ELIGIBLE=0; e2e/web-server.ts, scripts/start.ts --also):
 * My Account as an environment without ONDC draws it. Sessions carry over (one cookie jar for localhost).
 */
export const ONDC_OFF_API_URL = 'http://localhost:4103';
export const DEMO_SITE_A = 'http://localhost:4100';
export const DEMO_SITE_B = 'http://localhost:4101';
export const PRODUCE_EVENT_PATH = '/MSP/api/v1/pbguc/event/produce';
/**
 * A blank page e2e/web-server.ts serves, which the hub lets get but not set (PRAVESH_HUB_PERMISSIONS).
 * On localhost, so the hub frame is same-site with it and has its storage.
 */
export const READ_ONLY_HUB_ORIGIN = 'http://localhost:4102';
