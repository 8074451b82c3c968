import { useCallback, useRef, type RefObject } from 'react';

/**
 * A widget's finish callback that answers only the first time (a close racing a result), and
 * whether it has answered.
 */
export function useFinishOnce<Result>(
  onFinish: (result: Result) => void,
): [finish: (result: Result) => void, finished: RefObject<boolean>] {
  const finished = useRef(false);
  const finish = useCallback(
    (result: Result) => {
      if (finished.current) return;
      finished.current = true;
      onFinish(result);
    },
    [onFinish],
  );
  return [finish, finished];
}
