import { devCallerIdPath } from '@pravesh/core';
import type { CallerIdProvider } from './types.ts';

/**
 * The local stand-in for the identity app: its "app" is the dev page /dev/caller-id/{nonce}
 * (served by the caller-id module outside production), where a person approves with a mobile
 * number or rejects.
 */
export function createCallerIdSimulator(publicUrl: string): CallerIdProvider {
  return {
    name: 'simulator',
    appUrl: (request) => `${publicUrl}${devCallerIdPath(request.requestNonce)}`,
  };
}
