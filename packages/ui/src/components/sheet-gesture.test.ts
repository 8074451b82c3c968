import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  draggedHeight,
  FLICK_MIN_PX,
  FLICK_VELOCITY_PX_PER_MS,
  nextSnap,
  releaseVelocity,
  SWIPE_THRESHOLD_PX,
  swipeOpens,
  VELOCITY_WINDOW_MS,
  type DragSample,
  type SheetSnap,
  type SnapHeights,
} from './sheet-gesture.ts';

/** A 375×812 phone: peek 25vh, open 80vh (under the 720px cap). */
const PHONE: SnapHeights = { closed: 0, peek: 203, open: 650 };
const ALL: SheetSnap[] = ['closed', 'peek', 'open'];

/** A drag from y=500 that moves `up` px over `ms` in even steps of 16ms, then rests `hold` ms. */
function swipe(up: number, ms: number, hold = 0): DragSample[] {
  const steps = Math.max(1, Math.round(ms / 16));
  const samples = Array.from({ length: steps + 1 }, (_, index) => ({
    y: 500 - (up * index) / steps,
    time: 1000 + (ms * index) / steps,
  }));
  if (hold > 0) samples.push({ y: 500 - up, time: 1000 + ms + hold });
  return samples;
}

describe('nextSnap (spec 000 §4, §9)', () => {
  it.each([
    // from, up px, over ms, hold ms, expected
    ['peek', 15, 300, 0, 'peek', 'a slow 15px swipe does nothing'],
    ['peek', 20, 400, 0, 'peek', 'exactly 20px is not more than the threshold'],
    ['peek', 25, 300, 0, 'open', 'a slow 25px swipe up opens'],
    ['peek', -25, 300, 0, 'closed', 'a slow 25px swipe down closes'],
    ['open', -25, 300, 0, 'peek', 'from open a swipe down returns to the peek'],
    ['open', -600, 600, 0, 'closed', 'a long drag down from open skips the peek'],
    ['closed', 500, 500, 0, 'open', 'a long drag up from closed goes to the nearest snap ahead'],
    ['closed', 60, 400, 0, 'peek', 'a short drag up from closed shows the peek'],
    ['open', 40, 300, 0, 'open', 'nothing is above open'],
    ['closed', -40, 300, 0, 'closed', 'nothing is below closed'],
    ['peek', 14, 20, 0, 'peek', 'a short fast flick up is still under the threshold'],
    ['peek', -14, 20, 0, 'peek', 'a short fast flick down is still under the threshold'],
    ['closed', 15, 10, 0, 'closed', 'a fast 15px swipe leaves the closed sheet closed (spec 000 §4)'],
    ['peek', 5, 5, 0, 'peek', 'a tap that jitters is no flick'],
    ['peek', 15, 20, 300, 'peek', 'a rush that stopped before release is no flick'],
    ['closed', 21, 100, 0, 'peek', 'a swipe just past the threshold from closed shows the peek first'],
  ] as const)('%s, %dpx in %dms (hold %d) → %s: %s', (from, up, ms, hold, expected, _why) => {
    expect(nextSnap({ from, samples: swipe(up, ms, hold), heights: PHONE, snaps: ALL })).toBe(expected);
  });

  it('a flick thrown back against the drag returns where it started', () => {
    const samples = [...swipe(120, 600, 150), { y: 500 - 120 + 12, time: 1000 + 600 + 160 }];
    expect(releaseVelocity(samples)).toBeLessThan(-FLICK_VELOCITY_PX_PER_MS / 2);
    expect(nextSnap({ from: 'peek', samples, heights: PHONE, snaps: ALL })).toBe('peek');
  });

  it('a modal sheet (closed and open only) closes on a swipe down', () => {
    expect(nextSnap({ from: 'open', samples: swipe(-30, 300), heights: PHONE, snaps: ['closed', 'open'] })).toBe(
      'closed',
    );
  });
});

describe("swipeOpens: a swipe on the closed sheet's launcher (spec 000 §4)", () => {
  it.each([
    // up px, over ms, hold ms, expected
    [15, 200, 0, false, 'a slow 15px swipe does nothing'],
    [15, 10, 0, false, 'a fast 15px flick is still not more than 20px'],
    [20, 200, 0, false, 'exactly 20px is not more than the threshold'],
    [25, 200, 0, true, 'a slow 25px swipe up opens'],
    [25, 16, 0, true, 'a fast 25px flick up opens'],
    [-40, 200, 0, false, 'a swipe down never opens'],
    [60, 400, 300, true, 'a swipe that rested before release still opens'],
  ] as const)('%dpx in %dms (hold %d) → %s: %s', (up, ms, hold, expected, _why) => {
    expect(swipeOpens(swipe(up, ms, hold))).toBe(expected);
  });

  it('a swipe thrown back down at the end does not open', () => {
    const samples = [...swipe(60, 400, 150), { y: 500 - 60 + 12, time: 1000 + 400 + 160 }];
    expect(swipeOpens(samples)).toBe(false);
  });

  it('opens exactly when the swipe goes up more than 20px and is not thrown back', () => {
    fc.assert(
      fc.property(fc.integer({ min: -200, max: 200 }), fc.integer({ min: 1, max: 800 }), (up, ms) => {
        expect(swipeOpens(swipe(up, ms))).toBe(up > SWIPE_THRESHOLD_PX);
      }),
    );
  });
});

describe('releaseVelocity', () => {
  it('is the speed of the last stretch, in px/ms upward', () => {
    expect(releaseVelocity(swipe(100, 200))).toBeCloseTo(0.5, 5);
    expect(releaseVelocity(swipe(-100, 200))).toBeCloseTo(-0.5, 5);
    expect(releaseVelocity(swipe(100, 200, VELOCITY_WINDOW_MS + 1))).toBe(0);
    expect(releaseVelocity([{ y: 0, time: 0 }])).toBe(0);
  });
});

describe('draggedHeight', () => {
  it('follows the finger, stops at 0 and gives way only a little past open', () => {
    expect(draggedHeight(203, 50, 650)).toBe(253);
    expect(draggedHeight(203, -400, 650)).toBe(0);
    expect(draggedHeight(650, 400, 650)).toBeLessThan(650 + 40);
    expect(draggedHeight(650, 400, 650)).toBeGreaterThan(650);
  });
});

// Properties over any drag: increasing timestamps, any positions, any snap heights in order.
const snapArb = fc.constantFrom<SheetSnap>('closed', 'peek', 'open');
const heightsArb = fc
  .tuple(fc.integer({ min: 40, max: 400 }), fc.integer({ min: 1, max: 600 }))
  .map(([peek, extra]): SnapHeights => ({ closed: 0, peek, open: peek + extra }));
const samplesArb = fc
  .array(fc.tuple(fc.double({ min: -400, max: 400, noNaN: true }), fc.integer({ min: 0, max: 200 })), {
    minLength: 1,
    maxLength: 30,
  })
  .map((steps) => {
    let time = 0;
    return steps.map(([y, gap]) => ({ y, time: (time += gap) }));
  });
const snapsArb = fc.constantFrom<SheetSnap[]>(ALL, ['closed', 'open'], ['peek', 'open']);

const up = (samples: DragSample[]) => samples[0]!.y - samples[samples.length - 1]!.y;

describe('nextSnap properties', () => {
  it('a drag within the threshold that is no flick never changes the snap', () => {
    fc.assert(
      fc.property(snapArb, samplesArb, heightsArb, (from, samples, heights) => {
        fc.pre(Math.abs(up(samples)) <= SWIPE_THRESHOLD_PX);
        fc.pre(Math.abs(releaseVelocity(samples)) < FLICK_VELOCITY_PX_PER_MS);
        expect(nextSnap({ from, samples, heights, snaps: ALL })).toBe(from);
      }),
    );
  });

  it('a drag shorter than the touch slop never changes the snap, however fast', () => {
    fc.assert(
      fc.property(snapArb, samplesArb, heightsArb, (from, samples, heights) => {
        fc.pre(Math.abs(up(samples)) < FLICK_MIN_PX);
        expect(nextSnap({ from, samples, heights, snaps: ALL })).toBe(from);
      }),
    );
  });

  it('lands on an offered snap, and never against the drag', () => {
    fc.assert(
      fc.property(snapsArb, samplesArb, heightsArb, (snaps, samples, heights) => {
        const from = snaps[0]!;
        const next = nextSnap({ from, samples, heights, snaps });
        expect(snaps).toContain(next);
        expect((heights[next] - heights[from]) * Math.sign(up(samples))).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('a swipe of more than 20px moves the sheet whenever a snap lies that way', () => {
    fc.assert(
      fc.property(
        snapArb,
        fc.integer({ min: SWIPE_THRESHOLD_PX + 1, max: 700 }),
        fc.boolean(),
        heightsArb,
        (from, distance, downward, heights) => {
          const signed = downward ? -distance : distance;
          const ahead = ALL.some((snap) => (heights[snap] - heights[from]) * signed > 0);
          // Slow and steady: 0.1 px/ms, so only the distance decides.
          const next = nextSnap({ from, samples: swipe(signed, distance * 10), heights, snaps: ALL });
          expect(next !== from).toBe(ahead);
        },
      ),
    );
  });

  it('a swipe of 20px or less never moves the sheet, however fast (spec 000 §4)', () => {
    fc.assert(
      fc.property(
        snapArb,
        fc.integer({ min: -SWIPE_THRESHOLD_PX, max: SWIPE_THRESHOLD_PX }),
        fc.integer({ min: 1, max: 400 }),
        (from, d, ms) => {
          expect(nextSnap({ from, samples: swipe(d, ms), heights: PHONE, snaps: ALL })).toBe(from);
        },
      ),
    );
  });

  it('while dragging the sheet shows a height that follows the finger: never below 0, never loose of open by 40px', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 700 }),
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: -1000, max: 1000 }),
        (open, a, b) => {
          const start = open / 2;
          const [low, high] = a <= b ? [a, b] : [b, a];
          const lowHeight = draggedHeight(start, low, open);
          const highHeight = draggedHeight(start, high, open);
          expect(lowHeight).toBeLessThanOrEqual(highHeight);
          expect(lowHeight).toBeGreaterThanOrEqual(0);
          expect(highHeight).toBeLessThan(open + 40);
          if (start + high >= 0 && start + high <= open) expect(highHeight).toBe(start + high);
        },
      ),
    );
  });
});
