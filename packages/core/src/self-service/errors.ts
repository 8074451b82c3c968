import { entry, type CatalogueEntry } from '../errors/entry.ts';

/**
 * Self-service entries for the error catalogue. The spec names no message for
 * these screens (spec 001 §8 has only the generic one); the texts are ours and short.
 */
export const SELF_SERVICE_ERRORS = {
  /** No live session with that id for this customer: one answer, so nothing is learnt from it. */
  deviceNotFound: entry('deviceNotFound', 404, 'Device not found'),
  /** The device list's own session: ending it is logging out (spec 001 §4 Logout), not a revoke. */
  currentDeviceNotRevocable: entry(
    'currentDeviceNotRevocable',
    409,
    'This is your current device. Please log out instead',
  ),
} as const satisfies Record<string, CatalogueEntry>;
