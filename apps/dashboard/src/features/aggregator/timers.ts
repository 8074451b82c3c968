import { createContext, useContext } from 'react';

/**
 * The clock the aggregator screens wait on (spec 001 §9: 20000 ms polling, the 5000 ms discover
 * and 3000 ms verification time-outs). Screens take it from context so tests can hand in their
 * own; by default it is the browser's setTimeout.
 */
export interface Timers {
  /** Runs `run` after `ms`; answers a function that cancels it. */
  after(ms: number, run: () => void): () => void;
}

export const browserTimers: Timers = {
  after(ms, run) {
    const id = setTimeout(run, ms);
    return () => clearTimeout(id);
  },
};

export const TimersContext = createContext<Timers>(browserTimers);

export function useTimers(): Timers {
  return useContext(TimersContext);
}

export class TimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`No answer within ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/** The answer of `work`, or a TimeoutError once `ms` have passed without one. */
export function withTimeout<T>(work: Promise<T>, ms: number, timers: Timers = browserTimers): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const cancel = timers.after(ms, () => reject(new TimeoutError(ms)));
    work.then(
      (value) => {
        cancel();
        resolve(value);
      },
      (error: unknown) => {
        cancel();
        reject(error instanceof Error ? error : Object.assign(new Error('failed'), error));
      },
    );
  });
}
