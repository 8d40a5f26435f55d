/**
 * BENCH_RECORD=merge: a partial run (BENCH_ONLY) recorded into the committed report. The areas it ran replace
 * those areas in bench/report.json, every other area stays as it was with the time it started (an area of a report
 * from before that time was kept carries its full run's time), the budget table is made again from all of them, and
 * the report lists the partial run, so that its header says which areas came from which run.
 */
import { AREA_ORDER, type Areas, type Report } from './report';

export function mergeReport(committed: Report, partial: Report, ran: (keyof Areas)[]): Report {
  const areas: Partial<Areas> = {};
  for (const name of AREA_ORDER) {
    const area = ran.includes(name) ? partial.areas[name] : committed.areas[name];
    if (!area) continue;
    // An area of a report written before areas carried their start: it ran in that report's own run.
    (areas as Record<string, unknown>)[name] = { ...area, startedAt: area.startedAt ?? committed.generatedAt };
  }
  const checks = AREA_ORDER.flatMap((name) => areas[name]?.checks ?? []);
  return {
    ...committed,
    versions: { ...committed.versions, ...partial.versions },
    settings: { ...committed.settings, ...partial.settings },
    areas,
    checks,
    misses: checks.filter((c) => !c.pass),
    partialRuns: [
      ...(committed.partialRuns ?? []),
      { generatedAt: partial.generatedAt, durationMs: partial.durationMs, areas: ran.filter((n) => partial.areas[n]) },
    ],
  };
}
