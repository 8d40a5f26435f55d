/**
 * The capacity at a latency goal: the highest offered rate, in an open loop, whose p99 meets the goal with no
 * errors. This is what an operator plans with. A fixed rate derived from another figure (the statement alone's) can
 * saturate a machine whose two cores the generator, the server and the database share; a search finds where the
 * goal stops holding instead.
 *
 * The search is bounded in time, as every step is a load run of its own (10 s by default):
 * 1. Bracket: from a start rate (server.ts derives it from the route's own closed-loop rate), geometric steps up
 *    while the goal holds or down while it does not, until one rate met it and one missed, at most BRACKET_STEPS.
 * 2. Bisect: BISECTIONS times, the geometric middle of the highest rate that met the goal and the lowest that missed
 *    it (the bracket's ratio GROWTH shrinks to GROWTH^(1/2^BISECTIONS), about 5 %).
 * Whether a rate met the goal is the majority of its steps (RATE_STEPS): two at it, and a third when they disagree.
 * On these machines one 10 s step's p99 is set by a few stalls of 50–300 ms that the bare route shows as ours does
 * (their source is not pinned down: they come with and without the host's steal time), so one step's p99 near the
 * same rate ranged from 26 to 64 ms, and a single step made the search's turns, and its result, chance.
 * The search itself is pure (`capacitySearch`: it proposes rates and is told whether each met the goal), so it is
 * tested over a fake measure; `searchCapacities` runs several searches in turns, one step each, so that our route and
 * the floor see the same machine at the same time.
 */

/** What one step measured: an open-loop run at one offered rate. */
export interface StepFigures {
  /** Answers per second (below the offered rate when the server fell behind). */
  achievedPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  /** How late the generator itself sent (it shares the cores; that lateness is in every latency). */
  sendLateP99Ms: number;
  sendLateMaxMs: number;
}

export type CapacityPhase = 'bracket' | 'bisect';

export interface CapacityStep extends StepFigures {
  offeredPerSec: number;
  phase: CapacityPhase;
  /** Which step at this rate (1 to RATE_STEPS). */
  trial: number;
  /** The goal held in this step: p99 within it and no more errors than it allows. */
  pass: boolean;
  /** On the step that decided it, whether the rate met the goal (in the majority of its steps). */
  rateMet?: boolean;
}

export interface CapacityGoal {
  p99MaxMs: number;
  maxErrors: number;
}

export interface CapacityPlan {
  startPerSec: number;
  /** Each bracketing step multiplies or divides the rate by this. */
  growth: number;
  /** At most this many bracketing steps (the first included). */
  bracketSteps: number;
  /** Then this many bisecting steps, at most. */
  bisections: number;
}

export interface CapacityBounds {
  /** The highest offered rate that met the goal; 0 when none did (not even the lowest tried). */
  perSec: number;
  /** The lowest rate above it that missed; undefined when every rate tried met it (the capacity is at least perSec). */
  missedAtPerSec: number | undefined;
}

export interface Capacity extends CapacityBounds {
  /** Every step, in the order run. */
  steps: CapacityStep[];
}

/** Bracketing steps multiply the rate by 1.5: from half the closed-loop rate, two steps reach past it. */
export const GROWTH = 1.5;
/** Enough to bracket a capacity between a fifth of the start rate and five times it (1.5^4 = 5.1). */
export const BRACKET_STEPS = 5;
/** Three bisections leave the capacity within 1.5^(1/8), 5.2 %, of the rate that missed. */
export const BISECTIONS = 3;
/** A rate's verdict takes the majority of up to this many steps at it: 2 of 3. */
export const RATE_STEPS = 3;
/** How many of a rate's steps must agree: 2. */
export const RATE_MAJORITY = Math.floor(RATE_STEPS / 2) + 1;
/** At most this many steps in one search: the area's time limit counts them. */
export const MAX_STEPS = (BRACKET_STEPS + BISECTIONS) * RATE_STEPS;

/** Whether a rate met the goal, once a majority of its steps agree (undefined before). */
export function rateVerdict(passes: boolean[]): boolean | undefined {
  const met = passes.filter(Boolean).length;
  if (met >= RATE_MAJORITY) return true;
  if (passes.length - met >= RATE_MAJORITY) return false;
  return undefined;
}

/**
 * A deadline night's applicants per save per second: each applicant typing saves about once every this many seconds
 * (the app saves 3 s after typing stops, AUTOSAVE_DELAY_MS; an applicant reading, thinking and moving between fields
 * saves less often). An assumption, stated in the report beside every figure it converts.
 */
export const DEADLINE_SAVE_INTERVAL_S = 10;
export const applicantsAt = (savesPerSec: number) => Math.round(savesPerSec * DEADLINE_SAVE_INTERVAL_S);
/** The same, as the report writes it (12,345). */
export const applicantsText = (savesPerSec: number) => applicantsAt(savesPerSec).toLocaleString('en-US');

/** Seconds per step (BENCH_CAPACITY_STEP_SECONDS): 10 by default, as the issue asks; shorter only for smoke runs. */
export const capacityStepSeconds = (env: NodeJS.ProcessEnv = process.env) => {
  const n = Number(env.BENCH_CAPACITY_STEP_SECONDS || 10);
  return Number.isFinite(n) && n > 0 ? n : 10;
};

export const meetsGoal = (figures: StepFigures, goal: CapacityGoal) =>
  figures.p99Ms <= goal.p99MaxMs && figures.errors <= goal.maxErrors;

/**
 * The search: yields each rate to try (whole saves per second, at least 1) and is sent back whether it met the goal;
 * returns the capacity found.
 */
export function* capacitySearch(
  plan: CapacityPlan,
): Generator<{ perSec: number; phase: CapacityPhase }, CapacityBounds, boolean> {
  let passed: number | undefined;
  let missed: number | undefined;
  let rate = Math.max(1, Math.round(plan.startPerSec));
  for (let i = 0; i < plan.bracketSteps; i++) {
    const pass = yield { perSec: rate, phase: 'bracket' };
    if (pass) passed = rate;
    else missed = rate;
    if (passed !== undefined && missed !== undefined) break;
    const next = Math.max(1, Math.round(pass ? rate * plan.growth : rate / plan.growth));
    if (next === rate) break; // down at 1/s already
    rate = next;
  }
  if (passed === undefined || missed === undefined) return { perSec: passed ?? 0, missedAtPerSec: missed };
  for (let i = 0; i < plan.bisections; i++) {
    const middle = Math.round(Math.sqrt(passed * missed));
    // Whole rates: once the two are neighbours there is nothing left between them.
    if (middle <= passed || middle >= missed) break;
    if (yield { perSec: middle, phase: 'bisect' }) passed = middle;
    else missed = middle;
  }
  return { perSec: passed, missedAtPerSec: missed };
}

export interface CapacitySearch {
  plan: CapacityPlan;
  measure: (perSec: number) => Promise<StepFigures>;
}

/**
 * Runs the searches in turns, one step of each in order, until all are done: the machine's drift during the search
 * (other load, the database's background work) reaches each alike. Each rate a search proposes is stepped until
 * the majority of its steps agree (rateVerdict), and that verdict is what the search is told. `onStep` hears of
 * each step as it ends.
 */
export async function searchCapacities(
  searches: CapacitySearch[],
  goal: CapacityGoal,
  onStep: (index: number, step: CapacityStep) => void = () => {},
): Promise<Capacity[]> {
  const running = searches.map((search) => {
    const generator = capacitySearch(search.plan);
    return { search, generator, next: generator.next(), steps: [] as CapacityStep[], passes: [] as boolean[] };
  });
  while (running.some((r) => !r.next.done)) {
    for (const [index, r] of running.entries()) {
      if (r.next.done) continue;
      const { perSec, phase } = r.next.value;
      const figures = await r.search.measure(perSec);
      const pass = meetsGoal(figures, goal);
      r.passes.push(pass);
      const rateMet = rateVerdict(r.passes);
      const step: CapacityStep = {
        offeredPerSec: perSec,
        phase,
        trial: r.passes.length,
        pass,
        ...(rateMet === undefined ? {} : { rateMet }),
        ...figures,
      };
      r.steps.push(step);
      onStep(index, step);
      if (rateMet === undefined) continue;
      r.passes = [];
      r.next = r.generator.next(rateMet);
    }
  }
  return running.map((r) => {
    if (!r.next.done) throw new Error('unreachable: every search has ended');
    return { ...r.next.value, steps: r.steps };
  });
}
