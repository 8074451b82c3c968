import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { cx } from './class-names.ts';
import { useModalFocus } from './modal-focus.ts';

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
}

/** The close button's cross (BottomSheet draws the same one). */
export function CloseIcon() {
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
}: ModalProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const trapFocus = useModalFocus({
    active: true,
    container: dialog,
    initialFocus,
    onEscape: () => onCloseRef.current('escape'),
  });

  return (
    <>
      <div
        className="pv-overlay"
        data-testid="pv-overlay"
        onClick={closeOnOverlay ? () => onCloseRef.current('overlay') : undefined}
      />
      <div
        ref={dialog}
        className={cx('pv-dialog', className)}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={trapFocus}
      >
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
