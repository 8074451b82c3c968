import { useLayoutEffect, useRef, type RefObject } from 'react';
import { boxSizeFor, type BoxSizeName } from '../messages.ts';

export type PostBoxSize = (size: { size: BoxSizeName; height: number }) => void;

/**
 * Tells the widget how tall the frame's content is (spec 000 §2: the frame may ask for box sizes
 * xl 580 … xss 290, OTP box 350) whenever that changes: after each render and on resize (fonts,
 * a rotated phone). `post` is called only when the chosen size differs from the last one posted;
 * changing `remeasure` posts the current size again (the widget asked, by opening).
 */
export function useBoxSize(
  ref: RefObject<HTMLElement | null>,
  post: PostBoxSize | undefined,
  { otpBox = false, remeasure = 0 }: { otpBox?: boolean; remeasure?: number } = {},
): void {
  const last = useRef<string | undefined>(undefined);
  const measure = useRef<() => void>(() => undefined);

  useLayoutEffect(() => {
    last.current = undefined;
  }, [remeasure]);

  useLayoutEffect(() => {
    measure.current = () => {
      const element = ref.current;
      if (!element || !post) return;
      const chosen = boxSizeFor(Math.ceil(element.getBoundingClientRect().height), { otpBox });
      const key = `${chosen.size}:${chosen.height}`;
      if (key === last.current) return;
      last.current = key;
      post(chosen);
    };
    measure.current();
  });

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => measure.current());
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
}
