import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ConsentState } from '@pravesh/core';
import type { ConsentPanelResult } from '@pravesh/sdk';
import { useFinishOnce } from '../shared/use-finish-once.ts';
import { sanitizeContract } from './sanitize.ts';

export interface ConsentPanelProps {
  /** The contract markup as the server sent it; sanitised here before it is shown. */
  markup: string;
  /** Records the acceptance; a rejection keeps the panel open with its error area shown. */
  onAccept: (consentState: ConsentState) => Promise<void>;
  /** Called once, when the panel must close. */
  onFinish: (result: ConsentPanelResult) => void;
  /** The window whose keys are heard (the embedding page's). */
  view: Window;
  /**
   * The error area's text: the catalogue's consentPanelError ("Some Error occured!"), which the
   * consent client passes in so this script need not carry the whole catalogue.
   */
  errorText: string;
}

/**
 * Shown when the server sent no markup for the contract. It does not say "updated": the panel
 * cannot tell a first version from a new one, and a customer seeing the terms for the first time
 * must not be told they changed. A contract's own markup says what changed.
 */
export const UPDATED_TERMS_FALLBACK =
  'Please read and accept our Terms of Use, Privacy Policy and Credit Report Terms to continue.';

/** The terms region's accessible name (neutral for a first version and an update alike). */
export const TERMS_REGION_LABEL = 'Terms and conditions';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The element focused inside the panel's shadow root (or the page), looking through shadow roots. */
function activeIn(root: Node): Element | null {
  const holder = root.getRootNode() as Document | ShadowRoot;
  return holder.activeElement;
}

/**
 * The consent panel of spec 000 §2 and §4: "Welcome!", the terms (the contract markup,
 * sanitised), a full-width Accept that shows a spinner while the consent is recorded, a visible
 * Decline beside the close button (declining must be as easy to find as accepting: DPDP Act 2023
 * §6(4)), a dimmed overlay and a hidden error area. A modal dialog: focus moves in, Tab and
 * Shift+Tab stay inside, Esc closes (as the close button: a cancel, userValue N); a click on the
 * overlay dismisses it without consent.
 */
export function ConsentPanel({ markup, onAccept, onFinish, view, errorText }: ConsentPanelProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const terms = useRef<HTMLDivElement>(null);
  const acceptButton = useRef<HTMLButtonElement>(null);
  const busyRef = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const titleId = useId();
  const termsId = useId();
  const errorId = useId();

  const [finish, finished] = useFinishOnce<ConsentPanelResult>(onFinish);

  const decline = useCallback(
    (consentState: ConsentState) => {
      // While the acceptance is being recorded its answer decides; a cancel now would contradict it.
      if (busyRef.current) return;
      finish({ action: 'declined', consentState });
    },
    [finish],
  );

  // The contract goes in as sanitised nodes, never as a markup string.
  useEffect(() => {
    const element = terms.current;
    if (!element) return;
    const trimmed = markup.trim();
    if (trimmed === '') element.textContent = UPDATED_TERMS_FALLBACK;
    else element.replaceChildren(sanitizeContract(trimmed, element.ownerDocument));
  }, [markup]);

  // Focus moves in at once: to Accept, the action the panel is for.
  useEffect(() => {
    acceptButton.current?.focus({ preventScroll: true });
  }, []);

  // Esc closes wherever focus is (spec: "Esc closes"), before the page's own handlers see it.
  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      decline(2);
    }
    view.document.addEventListener('keydown', onKeyDown, true);
    return () => view.document.removeEventListener('keydown', onKeyDown, true);
  }, [view, decline]);

  /** Tab and Shift+Tab cycle through the panel's own controls only. */
  function trapFocus(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = Array.from(dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (element) => !element.hidden && element.getAttribute('aria-hidden') !== 'true',
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = activeIn(dialog.current);
    const inside = active instanceof Node && dialog.current.contains(active);
    if (event.shiftKey && (active === first || !inside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !inside)) {
      event.preventDefault();
      first.focus();
    }
  }

  async function accept(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busyRef.current || finished.current) return;
    // spec 000 §4: a confirm from a click, a submit or Enter is consentState 1.
    const consentState: ConsentState = 1;
    busyRef.current = true;
    setBusy(true);
    setFailed(false);
    try {
      await onAccept(consentState);
      finish({ action: 'accepted', consentState });
    } catch {
      setFailed(true);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  return (
    <>
      <div className="overlay" data-testid="consent-overlay" onClick={() => finish({ action: 'dismissed' })} />
      <div
        ref={dialog}
        className="panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={termsId}
        tabIndex={-1}
        onKeyDown={trapFocus}
      >
        <h2 id={titleId} className="title">
          Welcome!
        </h2>
        <button type="button" className="close" aria-label="Close" onClick={() => decline(1)}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
        <div
          ref={terms}
          id={termsId}
          className="terms"
          role="region"
          aria-label={TERMS_REGION_LABEL}
          tabIndex={0}
          data-testid="consent-terms"
        />
        <p id={errorId} className="error" role="alert" hidden={!failed}>
          {failed ? errorText : null}
        </p>
        <form className="form" onSubmit={(event) => void accept(event)}>
          <button
            ref={acceptButton}
            type="submit"
            className="pv-button pv-button--primary pv-button--block accept"
            aria-disabled={busy}
            aria-describedby={failed ? errorId : undefined}
          >
            {busy ? <span className="spinner" aria-hidden="true" data-testid="consent-spinner" /> : null}
            <span>Accept</span>
            {busy ? <span className="visually-hidden">, recording your consent</span> : null}
          </button>
          <button
            type="button"
            className="pv-button pv-button--ghost pv-button--block decline"
            aria-disabled={busy || undefined}
            onClick={() => decline(1)}
          >
            Decline
          </button>
        </form>
      </div>
    </>
  );
}
