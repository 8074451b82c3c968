import { PraveshError } from '@pravesh/core';
import type { Pravesh } from '../client.ts';
import { createScriptLoader } from '../script-loader.ts';
import type * as SignOnEntry from './index.ts';
import type { SignOn, SignOnOptions } from './sign-on.ts';

/**
 * Loads the sign-on client on demand, the way the visitor layer is loaded: it is a script of its
 * own (dist/pravesh-sso.js, global `PraveshSso`) beside the core script, added once.
 */
export type SignOnModule = typeof SignOnEntry;

const GLOBAL_NAME = 'PraveshSso';
export const SIGN_ON_SCRIPT = 'pravesh-sso.js';

const ownScript =
  typeof document !== 'undefined' && document.currentScript instanceof HTMLScriptElement
    ? document.currentScript.src
    : undefined;

function loaded(): SignOnModule | undefined {
  return (globalThis as Record<string, unknown>)[GLOBAL_NAME] as SignOnModule | undefined;
}

export const loadSignOnModule = createScriptLoader(loaded);

export interface LoadSignOnOptions extends SignOnOptions {
  /** The sign-on script; default pravesh-sso.js beside this script. */
  src?: string;
}

/** Loads the sign-on script and creates the client: `await Pravesh.loadSignOn(pravesh, config)`. */
export async function loadSignOn(pravesh: Pravesh, config: unknown, options: LoadSignOnOptions = {}): Promise<SignOn> {
  let src = options.src;
  if (!src && ownScript) src = new URL(SIGN_ON_SCRIPT, ownScript).href;
  if (!src) throw new PraveshError('required', { list: 'src' });
  const module = await loadSignOnModule(src, options.nonce);
  const { src: _src, ...signOnOptions } = options;
  return module.createSignOn(pravesh, config, signOnOptions);
}
