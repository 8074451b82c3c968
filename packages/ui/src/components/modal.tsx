import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { cx } from './class-names.ts';
import { deepActiveElement, tabbables } from './focus.ts';

export type ModalCloseReason = 'escape' | 'close-button' | 'overlay' | 'drag';

export interface ModalProps {
  /** The dialog's accessible name (aria-labelledby points at it). */
  title: ReactNode;
  /** Read with the name (aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons along the bottom (a primary action last). */
  actions?: ReactNode;
  /** The dialog asks to close (Esc, the close button, a click on the overlay); the caller unmounts it. */
  onClose: (reason: ModalCloseReason) => void;
  /** The close button's accessible name; `null` shows no close button. */
  closeLabel?: string | null;
  /** A click on the overlay closes the dialog (default true). */
  closeOnOverlay?: boolean;
  /** Focused on open; default the first control in the body, else the dialog itself. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** alertdialog for confirmations that interrupt (a withdrawal, a deletion). */
  role?: 'dialog' | 'alertdialog';
  className?: string;
  /** @internal BottomSheet's layout and handle. */
  variant?: 'dialog' | 'sheet';
  /** @internal BottomSheet's drag handle, rendered first. */
  header?: ReactNode;
  dialogRef?: RefObject<HTMLDivElement | null>;
}

/** The open modals, newest last: Esc closes only the top one. */
const stack: object[] = [];

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * A modal dialog (WAI-ARIA dialog pattern): role=dialog with aria-modal, named by its title; focus
 * moves in on open, Tab and Shift+Tab stay inside, Esc closes the top-most modal wherever focus is,
 * and focus goes back where it was when the dialog closes. Rendered in place (no portal), so it
 * works inside a widget's shadow root with that root's stylesheet; position: fixed takes it out
 * of the flow. Pages should make the rest of the page inert while it is open.
 */
export function Modal({
  title,
  description,
  children,
  actions,
  onClose,
  closeLabel = 'Close',
  closeOnOverlay = true,
  initialFocus,
  role = 'dialog',
  className,
  variant = 'dialog',
  header,
  dialogRef,
}: ModalProps) {
  const ownRef = useRef<HTMLDivElement>(null);
  const dialog = dialogRef ?? ownRef;
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // Where focus was before the dialog rendered (taken during render, before anything inside takes focus).
  const [previousFocus] = useState(() => (typeof document === 'undefined' ? undefined : deepActiveElement(document)));

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const root = element.getRootNode() as Document | ShadowRoot;
    const inside = deepActiveElement(root);
    if (inside && element.contains(inside)) return; // A control inside took focus itself (autoFocus).
    const target = initialFocus?.current ?? tabbables(element).find((el) => !el.dataset.pvClose) ?? element;
    target.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    const token = {};
    stack.push(token);
    const doc = dialog.current?.ownerDocument ?? document;
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key !== 'Escape' || stack[stack.length - 1] !== token) return;
      event.preventDefault();
      event.stopPropagation();
      onCloseRef.current('escape');
    }
    doc.addEventListener('keydown', onKeyDown, true);
    return () => {
      doc.removeEventListener('keydown', onKeyDown, true);
      stack.splice(stack.indexOf(token), 1);
      if (previousFocus?.isConnected) previousFocus.focus({ preventScroll: true });
    };
  }, []);

  function trapFocus(event: KeyboardEvent<HTMLDivElement>) {
    const element = dialog.current;
    if (event.key !== 'Tab' || !element) return;
    const focusable = tabbables(element);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      element.focus();
      return;
    }
    const active = deepActiveElement(element.getRootNode() as Document | ShadowRoot);
    const inside = active !== undefined && element.contains(active);
    if (event.shiftKey && (active === first || !inside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !inside)) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <>
      <div
        className="pv-overlay"
        data-testid="pv-overlay"
        onClick={closeOnOverlay ? () => onCloseRef.current('overlay') : undefined}
      />
      <div
        ref={dialog}
        className={cx('pv-dialog', variant === 'sheet' && 'pv-sheet', className)}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={trapFocus}
      >
        {header}
        <h2 className="pv-dialog-title" id={titleId}>
          {title}
        </h2>
        {closeLabel === null ? null : (
          <button
            type="button"
            className="pv-dialog-close"
            aria-label={closeLabel}
            data-pv-close="true"
            onClick={() => onCloseRef.current('close-button')}
          >
            <CloseIcon />
          </button>
        )}
        {description ? (
          <div className="pv-dialog-description" id={descriptionId}>
            {description}
          </div>
        ) : null}
        {children}
        {actions ? <div className="pv-dialog-actions">{actions}</div> : null}
      </div>
    </>
  );
}
