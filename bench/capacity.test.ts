import {
  applicantsAt,
  BISECTIONS,
  BRACKET_STEPS,
  capacityStepSeconds,
  GROWTH,
  MAX_STEPS,
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

describe('capacity search', () => {
  it('steps up from a start below the capacity, then bisects to within about 5 % of it', async () => {
    const fake = route(1234);
    const found = await search(500, fake.measure);
    expect(fake.offered.slice(0, 4)).toEqual([500, 750, 1125, 1688]);
    expect(found.perSec).toBeLessThanOrEqual(1234);
    expect(found.perSec).toBeGreaterThan(1234 / 1.06);
    expect(found.missedAtPerSec).toBeGreaterThan(1234);
    expect(found.missedAtPerSec! / found.perSec).toBeLessThan(1.06);
    expect(found.steps.map((s) => s.phase)).toEqual([
      'bracket',
      'bracket',
      'bracket',
      'bracket',
      'bisect',
      'bisect',
      'bisect',
    ]);
    // Every step is reported with its figures, in the order run.
    expect(found.steps.map((s) => s.offeredPerSec)).toEqual(fake.offered);
    expect(found.steps.find((s) => s.offeredPerSec === 1688)).toMatchObject({
      pass: false,
      p99Ms: 514,
      achievedPerSec: 1234,
    });
  });

  it('steps down from a start above the capacity', async () => {
    const fake = route(300);
    const found = await search(1000, fake.measure);
    expect(fake.offered.slice(0, 4)).toEqual([1000, 667, 445, 297]);
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
    expect(fake.offered).toHaveLength(BRACKET_STEPS);
  });

  it('says the capacity is at least the highest rate tried when every rate met the goal', async () => {
    const fake = route(1e9);
    const found = await search(100, fake.measure);
    expect(fake.offered).toHaveLength(BRACKET_STEPS);
    expect(found).toMatchObject({ perSec: fake.offered[BRACKET_STEPS - 1], missedAtPerSec: undefined });
  });

  it('never runs more than MAX_STEPS steps, nor the same rate twice', async () => {
    for (const limit of [1, 2, 3, 7, 50, 333, 999, 1000, 1001, 4321, 20_000]) {
      for (const start of [1, 10, 1000]) {
        const fake = route(limit);
        await search(start, fake.measure);
        expect(fake.offered.length).toBeLessThanOrEqual(MAX_STEPS);
        expect(new Set(fake.offered).size).toBe(fake.offered.length);
      }
    }
  });

  it('stops bisecting once the two rates are neighbours', async () => {
    const fake = route(2);
    const found = await search(2, fake.measure);
    expect(fake.offered).toEqual([2, 3]);
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
    expect(order.slice(0, 4)).toEqual(['ours', 'floor', 'ours', 'floor']);
    expect(ours.perSec).toBeLessThanOrEqual(800);
    expect(floor.perSec).toBeLessThanOrEqual(5000);
    expect(floor.perSec).toBeGreaterThan(5000 / 1.06);
    // Once one search has ended, the other goes on alone.
    expect(order.length).toBe(ours.steps.length + floor.steps.length);
    expect(seen).toHaveLength(order.length);
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
