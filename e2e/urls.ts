/** Where scripts/start.ts serves the API and the demo sites (DEMO_ORIGINS in apps/server/src/config). */
export const API_URL = 'http://localhost:4000';
export const DEMO_SITE_A = 'http://localhost:4100';
export const DEMO_SITE_B = 'http://localhost:4101';
export const PRODUCE_EVENT_PATH = '/MSP/api/v1/pbguc/event/produce';
