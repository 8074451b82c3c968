import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type RefObject,
} from 'react';
import { cx } from './class-names.ts';
import { deepActiveElement } from './focus.ts';
import { CloseIcon, type ModalCloseReason } from './modal.tsx';
import { useModalFocus } from './modal-focus.ts';
import { draggedHeight, nextSnap, type DragSample, type SheetSnap, type SnapHeights } from './sheet-gesture.ts';

export type { SheetSnap } from './sheet-gesture.ts';

/** Why a snapping sheet asks to move: a drag or swipe, its toggle button, Esc, the overlay, its close button. */
export type SheetChangeReason = 'drag' | 'toggle' | 'escape' | 'overlay' | 'close-button';

interface SheetContentProps {
  /** The sheet's accessible name: it labels the region (peek) and the dialog (open). */
  title: ReactNode;
  /** Read with the name (aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons along the bottom (a primary action last). */
  actions?: ReactNode;
  /** The close button's accessible name; `null` shows no close button. */
  closeLabel?: string | null;
  /** A click on the overlay asks to close (default true). */
  closeOnOverlay?: boolean;
  /** Focused when the sheet becomes modal; default the first control in the body (modal sheet) or the sheet itself. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** alertdialog for confirmations that interrupt. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

/** A modal sheet (logout widget, consent on phones): open while mounted, like Modal. */
export interface ModalSheetProps extends SheetContentProps {
  snap?: undefined;
  /** Esc, the close button, the overlay, or a swipe down asks to close; the caller unmounts it. */
  onClose: (reason: ModalCloseReason) => void;
  /** Shows the drag handle (default true). */
  dragHandle?: boolean;
}

/** A snapping sheet (the nudge on phones): closed / peek / open, driven by the caller. */
export interface SnapSheetProps extends SheetContentProps {
  /**
   * Where the sheet is: closed (hidden, inert), peek (≈25vh, non-modal region), open (a modal dialog:
   * about 25vh with one element (more if it needs it), else as tall as its content or, full height, 80vh with at most 720px).
   */
  snap: SheetSnap;
  /** The sheet asks to move; set `snap` to follow (or not). */
  onSnapChange: (next: SheetSnap, reason: SheetChangeReason) => void;
  /** What the peek shows (one element, e.g. the score tile and the swipe hint); always interactive. */
  peek?: ReactNode;
  /** The snaps offered (default all three). Esc and the overlay go to peek when offered, else closed. */
  snaps?: readonly SheetSnap[];
  /**
   * Full-height mode (spec 000 §4): the open sheet takes its whole 80vh / 720px and its body scrolls,
   * with a 10vh spacer at the end. 'auto' (default) turns it on when the content is taller than
   * 60% of the viewport; otherwise the open sheet is as tall as its content.
   */
  fullHeight?: boolean | 'auto';
  /**
   * The sheet holds one element (spec 000 §4 "about 25 (one element) or 80 (more) of viewport"):
   * open, it is 25vh tall, or taller to show the element whole (up to 80vh / 720px, past which its
   * body scrolls); it wins over fullHeight.
   */
  oneElement?: boolean;
  /** The toggle button's name in the peek (it expands the sheet). */
  expandLabel?: string;
  /** The toggle button's name when open (it collapses to the peek). */
  collapseLabel?: string;
  /** Takes focus when the sheet closes with focus inside and nowhere better to return to (e.g. the launcher). */
  returnFocus?: RefObject<HTMLElement | null>;
}

export type BottomSheetProps = ModalSheetProps | SnapSheetProps;

const ALL_SNAPS: readonly SheetSnap[] = ['closed', 'peek', 'open'];
const MODAL_SNAPS: readonly SheetSnap[] = ['closed', 'open'];
/** Movement (px) before a touch or pointer is read as a drag or a scroll: smaller is a tap. */
const DECIDE_PX = 4;
/** Spec 000 §4: content taller than this share of the viewport puts the open sheet in full-height mode. */
const FULL_HEIGHT_SHARE = 0.6;
/** Spec 000 §9: the peek shows about 25vh when no peek content says how much. */
const PEEK_SHARE = 0.25;

/**
 * A bottom sheet for phones (≤767px). Two ways to use it:
 *
 * - Modal sheet (`onClose`): open while mounted, with Modal's dialog semantics laid out along the
 *   bottom edge; a swipe down on it closes it.
 * - Snapping sheet (`snap` + `onSnapChange`), spec 000 §4 "Mobile": closed, peek
 *   (a non-modal region whose toggle button has aria-expanded) and open (a modal dialog: focus
 *   moves in and back, Tab stays in, Esc returns to the peek, the page behind is inert).
 *
 * Drags follow the finger with a transform only (no layout shift) and snap on release by the
 * rules in sheet-gesture.ts (more than 20px, or a fast flick). Touches come from Touch Events, so
 * a drag on the scrolling body of the open sheet can hand over to native scrolling; mouse and pen
 * come from Pointer Events. Every gesture has a button or key: the toggle, Esc, the close button.
 * Rendered in place (no portal), so it works inside a widget's shadow root.
 */
export function BottomSheet(props: BottomSheetProps) {
  if (props.snap === undefined) {
    const { onClose, dragHandle = true, ...content } = props;
    return (
      <SheetView
        {...content}
        modalOnly
        dragHandle={dragHandle}
        snap="open"
        snaps={MODAL_SNAPS}
        fullHeight={false}
        onSnapChange={(next, reason) => {
          if (next === 'closed') onClose(reason === 'toggle' ? 'close-button' : reason);
        }}
      />
    );
  }
  return <SheetView {...props} />;
}

interface SheetViewProps extends SnapSheetProps {
  modalOnly?: boolean;
  dragHandle?: boolean;
}

interface Drag {
  samples: DragSample[];
  startX: number;
  /** The input that started it; a touch is followed by Touch Events, the rest by Pointer Events. */
  pointerId: number | 'touch';
  /** Where it started: the header drags always; the body only when its content is not scrolled. */
  fromHeader: boolean;
  state: 'undecided' | 'dragging' | 'abandoned';
  heights?: SnapHeights;
  sheetHeight?: number;
}

function ChevronIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M6 15l6-6 6 6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Whether `target` sits in content scrolled away from its top, between it and `boundary`. */
function scrolledAwayFromTop(target: EventTarget | null, boundary: HTMLElement): boolean {
  for (let node = target as HTMLElement | null; node && node !== boundary; node = node.parentElement) {
    if (node.scrollTop > 0) return true;
  }
  return boundary.scrollTop > 0;
}

function SheetView({
  title,
  description,
  children,
  actions,
  closeLabel = 'Close',
  closeOnOverlay = true,
  initialFocus,
  role = 'dialog',
  className,
  snap,
  onSnapChange,
  peek,
  snaps = ALL_SNAPS,
  fullHeight = 'auto',
  oneElement = false,
  expandLabel = 'Show more',
  collapseLabel = 'Show less',
  returnFocus,
  modalOnly = false,
  dragHandle = true,
}: SheetViewProps) {
  const root = useRef<HTMLDivElement>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const overlay = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const peekSlot = useRef<HTMLDivElement>(null);
  const spacer = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const moreId = useId();
  const [peekPx, setPeekPx] = useState<number | undefined>(undefined);
  const [tall, setTall] = useState(false);
  const peekPxRef = useRef(peekPx);
  peekPxRef.current = peekPx;

  const open = snap === 'open';
  const canPeek = snaps.includes('peek');
  const hasPeekContent = canPeek && peek !== undefined && peek !== null;
  const full = !oneElement && (fullHeight === 'auto' ? tall : fullHeight);
  const collapsed: SheetSnap = canPeek ? 'peek' : 'closed';

  const latest = useRef({ snap, snaps, onSnapChange, collapsed });
  latest.current = { snap, snaps, onSnapChange, collapsed };
  const ask = (next: SheetSnap, reason: SheetChangeReason) => latest.current.onSnapChange(next, reason);

  const trapFocus = useModalFocus({
    active: open,
    container: sheet,
    initialFocus: initialFocus ?? (modalOnly ? undefined : sheet),
    onEscape: () => ask(latest.current.collapsed, 'escape'),
    inertOutside: root,
    fallbackFocus: () => (latest.current.snap === 'peek' ? toggle.current : returnFocus?.current),
  });

  // Hidden from the peek (its close button, or the caller), focus inside would be lost with the
  // sheet: it goes to `returnFocus`. From open, useModalFocus has already given it back.
  const previousSnap = useRef(snap);
  useEffect(() => {
    const before = previousSnap.current;
    previousSnap.current = snap;
    const element = sheet.current;
    if (snap !== 'closed' || before === 'closed' || !element) return;
    const focused = deepActiveElement(element.getRootNode() as Document | ShadowRoot);
    if (!focused || element.contains(focused)) returnFocus?.current?.focus({ preventScroll: true });
  }, [snap]);

  // Measure the peek (header + peek content, so exactly one element shows) and whether the content
  // is tall enough for full-height mode; again whenever the sheet or the viewport changes size.
  useLayoutEffect(() => {
    const element = sheet.current;
    const scroller = body.current;
    if (!element || !scroller) return;
    const measure = () => {
      const viewport = element.ownerDocument.defaultView?.innerHeight ?? 0;
      const slot = peekSlot.current;
      if (slot) {
        const bottom = slot.getBoundingClientRect().bottom - element.getBoundingClientRect().top;
        setPeekPx(Math.round(bottom + 16));
        // The open sheet may drop its peek content (the nudge's swipe hint): it keeps the peek it
        // showed, which a one-element sheet is never shorter than.
      } else if (latest.current.snap !== 'open') setPeekPx(undefined);
      const natural =
        element.offsetHeight - scroller.clientHeight + scroller.scrollHeight - (spacer.current?.offsetHeight ?? 0);
      setTall(natural > viewport * FULL_HEIGHT_SHARE);
    };
    measure();
    const view = element.ownerDocument.defaultView;
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined;
    observer?.observe(element);
    if (peekSlot.current) observer?.observe(peekSlot.current);
    if (scroller.firstElementChild) observer?.observe(scroller.firstElementChild);
    view?.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      view?.removeEventListener('resize', measure);
    };
  }, [hasPeekContent]);

  // Drags: Touch Events for fingers (a touchmove we take over must be cancelled, which React's
  // passive listeners cannot do), Pointer Events for mouse and pen, one set of rules for both.
  useEffect(() => {
    const element = sheet.current;
    const scroller = body.current;
    if (!element || !scroller) return;
    const view = element.ownerDocument.defaultView ?? window;
    const touchEvents = typeof view.TouchEvent === 'function';
    let drag: Drag | undefined;
    let suppressClick = false;

    const measureHeights = (): { heights: SnapHeights; sheetHeight: number } => {
      const sheetHeight = element.offsetHeight;
      // A peek as tall as the whole sheet (one element on a short screen) still lies below open,
      // so a swipe up from it opens the sheet (makes it the modal dialog) instead of doing nothing.
      const peekHeight = Math.min(sheetHeight - 1, peekPxRef.current ?? view.innerHeight * PEEK_SHARE);
      return { heights: { closed: 0, peek: peekHeight, open: sheetHeight }, sheetHeight };
    };

    const begin = (x: number, y: number, time: number, pointerId: Drag['pointerId'], target: EventTarget | null) => {
      const header = element.querySelector('.pv-sheet-header');
      const fromHeader = Boolean(header && target instanceof Node && header.contains(target));
      suppressClick = false;
      drag = { samples: [{ y, time }], startX: x, pointerId, fromHeader, state: 'undecided' };
    };

    /** Decides, once the input has moved a little, whether this is ours to drag. */
    const decide = (current: Drag, x: number, y: number, target: EventTarget | null): void => {
      const dx = x - current.startX;
      const dy = y - current.samples[0]!.y;
      if (Math.max(Math.abs(dx), Math.abs(dy)) < DECIDE_PX) return;
      const isOpen = latest.current.snap === 'open';
      const scrollable = scroller.scrollHeight > scroller.clientHeight + 1;
      const handOver =
        Math.abs(dx) > Math.abs(dy) || // sideways: a carousel or text selection, not us
        (isOpen && !current.fromHeader && (scrolledAwayFromTop(target, scroller) || (dy < 0 && scrollable))); // the content scrolls
      if (handOver) {
        current.state = 'abandoned';
        return;
      }
      current.state = 'dragging';
      Object.assign(current, measureHeights());
      // An attribute React does not own, so a re-render mid-drag cannot drop it.
      element.setAttribute('data-dragging', '');
    };

    const follow = (current: Drag) => {
      const heights = current.heights!;
      const from = latest.current.snap;
      const first = current.samples[0]!;
      const last = current.samples[current.samples.length - 1]!;
      const shown = draggedHeight(heights[from], first.y - last.y, heights.open);
      element.style.transform = `translateY(${current.sheetHeight! - shown}px)`;
      const scrim = overlay.current;
      if (scrim && heights.open > heights.peek) {
        const progress = Math.min(1, Math.max(0, (shown - heights.peek) / (heights.open - heights.peek)));
        scrim.style.opacity = String(progress);
        scrim.style.visibility = 'visible';
      }
    };

    /** Returns whether the move was taken over by the sheet (so the caller cancels its default). */
    const move = (x: number, y: number, time: number, target: EventTarget | null): boolean => {
      const current = drag;
      if (!current || current.state === 'abandoned') return false;
      current.samples.push({ y, time });
      if (current.state === 'undecided') decide(current, x, y, target);
      if (current.state !== 'dragging') return false;
      follow(current);
      return true;
    };

    /** Lets go of the sheet: CSS takes it (with its transition) to whatever snap the class names. */
    const release = () => {
      element.removeAttribute('data-dragging');
      element.style.transform = '';
      overlay.current?.style.removeProperty('opacity');
      overlay.current?.style.removeProperty('visibility');
    };

    /** The last reading, or none when the input was cancelled (the sheet goes back where it was). */
    const end = (last: { x: number; y: number; target: EventTarget | null } | undefined, time: number) => {
      const current = drag;
      drag = undefined;
      if (!current) return;
      if (!last || current.state === 'abandoned') {
        if (current.state === 'dragging') release();
        return;
      }
      current.samples.push({ y: last.y, time });
      // Chromium holds back touchmoves inside its touch slop (≈15px), so a short flick can arrive
      // as touchstart then touchend only: decide on the release itself.
      if (current.state === 'undecided') decide(current, last.x, last.y, last.target);
      if (current.state !== 'dragging') return;
      release();
      // The click a drag ends in arrives in this task; later ones (a key press) are real.
      suppressClick = true;
      view.setTimeout(() => (suppressClick = false), 0);
      const { snap: from, snaps: offered } = latest.current;
      const next = nextSnap({ from, samples: current.samples, heights: current.heights!, snaps: offered });
      if (next !== from) latest.current.onSnapChange(next, 'drag');
    };

    const onTouchStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!touch || event.touches.length > 1) {
        end(undefined, event.timeStamp); // a second finger: a pinch, not a drag
        return;
      }
      begin(touch.clientX, touch.clientY, event.timeStamp, 'touch', event.target);
    };
    const onTouchMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!touch || drag?.pointerId !== 'touch') return;
      const undecided = drag.state === 'undecided';
      const taken = move(touch.clientX, touch.clientY, event.timeStamp, event.target);
      if (taken && event.cancelable) event.preventDefault();
      else if (taken && undecided) end(undefined, event.timeStamp); // the browser already scrolls this touch
    };
    const onTouchEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      if (drag?.pointerId !== 'touch') return;
      end(touch && { x: touch.clientX, y: touch.clientY, target: event.target }, event.timeStamp);
    };

    const onPointerDown = (event: PointerEvent) => {
      if (event.pointerType === 'touch' && touchEvents) return; // Touch Events handle fingers
      if (event.button !== 0) return;
      const header = element.querySelector('.pv-sheet-header');
      const inHeader = header && event.target instanceof Node && header.contains(event.target);
      // Mouse and pen drag from the header, or anywhere while the sheet only peeks: in the open
      // sheet the body keeps text selection and its scrollbar.
      if (!inHeader && latest.current.snap === 'open') return;
      begin(event.clientX, event.clientY, event.timeStamp, event.pointerId, event.target);
    };
    const onPointerMove = (event: PointerEvent) => {
      if (drag?.pointerId !== event.pointerId) return;
      const undecided = drag.state === 'undecided';
      if (move(event.clientX, event.clientY, event.timeStamp, event.target) && undecided) {
        // Captured only now: capturing on pointerdown would send a button's click to the sheet.
        element.setPointerCapture?.(event.pointerId);
      }
    };
    const onPointerUp = (event: PointerEvent) => {
      if (drag?.pointerId !== event.pointerId) return;
      end({ x: event.clientX, y: event.clientY, target: event.target }, event.timeStamp);
    };
    const onPointerCancel = (event: PointerEvent) => {
      if (drag?.pointerId === event.pointerId) end(undefined, event.timeStamp);
    };
    // A drag that ends over a button is not a press of it.
    const onClick = (event: MouseEvent) => {
      if (!suppressClick) return;
      suppressClick = false;
      event.preventDefault();
      event.stopPropagation();
    };

    const listeners: [string, EventListener, AddEventListenerOptions][] = [
      ['touchstart', onTouchStart as EventListener, { passive: true }],
      ['touchmove', onTouchMove as EventListener, { passive: false }],
      ['touchend', onTouchEnd as EventListener, {}],
      ['touchcancel', ((event: TouchEvent) => end(undefined, event.timeStamp)) as EventListener, {}],
      ['pointerdown', onPointerDown as EventListener, {}],
      ['pointermove', onPointerMove as EventListener, {}],
      ['pointerup', onPointerUp as EventListener, {}],
      ['pointercancel', onPointerCancel as EventListener, {}],
      ['click', onClick as EventListener, { capture: true }],
    ];
    for (const [type, listener, options] of listeners) element.addEventListener(type, listener, options);
    return () => {
      for (const [type, listener, options] of listeners) element.removeEventListener(type, listener, options);
    };
  }, []);

  const header = (
    <div className="pv-sheet-header">
      {/* Drawn for pointers only: the toggle, Esc and the close button are its equivalents. */}
      {dragHandle ? <div className="pv-sheet-handle" aria-hidden="true" data-testid="pv-sheet-handle" /> : null}
      <div className="pv-sheet-heading">
        <h2 className="pv-sheet-title" id={titleId}>
          {title}
        </h2>
        {canPeek && !modalOnly ? (
          <button
            ref={toggle}
            type="button"
            className="pv-sheet-toggle"
            aria-expanded={open}
            aria-controls={moreId}
            aria-label={open ? collapseLabel : expandLabel}
            data-pv-toggle="true"
            onClick={() => ask(open ? 'peek' : 'open', 'toggle')}
          >
            <ChevronIcon />
          </button>
        ) : null}
        {closeLabel === null ? null : (
          <button
            type="button"
            className="pv-sheet-close"
            aria-label={closeLabel}
            data-pv-close="true"
            onClick={() => ask('closed', 'close-button')}
          >
            <CloseIcon />
          </button>
        )}
      </div>
    </div>
  );

  return (
    <div ref={root} className="pv-sheet-root">
      <div
        ref={overlay}
        className={cx('pv-sheet-overlay', open && 'pv-sheet-overlay--shown')}
        data-testid="pv-overlay"
        aria-hidden="true"
        onClick={open && closeOnOverlay ? () => ask(latest.current.collapsed, 'overlay') : undefined}
      />
      <div
        ref={sheet}
        className={cx(
          'pv-sheet',
          `pv-sheet--${snap}`,
          full && 'pv-sheet--full',
          oneElement && 'pv-sheet--one-element',
          className,
        )}
        role={open ? role : 'region'}
        aria-modal={open ? true : undefined}
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        data-snap={snap}
        inert={snap === 'closed'}
        tabIndex={-1}
        onKeyDown={trapFocus}
        style={peekPx === undefined ? undefined : ({ '--pv-sheet-peek': `${peekPx}px` } as CSSProperties)}
      >
        {header}
        <div ref={body} className="pv-sheet-body">
          <div className="pv-sheet-content">
            {description ? (
              <div className="pv-sheet-description" id={descriptionId}>
                {description}
              </div>
            ) : null}
            {hasPeekContent ? (
              <div ref={peekSlot} className="pv-sheet-peek">
                {peek}
              </div>
            ) : null}
            {/* Below the peek nothing shows, so nothing there may take focus or be read (WCAG 2.4.11). */}
            <div id={moreId} className="pv-sheet-more" inert={hasPeekContent && !open}>
              {children}
            </div>
          </div>
          {full ? <div ref={spacer} className="pv-sheet-spacer" aria-hidden="true" /> : null}
        </div>
        {actions ? <div className="pv-sheet-actions">{actions}</div> : null}
      </div>
    </div>
  );
}
