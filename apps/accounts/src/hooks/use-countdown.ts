import { useEffect, useState } from 'react';

/**
 * Whole seconds left until `deadline` (epoch ms), 0 once it has passed or when there is none.
 * Counted from the clock, not by decrementing, so a throttled background tab stays right.
 */
export function useCountdown(deadline: number | undefined, now: () => number = Date.now): number {
  const remaining = () => (deadline === undefined ? 0 : Math.max(0, Math.ceil((deadline - now()) / 1000)));
  const [seconds, setSeconds] = useState(remaining);

  useEffect(() => {
    setSeconds(remaining());
    if (deadline === undefined) return;
    const timer = setInterval(() => {
      const left = remaining();
      setSeconds(left);
      if (left === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline, now]);

  return seconds;
}

/** 27 → "0:27", 90 → "1:30". */
export function formatSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
