import { useRef, type PointerEvent } from 'react';
import { Modal, type ModalProps } from './modal.tsx';

export interface BottomSheetProps extends Omit<ModalProps, 'variant' | 'header' | 'dialogRef'> {
  /** Shows a handle that closes the sheet when dragged down (default true). */
  dragHandle?: boolean;
}

/** How far down (px) a drag must go to close the sheet. */
export const SHEET_DRAG_CLOSE_PX = 96;

/**
 * A bottom sheet for phones: the Modal's dialog semantics (aria-modal, focus trap, Esc, focus
 * returned) laid out along the bottom edge. The drag handle is for pointers only (hidden from
 * assistive technology): keyboard and screen-reader users close it with Esc or the close button.
 */
export function BottomSheet({ dragHandle = true, className, ...modal }: BottomSheetProps) {
  const sheet = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startY: number; pointerId: number } | undefined>(undefined);

  const move = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId || !sheet.current) return;
    const distance = Math.max(0, event.clientY - start.startY);
    sheet.current.style.transform = `translateY(${distance}px)`;
  };
  const end = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    drag.current = undefined;
    if (sheet.current) sheet.current.style.transform = '';
    if (event.clientY - start.startY >= SHEET_DRAG_CLOSE_PX) modal.onClose('drag');
  };

  const handle = dragHandle ? (
    <div
      className="pv-sheet-handle"
      aria-hidden="true"
      data-testid="pv-sheet-handle"
      onPointerDown={(event) => {
        drag.current = { startY: event.clientY, pointerId: event.pointerId };
        event.currentTarget.setPointerCapture?.(event.pointerId);
      }}
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={end}
    />
  ) : null;

  return <Modal {...modal} className={className} variant="sheet" header={handle} dialogRef={sheet} />;
}
