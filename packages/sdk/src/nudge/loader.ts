import type { RecentActivityOptions } from '@pravesh/core';
import type { Pravesh } from '../client.ts';
import { loadConsent } from '../consent/loader.ts';
import { createScriptLoader } from '../script-loader.ts';
import type { SignOn } from '../sso/sign-on.ts';
import type { VisitorLayer } from '../visitor-layer.ts';
import { NUDGE_GLOBAL, NUDGE_SCRIPT_FILE, NUDGE_WIDGET_SWITCH } from './constants.ts';

/**
 * The nudge loader, the only part of the nudge in the core script. It works the
 * way the best chat widgets' snippets do: loadNudge answers a handle at once; calls made on it
 * before the widget script has arrived are queued and replayed in order once it mounts; and the
 * widget script (React, tiles, modals) is added only after the page's load event or the
 * visitor's first interaction, whichever comes first, so it never competes with the page's own
 * first paint.
 */

/** Where the nudge's links go (spec 000 §2 "Redirect targets"). */
export interface NudgeLinks {
  /** The credit report page (the score tile). */
  creditReport: string;
  /** The offers page ("See More Offers"). */
  offers: string;
  /** The account dashboard (the error modal's "Go to Dashboard"). */
  dashboard: string;
}

/** What the loader hands the widget script's mountNudge. */
export interface NudgeMountContext {
  pravesh: Pravesh;
  signOn: Promise<SignOn | undefined>;
  visitor: Promise<VisitorLayer | undefined>;
  links: NudgeLinks;
  document: Document;
  /** The sites of the "Recent Activity" list (default: the visitor layer's). */
  recentActivity?: RecentActivityOptions | undefined;
  /**
   * Asks the signed-in customer to accept a contract through the consent panel (loadConsent's
   * run()): answers the outcome's status ('accepted', 'alreadyVerified', 'declined', …).
   */
  askConsent?: ((contractId: string) => Promise<string>) | undefined;
  /** Sends the browser to a tile's target or a partner page (default location.assign). */
  navigate?: ((url: string) => void) | undefined;
}

/** What the widget script answers once mounted: the same commands as the handle. */
export interface NudgeWidget {
  open(): void;
  close(): void;
  toggle(): void;
  /** Reads the tiles again (after a sign-in elsewhere on the page, say). */
  refresh(): void;
  destroy(): void;
}

export interface NudgeModule {
  mountNudge(context: NudgeMountContext): Promise<NudgeWidget>;
}

export type NudgeCommand = keyof NudgeWidget;

export interface NudgeHandle extends NudgeWidget {
  /** true once the widget is on the page; false when it is switched off, destroyed or failed to load. */
  readonly ready: Promise<boolean>;
}

export interface LoadNudgeOptions {
  /** The sign-on client (or its promise): signed in → live tiles; signed out → stored tiles. */
  signOn?: SignOn | Promise<SignOn> | undefined;
  /** The visitor layer (or its promise): nudge state, recent activity, the known mobile number. */
  visitor?: VisitorLayer | Promise<VisitorLayer> | undefined;
  links?: Partial<NudgeLinks>;
  recentActivity?: RecentActivityOptions;
  /** The widget switch (spec 000 §6); default NUDGE_WIDGET_SWITCH of the client's environment. */
  enabled?: boolean;
  /** The widget script; default widgets/pravesh-nudge.js beside this script. */
  src?: string;
  nonce?: string;
  /** The page to watch and render on; default the global window. */
  window?: Window;
}

/** Interactions that load the widget at once (passive, removed after the first). */
const FIRST_INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const;

const ownScript =
  typeof document !== 'undefined' && document.currentScript instanceof HTMLScriptElement
    ? document.currentScript.src
    : undefined;

export const loadNudgeModule = createScriptLoader(() => {
  const module = (globalThis as Record<string, unknown>)[NUDGE_GLOBAL] as NudgeModule | undefined;
  return typeof module?.mountNudge === 'function' ? module : undefined;
});

/**
 * Calls `start` once: after the load event (at once, in the next task, if it has passed) or on
 * the first interaction, whichever is first. Answers a function that cancels the wait.
 */
export function afterLoadOrInteraction(view: Window, start: () => void): () => void {
  let done = false;
  const fire = () => {
    if (done) return;
    done = true;
    cancel();
    start();
  };
  const cancel = () => {
    view.removeEventListener('load', fire);
    for (const type of FIRST_INTERACTIONS) view.removeEventListener(type, fire, true);
  };
  if (view.document.readyState === 'complete') {
    const timer = view.setTimeout(fire, 0);
    return () => {
      done = true;
      view.clearTimeout(timer);
    };
  }
  view.addEventListener('load', fire);
  for (const type of FIRST_INTERACTIONS) view.addEventListener(type, fire, { capture: true, passive: true });
  return () => {
    done = true;
    cancel();
  };
}

function defaultLinks(view: Window, links: Partial<NudgeLinks> = {}): NudgeLinks {
  const origin = view.location.origin;
  return {
    creditReport: links.creditReport ?? `${origin}/credit-report`,
    offers: links.offers ?? `${origin}/offers`,
    dashboard: links.dashboard ?? `${origin}/my-account`,
  };
}

/**
 * Puts the nudge on the page (spec 000 §2 "Nudge widget"): `Pravesh.loadNudge(pravesh, { signOn,
 * visitor })`. Answers at once; commands wait in a queue until the widget has mounted.
 */
export function loadNudge(pravesh: Pravesh, options: LoadNudgeOptions = {}): NudgeHandle {
  const view = options.window ?? window;
  const queue: NudgeCommand[] = [];
  let widget: NudgeWidget | undefined;
  let destroyed = false;
  const enabled = options.enabled ?? NUDGE_WIDGET_SWITCH[pravesh.environment];

  let cancelWait = () => {};
  let settle: (mounted: boolean) => void = () => {};
  const ready = new Promise<boolean>((resolve) => {
    settle = resolve;
    if (!enabled) {
      resolve(false);
      return;
    }
    cancelWait = afterLoadOrInteraction(view, () => {
      const src = options.src ?? (ownScript ? new URL(NUDGE_SCRIPT_FILE, ownScript).href : undefined);
      if (!src) {
        resolve(false);
        return;
      }
      loadNudgeModule(src, options.nonce)
        .then((module) =>
          module.mountNudge({
            pravesh,
            signOn: Promise.resolve(options.signOn).catch(() => undefined),
            visitor: Promise.resolve(options.visitor).catch(() => undefined),
            links: defaultLinks(view, options.links),
            document: view.document,
            recentActivity: options.recentActivity,
            askConsent: async (contractId: string) => {
              const [signOn, visitor] = await Promise.all([options.signOn, options.visitor]);
              const consent = await loadConsent(pravesh, { contractId }, { signOn, visitor });
              return (await consent.run()).status;
            },
          }),
        )
        .then((mounted) => {
          if (destroyed) {
            mounted.destroy();
            resolve(false);
            return;
          }
          widget = mounted;
          for (const command of queue.splice(0)) mounted[command]();
          resolve(true);
        })
        .catch(() => resolve(false));
    });
  });

  const send = (command: NudgeCommand) => () => {
    if (destroyed) return;
    if (widget) widget[command]();
    else queue.push(command);
  };
  return {
    ready,
    open: send('open'),
    close: send('close'),
    toggle: send('toggle'),
    refresh: send('refresh'),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      queue.length = 0;
      cancelWait();
      settle(false);
      widget?.destroy();
    },
  };
}
