/**
 * The server's clock (deps.now) as the machine's time plus an offset that only moves forward: the
 * end-to-end journeys move it past a wait the server imposes (the 30 s before a number may get a
 * new OTP) instead of sleeping through it (POST /dev/clock, modules/dev/clock.ts). Only with
 * PRAVESH_DEV_CLOCK=1 in `local` (config.devClock); every other server reads the machine's time.
 */
export interface DevClock {
  readonly now: () => number;
  /** Moves the clock `ms` forward and answers the new time. */
  readonly advance: (ms: number) => number;
}

export function createDevClock(machineNow: () => number = Date.now): DevClock {
  let offsetMs = 0;
  return {
    now: () => machineNow() + offsetMs,
    advance: (ms) => {
      offsetMs += Math.max(0, ms);
      return machineNow() + offsetMs;
    },
  };
}
