import { useEffect, useRef, type RefObject } from 'react';
import { swipeOpens, type DragSample } from './sheet-gesture.ts';

/** Movement (px) past which a touch on the launcher is a swipe, not a tap (bottom-sheet.tsx DECIDE_PX). */
const TAP_SLOP_PX = 4;

/**
 * Lets a swipe up on the closed sheet's launcher open the sheet (spec 000 §4 "swipe up opens", "a
 * swipe needs more than 20px movement"; sheet-gesture.ts swipeOpens). A fully closed sheet is
 * inert and has no height, so nothing of it can be touched: the launcher that stands in for it
 * takes the swipe, while a tap on it stays its own click. A touch that moved is never a tap: a
 * 15px swipe neither opens the sheet nor presses the launcher. Mouse and pen keep the click (their
 * drag would only select text); the keyboard has the launcher's own press.
 *
 * `active`: the launcher is on the page (it mounts when the sheet closes), so the listeners are
 * attached to the element `target` holds then.
 */
export function useSwipeToOpen(target: RefObject<HTMLElement | null>, active: boolean, onOpen: () => void): void {
  const latest = useRef(onOpen);
  latest.current = onOpen;

  useEffect(() => {
    const element = target.current;
    if (!active || !element) return;
    // The page must not scroll under a vertical swipe that starts on the launcher.
    element.style.touchAction = 'none';
    let samples: DragSample[] | undefined;
    let startX = 0;
    let moved = false;

    const onTouchStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!touch || event.touches.length > 1) {
        samples = undefined; // a second finger: a pinch, not a swipe
        return;
      }
      samples = [{ y: touch.clientY, time: event.timeStamp }];
      startX = touch.clientX;
      moved = false;
    };
    const onTouchMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      const first = samples?.[0];
      if (!touch || !samples || !first) return;
      samples.push({ y: touch.clientY, time: event.timeStamp });
      if (Math.max(Math.abs(touch.clientX - startX), Math.abs(touch.clientY - first.y)) >= TAP_SLOP_PX) moved = true;
    };
    const onTouchEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      const current = samples;
      samples = undefined;
      const first = current?.[0];
      if (!touch || !current || !first) return;
      current.push({ y: touch.clientY, time: event.timeStamp });
      // Chromium holds back touchmoves inside its touch slop, so the release itself may be the
      // first reading that moved (as in bottom-sheet.tsx).
      if (Math.max(Math.abs(touch.clientX - startX), Math.abs(touch.clientY - first.y)) >= TAP_SLOP_PX) moved = true;
      if (!moved) return; // a tap: the launcher's click follows
      // Cancelling touchend stops the click the touch would end in (Touch Events §cancelability).
      if (event.cancelable) event.preventDefault();
      if (swipeOpens(current)) latest.current();
    };
    const onTouchCancel = () => {
      samples = undefined;
    };

    const listeners: [string, EventListener, AddEventListenerOptions][] = [
      ['touchstart', onTouchStart as EventListener, { passive: true }],
      ['touchmove', onTouchMove as EventListener, { passive: true }],
      ['touchend', onTouchEnd as EventListener, { passive: false }],
      ['touchcancel', onTouchCancel, {}],
    ];
    for (const [type, listener, options] of listeners) element.addEventListener(type, listener, options);
    return () => {
      for (const [type, listener, options] of listeners) element.removeEventListener(type, listener, options);
      element.style.removeProperty('touch-action');
    };
  }, [target, active]);
}
