import * as maintenance from './maintenance.ts';
import * as storage from './storage-part.ts';

/**
 * The parts of the visitor layer that a page runs only on occasion, loaded when first needed:
 * shared storage (the page reads or stores activity) and the maintenance (a purge or a merge is
 * due). Here they are bundled in, which is what tests and the ES module build (for bundlers, which
 * split as they like) get; the script-tag build (packages/sdk/build.ts, VISITOR_PARTS) makes each
 * a script of its own beside dist/pravesh-visitor.js and adds it with a script tag
 * (part-loader.ts), so the visitor script's first load carries only what every page runs: the
 * record, the visit chain, tracking data and the hub client.
 */
export const loadStorage = (): Promise<typeof storage> => Promise.resolve(storage);
export const loadMaintenance = (): Promise<typeof maintenance> => Promise.resolve(maintenance);
