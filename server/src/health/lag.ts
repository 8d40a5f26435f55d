import { monitorEventLoopDelay } from 'node:perf_hooks';

/** How often the event loop's lag is sampled for the shedding: the mean delay over each such interval. */
export const LAG_SAMPLE_MS = 1_000;
/**
 * How many samples in a row must lag over the limit before requests are shed. One is not load: a single long block
 * (a module loaded on first use, a GC pause, the host taking the CPU away) is over by the time it is sampled, and
 * shedding then only refuses work the loop is free to do again; it answered an e2e upload's next call 503. Overload
 * keeps lagging, sample after sample.
 */
export const LAG_SAMPLES_TO_SHED = 2;

/** The shedding's rule, apart from the clock: the last LAG_SAMPLES_TO_SHED samples all over the limit. */
export class LagStreak {
  private over = 0;

  constructor(private readonly limitMs: number) {}

  /** One sample's mean lag in ms. NaN (no turn of the loop in the whole interval) is as lagged as can be. */
  record(meanMs: number): void {
    this.over = Number.isNaN(meanMs) || meanMs > this.limitMs ? this.over + 1 : 0;
  }

  get overloaded(): boolean {
    return this.over >= LAG_SAMPLES_TO_SHED;
  }

  reset(): void {
    this.over = 0;
  }
}

/** The histogram's resolution (Node's default); each recorded delay includes it. */
const RESOLUTION_MS = 10;

/**
 * The event loop's lag against `limitMs`. `sample()` closes one interval and says whether the loop keeps up;
 * `restart()` forgets what came before (the process's own start-up is not load).
 */
export function watchLag(limitMs: number) {
  const streak = new LagStreak(limitMs);
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  return {
    sample(): boolean {
      streak.record(histogram.mean / 1e6 - RESOLUTION_MS);
      histogram.reset();
      return !streak.overloaded;
    },
    restart(): void {
      histogram.reset();
      streak.reset();
    },
    stop(): void {
      histogram.disable();
    },
  };
}
