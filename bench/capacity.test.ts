import {
  applicantsAt,
  BISECTIONS,
  BRACKET_STEPS,
  capacityStepSeconds,
  GROWTH,
  MAX_STEPS,
  rateVerdict,
  searchCapacities,
  type CapacityPlan,
  type StepFigures,
} from './capacity';

const GOAL = { p99MaxMs: 50, maxErrors: 0 };
const plan = (startPerSec: number): CapacityPlan => ({
  startPerSec,
  growth: GROWTH,
  bracketSteps: BRACKET_STEPS,
  bisections: BISECTIONS,
});

/** A fake route that meets the goal up to `limit` saves/s and queues beyond it (p99 grows with the overload). */
function route(limit: number, options: { errorsFrom?: number } = {}) {
  const offered: number[] = [];
  const measure = async (perSec: number): Promise<StepFigures> => {
    offered.push(perSec);
    return {
      achievedPerSec: Math.min(perSec, limit),
      p50Ms: 5,
      p99Ms: perSec <= limit ? 20 : 60 + (perSec - limit),
      maxMs: 100,
      errors: options.errorsFrom !== undefined && perSec >= options.errorsFrom ? 1 : 0,
      sendLateP99Ms: 1,
      sendLateMaxMs: 2,
    };
  };
  return { offered, measure };
}

const search = async (startPerSec: number, measure: (perSec: number) => Promise<StepFigures>) =>
  (await searchCapacities([{ plan: plan(startPerSec), measure }], GOAL))[0];

/** The rates tried, each once (a steady fake meets or misses at a rate in both of its steps). */
const ratesOf = (offered: number[]) => offered.filter((rate, i) => i === 0 || offered[i - 1] !== rate);

describe('capacity search', () => {
  it('steps up from a start below the capacity, then bisects to within about 5 % of it', async () => {
    const fake = route(1234);
    const found = await search(500, fake.measure);
    // Each rate is stepped twice: the two steps agree, so the third is not needed.
    expect(fake.offered.slice(0, 8)).toEqual([500, 500, 750, 750, 1125, 1125, 1688, 1688]);
    expect(found.perSec).toBeLessThanOrEqual(1234);
    expect(found.perSec).toBeGreaterThan(1234 / 1.06);
    expect(found.missedAtPerSec).toBeGreaterThan(1234);
    expect(found.missedAtPerSec! / found.perSec).toBeLessThan(1.06);
    expect(found.steps.filter((s) => s.trial === 1).map((s) => s.phase)).toEqual([
      'bracket',
      'bracket',
      'bracket',
      'bracket',
      'bisect',
      'bisect',
      'bisect',
    ]);
    // Every step is reported with its figures, in the order run; the second at a rate carries its verdict.
    expect(found.steps.map((s) => s.offeredPerSec)).toEqual(fake.offered);
    expect(found.steps.filter((s) => s.offeredPerSec === 1688)).toEqual([
      expect.objectContaining({ trial: 1, pass: false, p99Ms: 514, achievedPerSec: 1234 }),
      expect.objectContaining({ trial: 2, pass: false, rateMet: false }),
    ]);
    expect(found.steps[0]).not.toHaveProperty('rateMet');
  });

  it('steps down from a start above the capacity', async () => {
    const fake = route(300);
    const found = await search(1000, fake.measure);
    expect(ratesOf(fake.offered).slice(0, 4)).toEqual([1000, 667, 445, 297]);
    expect(found.perSec).toBeLessThanOrEqual(300);
    expect(found.perSec).toBeGreaterThan(300 / 1.06);
    expect(found.missedAtPerSec).toBeGreaterThan(300);
  });

  it('counts errors as a miss, whatever the p99', async () => {
    const found = await search(100, route(10_000, { errorsFrom: 200 }).measure);
    expect(found.perSec).toBeLessThan(200);
    expect(found.perSec).toBeGreaterThan(200 / 1.06);
    expect(found.steps.filter((s) => s.errors > 0).every((s) => !s.pass)).toBe(true);
  });

  it('ends with 0 when even the lowest rate tried misses, within its bracketing steps', async () => {
    const fake = route(1);
    const found = await search(1000, fake.measure);
    expect(found).toMatchObject({ perSec: 0, missedAtPerSec: fake.offered[fake.offered.length - 1] });
    expect(ratesOf(fake.offered)).toHaveLength(BRACKET_STEPS);
  });

  it('says the capacity is at least the highest rate tried when every rate met the goal', async () => {
    const fake = route(1e9);
    const found = await search(100, fake.measure);
    const rates = ratesOf(fake.offered);
    expect(rates).toHaveLength(BRACKET_STEPS);
    expect(found).toMatchObject({ perSec: rates[BRACKET_STEPS - 1], missedAtPerSec: undefined });
  });

  it('never runs more than MAX_STEPS steps, nor comes back to a rate it has decided', async () => {
    for (const limit of [1, 2, 3, 7, 50, 333, 999, 1000, 1001, 4321, 20_000]) {
      for (const start of [1, 10, 1000]) {
        const fake = route(limit);
        await search(start, fake.measure);
        expect(fake.offered.length).toBeLessThanOrEqual(MAX_STEPS);
        const rates = ratesOf(fake.offered);
        expect(new Set(rates).size).toBe(rates.length);
      }
    }
  });

  it('decides a rate by the majority of its steps: a third step when the first two disagree', async () => {
    // 600/s meets the goal except in its first step (a stall); 900/s misses except in its second; every other rate
    // meets it below 700/s and misses it above, in every step.
    const p99s: Record<number, number[]> = { 600: [80, 30, 30], 900: [80, 30, 80] };
    const offered: number[] = [];
    const found = await search(600, async (perSec) => {
      offered.push(perSec);
      const nth = offered.filter((r) => r === perSec).length - 1;
      const p99Ms = p99s[perSec]?.[nth] ?? (perSec < 700 ? 30 : 80);
      return { achievedPerSec: perSec, p50Ms: 2, p99Ms, maxMs: p99Ms, errors: 0, sendLateP99Ms: 1, sendLateMaxMs: 1 };
    });
    expect(offered.slice(0, 6)).toEqual([600, 600, 600, 900, 900, 900]);
    expect(found.steps.slice(0, 6).map((s) => [s.trial, s.pass, s.rateMet])).toEqual([
      [1, false, undefined],
      [2, true, undefined],
      [3, true, true],
      [1, false, undefined],
      [2, true, undefined],
      [3, false, false],
    ]);
    // Then the bisection finds the steady edge between them.
    expect(found.perSec).toBeLessThan(700);
    expect(found.perSec).toBeGreaterThan(700 / 1.06);
    expect(found.missedAtPerSec).toBeGreaterThan(700);
  });

  it('stops bisecting once the two rates are neighbours', async () => {
    const fake = route(2);
    const found = await search(2, fake.measure);
    expect(fake.offered).toEqual([2, 2, 3, 3]);
    expect(found).toMatchObject({ perSec: 2, missedAtPerSec: 3 });
  });

  it('runs several searches in turns, one step each, so that they see the same machine', async () => {
    const order: string[] = [];
    const tagged = (name: string, limit: number) => {
      const fake = route(limit);
      return async (perSec: number) => {
        order.push(name);
        return fake.measure(perSec);
      };
    };
    const seen: [number, number][] = [];
    const [ours, floor] = await searchCapacities(
      [
        { plan: plan(1000), measure: tagged('ours', 800) },
        { plan: plan(1000), measure: tagged('floor', 5000) },
      ],
      GOAL,
      (index, step) => seen.push([index, step.offeredPerSec]),
    );
    expect(order.slice(0, 6)).toEqual(['ours', 'floor', 'ours', 'floor', 'ours', 'floor']);
    expect(ours.perSec).toBeLessThanOrEqual(800);
    expect(floor.perSec).toBeLessThanOrEqual(5000);
    expect(floor.perSec).toBeGreaterThan(5000 / 1.06);
    // Once one search has ended, the other goes on alone.
    expect(order.length).toBe(ours.steps.length + floor.steps.length);
    expect(seen).toHaveLength(order.length);
  });
});

describe("a rate's verdict", () => {
  it('is the majority of its steps, undecided until two agree', () => {
    expect(rateVerdict([true])).toBeUndefined();
    expect(rateVerdict([false])).toBeUndefined();
    expect(rateVerdict([true, false])).toBeUndefined();
    expect(rateVerdict([true, true])).toBe(true);
    expect(rateVerdict([false, false])).toBe(false);
    expect(rateVerdict([false, true, true])).toBe(true);
    expect(rateVerdict([true, false, false])).toBe(false);
  });
});

describe('capacity settings', () => {
  it('steps 10 s by default, and as BENCH_CAPACITY_STEP_SECONDS says for a smoke run', () => {
    expect(capacityStepSeconds({})).toBe(10);
    expect(capacityStepSeconds({ BENCH_CAPACITY_STEP_SECONDS: '2' })).toBe(2);
    expect(capacityStepSeconds({ BENCH_CAPACITY_STEP_SECONDS: 'x' })).toBe(10);
    expect(capacityStepSeconds({ BENCH_CAPACITY_STEP_SECONDS: '-1' })).toBe(10);
  });

  it('converts saves per second into applicants typing at once, one save every 10 s each', () => {
    expect(applicantsAt(1234.5)).toBe(12_345);
  });
});
