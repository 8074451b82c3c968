import { PraveshError } from '@pravesh/core';
import type { Pravesh } from '../client.ts';
import { createScriptLoader } from '../script-loader.ts';
import type { Consent, ConsentConfig, ConsentOptions } from './consent.ts';
import { CONSENT_GLOBAL, CONSENT_SCRIPT } from './constants.ts';
import type * as ConsentEntry from './index.ts';

/**
 * Loads the consent client on demand, as the sign-on client is loaded: a script of its own
 * (dist/pravesh-consent.js, global `PraveshConsent`) beside the core script, added once. Only
 * this loader (and two names) is in the core script.
 */
export type ConsentModule = typeof ConsentEntry;

const ownScript =
  typeof document !== 'undefined' && document.currentScript instanceof HTMLScriptElement
    ? document.currentScript.src
    : undefined;

export const loadConsentModule = createScriptLoader(
  () => (globalThis as Record<string, unknown>)[CONSENT_GLOBAL] as ConsentModule | undefined,
);

export interface LoadConsentOptions extends ConsentOptions {
  /** The consent script; default pravesh-consent.js beside this script. */
  src?: string;
}

/** Loads the consent script and creates the client: `await Pravesh.loadConsent(pravesh, config)`. */
export async function loadConsent(
  pravesh: Pravesh,
  config: ConsentConfig,
  options: LoadConsentOptions = {},
): Promise<Consent> {
  let src = options.src;
  if (!src && ownScript) src = new URL(CONSENT_SCRIPT, ownScript).href;
  if (!src) throw new PraveshError('required', { list: 'src' });
  const module = await loadConsentModule(src, options.nonce);
  const { src: _src, ...consentOptions } = options;
  // The panel's scripts sit beside the consent script.
  return module.createConsent(pravesh, config, { scriptBase: src, ...consentOptions });
}
