import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { deepActiveElement, tabbables } from './focus.ts';

/**
 * What makes an element modal (WAI-ARIA dialog pattern), shared by Modal (modal while mounted)
 * and BottomSheet (modal only while open, a plain region while it peeks): focus moves in, Tab
 * stays in, Esc asks to close (top-most first), focus goes back where it came from, and optionally
 * everything outside is made inert.
 */
export interface ModalFocusOptions {
  /** Whether the element is modal now; the behaviour starts and stops with it. */
  active: boolean;
  /** The dialog element. */
  container: RefObject<HTMLElement | null>;
  /** Focused on activation; default the first control that is not the close button, else the container. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Esc was pressed while this was the top-most modal. */
  onEscape: () => void;
  /** Everything outside this element (through shadow roots) is inert while active. */
  inertOutside?: RefObject<HTMLElement | null>;
  /** Where focus goes on deactivation when the element it came from is gone, hidden or inert. */
  fallbackFocus?: () => HTMLElement | null | undefined;
}

/** The modal elements, newest last: Esc closes only the top one. */
const stack: object[] = [];

/** Not worth making inert (not rendered), or must stay perceivable (live regions announce toasts). */
const LEAVE_ALONE = new Set(['SCRIPT', 'STYLE', 'LINK', 'TEMPLATE', 'HEAD', 'META', 'TITLE', 'NOSCRIPT']);

/**
 * Makes every sibling of `element` and of each of its ancestors inert, climbing out of shadow
 * roots into their hosts, so a modal inside a widget's shadow root also silences the host page.
 * Elements already inert are left as they are. Returns the undo.
 */
export function makeOutsideInert(element: Element): () => void {
  const changed: Element[] = [];
  let node: Element = element;
  for (;;) {
    const parent = node.parentNode;
    if (!parent || parent.nodeType === Node.DOCUMENT_NODE) break;
    for (const sibling of Array.from((parent as Element | ShadowRoot).children)) {
      if (sibling === node || LEAVE_ALONE.has(sibling.tagName)) continue;
      if (sibling.hasAttribute('inert') || sibling.hasAttribute('aria-live')) continue;
      sibling.setAttribute('inert', '');
      changed.push(sibling);
    }
    node = parent.nodeType === Node.DOCUMENT_FRAGMENT_NODE ? (parent as ShadowRoot).host : (parent as Element);
    if (!node) break;
  }
  return () => {
    for (const sibling of changed) sibling.removeAttribute('inert');
  };
}

function canTakeFocus(element: HTMLElement | undefined): element is HTMLElement {
  return Boolean(element?.isConnected && !element.closest('[hidden],[inert],[aria-hidden="true"]'));
}

/** Applies the modal behaviour; returns the keydown handler that keeps Tab inside the container. */
export function useModalFocus({
  active,
  container,
  initialFocus,
  onEscape,
  inertOutside,
  fallbackFocus,
}: ModalFocusOptions): (event: KeyboardEvent<HTMLElement>) => void {
  const latest = useRef({ onEscape, fallbackFocus });
  latest.current = { onEscape, fallbackFocus };
  // Where focus was before activation, read during the render that activates, before anything
  // inside takes focus (an autoFocus control focuses before this component's effects run).
  const opener = useRef<HTMLElement | undefined>(undefined);
  const wasActive = useRef(false);
  if (active && !wasActive.current && typeof document !== 'undefined') opener.current = deepActiveElement(document);
  wasActive.current = active;

  useLayoutEffect(() => {
    const element = container.current;
    if (!active || !element) return;
    const root = element.getRootNode() as Document | ShadowRoot;
    const inside = deepActiveElement(root);
    // A control inside took focus itself (autoFocus); the opener may sit inside too (a sheet's toggle).
    if (inside && element.contains(inside) && inside !== opener.current) return;
    const target =
      initialFocus?.current ?? tabbables(element).find((el) => !el.dataset.pvClose && !el.dataset.pvToggle) ?? element;
    target.focus({ preventScroll: true });
  }, [active]);

  useEffect(() => {
    if (!active) return;
    const token = {};
    stack.push(token);
    const doc = container.current?.ownerDocument ?? document;
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key !== 'Escape' || stack[stack.length - 1] !== token) return;
      event.preventDefault();
      event.stopPropagation();
      latest.current.onEscape();
    }
    doc.addEventListener('keydown', onKeyDown, true);
    const outside = inertOutside?.current;
    const restoreOutside = outside ? makeOutsideInert(outside) : undefined;
    return () => {
      doc.removeEventListener('keydown', onKeyDown, true);
      stack.splice(stack.indexOf(token), 1);
      restoreOutside?.();
      // Only when focus is still ours to give back (inside, or lost to the body).
      const element = container.current;
      const now = deepActiveElement(doc);
      if (now && element?.isConnected && !element.contains(now)) return;
      const back = canTakeFocus(opener.current) ? opener.current : (latest.current.fallbackFocus?.() ?? undefined);
      back?.focus({ preventScroll: true });
    };
  }, [active]);

  return (event) => {
    const element = container.current;
    if (!active || event.key !== 'Tab' || !element) return;
    const focusable = tabbables(element);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      element.focus();
      return;
    }
    const current = deepActiveElement(element.getRootNode() as Document | ShadowRoot);
    const inside = current !== undefined && element.contains(current);
    if (event.shiftKey && (current === first || !inside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (current === last || !inside)) {
      event.preventDefault();
      first.focus();
    }
  };
}
