import { PraveshError } from '@pravesh/core';
import type { Pravesh } from './client.ts';
import { getDevicePayload } from './device.ts';
import { createScriptLoader } from './script-loader.ts';
import type { VisitorLayer, VisitorLayerOptions } from './visitor-layer.ts';
import type * as Visitor from './visitor.ts';

/**
 * Loads the visitor layer on demand. It is a script of its own (dist/pravesh-visitor.js, global
 * `PraveshVisitor`) so the core script stays small; this loader, in the core script, adds the
 * script tag once, then builds the layer with the core's device fingerprint and the worker scripts
 * that sit beside it.
 */
export type VisitorModule = typeof Visitor;

const GLOBAL_NAME = 'PraveshVisitor';

/** Where this script came from (only knowable while a classic script runs): its siblings are beside it. */
const ownScript =
  typeof document !== 'undefined' && document.currentScript instanceof HTMLScriptElement
    ? document.currentScript.src
    : undefined;

function loaded(): VisitorModule | undefined {
  return (globalThis as Record<string, unknown>)[GLOBAL_NAME] as VisitorModule | undefined;
}

/** Adds the visitor script once (concurrent calls share the load); a failed load can be tried again. */
export const loadVisitorModule = createScriptLoader(loaded);

export interface LoadVisitorLayerOptions extends VisitorLayerOptions {
  /** The visitor script; default pravesh-visitor.js beside this script. */
  src?: string;
  /** A CSP nonce for the script tag. */
  nonce?: string;
}

function sibling(file: string, base: string | undefined): string | undefined {
  if (!base) return undefined;
  try {
    return new URL(file, base).href;
  } catch {
    return undefined;
  }
}

export async function loadVisitorLayer(pravesh: Pravesh, options: LoadVisitorLayerOptions): Promise<VisitorLayer> {
  const src = options.src ?? sibling('pravesh-visitor.js', ownScript);
  if (!src) throw new PraveshError('required', { list: 'src' });
  // The visitor cookie keys come with the shield config, unless a test overrides them.
  const overridden = (options.cookieKeys?.length ?? 0) > 0 || options.cookieKey !== undefined;
  const [module] = await Promise.all([loadVisitorModule(src, options.nonce), overridden ? undefined : pravesh.init()]);
  const workers = {
    purge: options.workers?.purge ?? sibling('pravesh-purge-worker.js', src),
    sync: options.workers?.sync ?? sibling('pravesh-sync-worker.js', src),
  };
  return module.createVisitorLayer(pravesh, {
    ...options,
    deviceId: options.deviceId ?? (() => getDevicePayload().then((payload) => payload.hash)),
    workers,
  });
}
