/**
 * The save's capacity at its latency goal against the floor's, on one database: PUT /api/answer and the bare route
 * (bareRoute.ts: the same statement behind a bare Fastify route, nothing else) are each searched (capacity.ts) for the
 * highest offered rate whose p99 meets BUDGETS.server.capacityP99GoalMs with no errors, in an open loop (openLoop.ts:
 * each save timed from when it was due) of every session. The two searches run in turns, a step of one and then a
 * step of the other, so that both see the same machine.
 *
 * The budget is ours as a share of the floor's: on two cores the generator, the server and the database share the
 * CPU, and the floor measures what that leaves any Node route in front of this statement here. What ours loses
 * against it is our own stack (hooks, the body's parse and checks, headers).
 */
import os from 'node:os';
import { BUDGETS } from './budgets';
import {
  applicantsText,
  BISECTIONS,
  BRACKET_STEPS,
  DEADLINE_SAVE_INTERVAL_S,
  GROWTH,
  MAX_STEPS,
  RATE_MAJORITY,
  RATE_STEPS,
  searchCapacities,
  type Capacity,
  type CapacityGoal,
} from './capacity';
import { check, LOAD_TIMEOUT_S, log, round, type Check } from './common';
import type { BenchDatabase } from './dbRate';
import { openLoop } from './openLoop';
import type { LoadSpec } from './load';

/**
 * Each search starts at this share of the route's own closed-loop rate at the same sessions (autocannon, measured
 * just before): an open loop at the closed loop's rate only queues, and the old fixed rate (60 % of the statement
 * alone's, about as much of these) was beyond 50 ms even for the floor in four of its last six full-run figures.
 * From half, a step or two either way brackets the capacity.
 */
export const START_SHARE_OF_CLOSED_LOOP = 0.5;

export const CAPACITY_GOAL: CapacityGoal = {
  p99MaxMs: BUDGETS.server.capacityP99GoalMs,
  maxErrors: BUDGETS.server.putAnswerMaxErrors,
};

/**
 * The longest the two searches can take: each of their steps is its run, then the drain of whatever queued in it
 * (at most its run again, the rates being within GROWTH of one that met the goal), each request's wait bounded by
 * the time-out.
 */
export const capacityTimeoutMs = (stepSeconds: number) => 2 * MAX_STEPS * (2 * stepSeconds + LOAD_TIMEOUT_S) * 1000;

export interface RouteCapacity extends Capacity {
  route: string;
  /** Its closed-loop rate at the same sessions, and the rate the search started from. */
  closedLoopPerSec: number;
  startPerSec: number;
}

export interface TargetCapacity {
  sessions: number;
  stepSeconds: number;
  goal: CapacityGoal;
  ours: RouteCapacity;
  floor: RouteCapacity;
  /** Ours ÷ the floor's; null when the floor met the goal at no rate tried. */
  shareOfFloor: number | null;
}

export interface RouteUnderLoad {
  baseUrl: string;
  spec: LoadSpec & { cookies: string[] };
  closedLoopPerSec: number;
}

export async function measureCapacity(
  database: BenchDatabase,
  sessions: number,
  stepSeconds: number,
  routes: { ours: RouteUnderLoad; floor: RouteUnderLoad },
): Promise<TargetCapacity> {
  const list = [routes.ours, routes.floor];
  const starts = list.map((r) => Math.max(1, Math.round(START_SHARE_OF_CLOSED_LOOP * r.closedLoopPerSec)));
  const found = await searchCapacities(
    list.map((r, i) => ({
      plan: { startPerSec: starts[i], growth: GROWTH, bracketSteps: BRACKET_STEPS, bisections: BISECTIONS },
      measure: async (perSec: number) => {
        const run = await openLoop(r.baseUrl, r.spec, sessions, perSec, stepSeconds);
        return {
          achievedPerSec: run.reqPerSec,
          p50Ms: run.p50Ms,
          p99Ms: run.p99Ms,
          maxMs: run.maxMs,
          errors: run.errors,
          sendLateP99Ms: run.sendLateP99Ms,
          sendLateMaxMs: run.sendLateMaxMs,
        };
      },
    })),
    CAPACITY_GOAL,
    (i, s) =>
      log(
        `  ${database} capacity, ${list[i].spec.route}: ${s.offeredPerSec}/s offered (step ${s.trial} at it), ${s.achievedPerSec} answered, p99 ${s.p99Ms} ms, ${s.errors} errors, sent late by p99 ${s.sendLateP99Ms} ms: ${s.pass ? 'met' : 'missed'}${s.rateMet === undefined ? '' : `; the rate ${s.rateMet ? 'met' : 'missed'} the goal`}`,
      ),
  );
  const [ours, floor] = found.map((c, i) => ({
    route: list[i].spec.route,
    closedLoopPerSec: list[i].closedLoopPerSec,
    startPerSec: starts[i],
    ...c,
  }));
  return {
    sessions,
    stepSeconds,
    goal: CAPACITY_GOAL,
    ours,
    floor,
    shareOfFloor: floor.perSec > 0 ? round(ours.perSec / floor.perSec, 3) : null,
  };
}

/** A capacity as the report writes it: "at least" when every rate tried met the goal. */
export const capacityText = (c: Capacity) =>
  `${c.missedAtPerSec === undefined && c.perSec > 0 ? 'at least ' : ''}${c.perSec.toLocaleString('en-US')} saves/s`;

export const deadlineNightText = (c: Capacity) => `about ${applicantsText(c.perSec)} applicants typing at once`;

export function capacityCheck(database: BenchDatabase, c: TargetCapacity): Check {
  const min = BUDGETS.server.capacityMinShareOfFloor[database];
  return check(
    'server',
    `PUT /api/answer capacity at p99 ≤ ${c.goal.p99MaxMs} ms ÷ the floor's, ${database}, ${c.sessions} sessions (open loop)`,
    c.shareOfFloor === null ? null : round(c.shareOfFloor * 100, 1),
    '%',
    { min: min * 100 },
    `ours ${capacityText(c.ours)} (${applicantsText(c.ours.perSec)} applicants on a deadline night), the floor ${capacityText(c.floor)} (${applicantsText(c.floor.perSec)})`,
  );
}

export function capacityNotes(targets: { database: BenchDatabase; capacity: TargetCapacity }[]): string[] {
  const cores = os.cpus().length;
  return [
    `Capacity at the latency goal: for PUT /api/answer and the floor, the highest offered rate, in an open loop (bench/openLoop.ts, every save timed from when it was due) with ${targets[0]?.capacity.sessions} sessions, whose p99 is at most ${CAPACITY_GOAL.p99MaxMs} ms with ${CAPACITY_GOAL.maxErrors} errors. A bounded search (bench/capacity.ts): from ${START_SHARE_OF_CLOSED_LOOP * 100} % of the route's own closed-loop rate at ${targets[0]?.capacity.sessions} sessions, steps ×${GROWTH} up while the goal holds or ÷${GROWTH} down while it does not (at most ${BRACKET_STEPS}), then ${BISECTIONS} bisections (geometric middles); each rate met or missed by the majority of its steps (${RATE_MAJORITY} of up to ${RATE_STEPS}); ${targets[0]?.capacity.stepSeconds} s a step; the two routes' steps in turns.`,
    ...targets.map(
      ({ database, capacity: c }) =>
        `${database}, a deadline night (assuming each applicant typing saves once every ${DEADLINE_SAVE_INTERVAL_S} s): PUT /api/answer ${capacityText(c.ours)} (${round(c.ours.perSec / cores, 0)} per core), ${deadlineNightText(c.ours)}; the floor ${capacityText(c.floor)}, ${deadlineNightText(c.floor)}.`,
    ),
  ];
}
