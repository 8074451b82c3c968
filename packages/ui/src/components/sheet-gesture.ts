/**
 * The bottom sheet's gesture rules, kept pure (no DOM) so they can be tested over every input:
 * given the pointer samples of one drag and the snap it started from, which snap does the sheet
 * settle on? bottom-sheet.tsx feeds it samples from Touch Events or Pointer Events.
 *
 * Rules (spec 000 §4 "Mobile", §9 "Swipe threshold 20px"):
 * - A swipe changes the snap only when it moves MORE than 20px, however fast: spec 000 §4 "a swipe
 *   needs more than 20px movement" (a fast 15px flick from the closed sheet used to open it).
 * - Speed still counts past the threshold: a flick's momentum is projected when choosing between
 *   snaps ahead (a finger that rushed and then stopped is not a flick).
 * - A flick thrown back against the drag (pulled up, then thrown down) returns to where it started.
 * - The sheet moves in the gesture's direction only, to the snap in that direction nearest to where
 *   the finger let go (plus a short projection of the flick's momentum), so a long drag can skip a snap.
 */

export type SheetSnap = 'closed' | 'peek' | 'open';

/** One reading of the finger: clientY in CSS px and the event's timeStamp in ms. */
export interface DragSample {
  y: number;
  time: number;
}

/** How much of the sheet each snap shows, in px (closed 0, peek ≈25vh, open ≤ 80vh / 720px). */
export type SnapHeights = Readonly<Record<SheetSnap, number>>;

/** A swipe must move more than this to change the snap (spec 000 §9). */
export const SWIPE_THRESHOLD_PX = 20;
/**
 * Release speed that makes a short swipe a flick, in px/ms (0.5 px/ms = 500 px/s). Well-regarded
 * sheets sit near here (vaul uses 0.4); a little higher keeps a slow, deliberate 15px nudge a no-op.
 */
export const FLICK_VELOCITY_PX_PER_MS = 0.5;
/** A flick must still move at least this far: below it a touch is a tap with jitter. */
export const FLICK_MIN_PX = 8;
/** The release speed is measured over this last stretch of the drag. */
export const VELOCITY_WINDOW_MS = 100;
/** A flick carries on for about this long after release when choosing between two snaps ahead. */
export const FLICK_PROJECTION_MS = 200;

/** Upward distance of the drag in px (positive: the finger went up, the sheet opens). */
export function dragDistance(samples: readonly DragSample[]): number {
  const first = samples[0];
  const last = samples[samples.length - 1];
  return first && last ? first.y - last.y : 0;
}

/**
 * Upward speed at release in px/ms, over the last VELOCITY_WINDOW_MS: from the oldest sample in that
 * window (or, when the finger rested longer, the sample before the last) to the last one. A pause
 * before letting go therefore brings it to ~0, and a throw after a pause is measured on its own.
 * Samples closer together than 1ms count as 1ms apart (synthetic events can share a timestamp).
 */
export function releaseVelocity(samples: readonly DragSample[]): number {
  const last = samples[samples.length - 1];
  if (!last || samples.length < 2) return 0;
  let anchor = samples[samples.length - 2]!;
  for (let index = samples.length - 3; index >= 0; index -= 1) {
    const sample = samples[index]!;
    if (last.time - sample.time > VELOCITY_WINDOW_MS) break;
    anchor = sample;
  }
  const elapsed = Math.max(1, last.time - anchor.time);
  return (anchor.y - last.y) / elapsed;
}

/** Whether the drag ends as a flick: fast enough at release and past the touch slop. */
export function isFlick(samples: readonly DragSample[]): boolean {
  return (
    Math.abs(releaseVelocity(samples)) >= FLICK_VELOCITY_PX_PER_MS && Math.abs(dragDistance(samples)) >= FLICK_MIN_PX
  );
}

export interface SnapDecision {
  /** The snap the drag started from. */
  from: SheetSnap;
  samples: readonly DragSample[];
  heights: SnapHeights;
  /** The snaps this sheet offers (a modal sheet has only closed and open). */
  snaps: readonly SheetSnap[];
}

/** The snap a released drag settles on. */
export function nextSnap({ from, samples, heights, snaps }: SnapDecision): SheetSnap {
  const distance = dragDistance(samples);
  const velocity = releaseVelocity(samples);
  const flick = isFlick(samples);
  if (Math.abs(distance) <= SWIPE_THRESHOLD_PX) return from;
  if (flick && Math.sign(velocity) !== Math.sign(distance)) return from;
  const direction = Math.sign(distance);
  const start = heights[from];
  const ahead = snaps.filter((snap) => (heights[snap] - start) * direction > 0);
  if (ahead.length === 0) return from;
  const released = start + distance + (flick ? velocity * FLICK_PROJECTION_MS : 0);
  // The nearest snap ahead; on a tie the one closer to where the drag started.
  return ahead.reduce((best, snap) => {
    const gap = Math.abs(heights[snap] - released);
    const bestGap = Math.abs(heights[best] - released);
    if (gap < bestGap) return snap;
    if (gap === bestGap && Math.abs(heights[snap] - start) < Math.abs(heights[best] - start)) return snap;
    return best;
  });
}

/**
 * Whether a swipe on the closed sheet's launcher opens it (spec 000 §4: "swipe up opens", "a swipe
 * needs more than 20px movement"): up by more than 20px however fast, and not thrown back down at
 * the end. The closed sheet has no height to drag (spec 000 §4 "height 0") and is inert, so the
 * launcher that stands for it takes the swipe; it opens the sheet straight away, as the spec's
 * closed → open, not to the peek a 25px drag of the sheet itself would reach.
 */
export function swipeOpens(samples: readonly DragSample[]): boolean {
  const distance = dragDistance(samples);
  if (distance <= SWIPE_THRESHOLD_PX) return false;
  return !(isFlick(samples) && releaseVelocity(samples) < 0);
}

/**
 * How much of the sheet shows while the finger drags it: the start height plus the drag, never
 * below 0; past the open height it gives way only a little (a rubber band), so the sheet does not
 * come loose from the bottom edge.
 */
export function draggedHeight(startHeight: number, distance: number, openHeight: number): number {
  const height = startHeight + distance;
  if (height <= 0) return 0;
  if (height <= openHeight) return height;
  const beyond = height - openHeight;
  return openHeight + beyond / (1 + beyond / 40);
}
