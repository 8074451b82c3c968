import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Modal, type ModalProps } from '@pravesh/ui';
import './modal-rules.css';

/**
 * spec 001 §2 modal rules: "While a modal is shown, page scroll is locked. Offers, credit score,
 * banners, the consent container, the action container, the logo container and the sidebar are
 * blurred and not clickable. On screens of 820px or less the sidebar stays usable."
 *
 * Implemented once here: every dashboard dialog is a `Dialog` (below), which locks the page while
 * it is mounted. The named containers are found by these selectors; a feature that adds a banner
 * or a consent/action container marks it `data-ma-blur` and is covered without touching this file.
 */
export const BLUR_TARGETS = [
  '#offers',
  '#credit-score',
  '.ma-brand-link',
  '.ma-header-account',
  '[data-ma-blur]',
] as const;

/** The sidebar (and, at ≤820px, the header's menu panel that stands in for it). */
export const SIDEBAR_TARGETS = ['.ma-sidebar', '.ma-menu-panel'] as const;

/** spec 001 §2: "On screens of 820px or less the sidebar stays usable." */
export const SIDEBAR_USABLE_QUERY = '(max-width: 820px)';

/** Marks what this file made inert, so only that is given back. */
const BLURRED = 'data-ma-blurred';
export const MODAL_OPEN_CLASS = 'ma-modal-open';

let openModals = 0;
let restore: (() => void) | undefined;

function apply(doc: Document, sidebarUsable: boolean): () => void {
  const selectors = sidebarUsable ? BLUR_TARGETS : [...BLUR_TARGETS, ...SIDEBAR_TARGETS];
  const changed: Element[] = [];
  for (const element of Array.from(doc.querySelectorAll(selectors.join(',')))) {
    // Already inert (another rule's) or already ours through a nested match: left as it is.
    if (element.hasAttribute('inert') || element.closest(`[${BLURRED}]`)) continue;
    element.setAttribute('inert', '');
    element.setAttribute(BLURRED, '');
    changed.push(element);
  }
  const root = doc.documentElement;
  // The scrollbar's width is kept as padding so the page does not shift sideways when it goes.
  const gap = (doc.defaultView?.innerWidth ?? 0) - root.clientWidth;
  const previousPadding = root.style.paddingRight;
  if (gap > 0) root.style.paddingRight = `${gap}px`;
  root.classList.add(MODAL_OPEN_CLASS);
  return () => {
    for (const element of changed) {
      element.removeAttribute('inert');
      element.removeAttribute(BLURRED);
    }
    root.classList.remove(MODAL_OPEN_CLASS);
    root.style.paddingRight = previousPadding;
  };
}

/**
 * Locks the page for one modal; answers the unlock. Counted: with two modals open (a dialog over a
 * dialog) the page is given back only when the last one closes.
 */
export function lockPageForModal(doc: Document = document): () => void {
  openModals += 1;
  if (openModals === 1) {
    const sidebarUsable = doc.defaultView?.matchMedia?.(SIDEBAR_USABLE_QUERY).matches ?? false;
    restore = apply(doc, sidebarUsable);
  }
  let done = false;
  return () => {
    if (done) return;
    done = true;
    openModals -= 1;
    if (openModals === 0) {
      restore?.();
      restore = undefined;
    }
  };
}

/** The modal rules for as long as `active` is true. */
export function useModalRules(active: boolean): void {
  useEffect(() => (active ? lockPageForModal() : undefined), [active]);
}

/**
 * The dashboard's dialog: @pravesh/ui Modal, rendered at the end of <body> (so blurring and
 * inerting the section that opened it never reaches the dialog itself) with the modal rules on.
 */
export function Dialog(props: ModalProps & { children?: ReactNode }) {
  useModalRules(true);
  return createPortal(
    <div className="ma-dialog-host">
      <Modal {...props} />
    </div>,
    document.body,
  );
}
