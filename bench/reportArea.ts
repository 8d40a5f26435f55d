/** What every area's report carries, and the start and end of its section in bench/report.md (report.ts). */
import { NOISY_LOAD, type Check, type CpuCalibration } from './common';

export interface AreaReport<T = unknown> {
  title: string;
  ok: boolean;
  durationMs: number;
  /**
   * When the area started (ISO): areas recorded by a partial run (BENCH_RECORD=merge, reportMerge.ts) keep theirs
   * beside the full run's. Reports before 2026-12-02 have none: their areas ran in the report's own run.
   */
  startedAt?: string;
  /** The one-minute load average when the area started (above NOISY_LOAD, its figures are flagged). */
  loadBefore?: number;
  /** A browser area's CPU slowdown and how it was set (bench/cpuCalibration.ts). */
  cpu?: CpuCalibration;
  data?: T;
  error?: string;
  notes: string[];
  checks: Check[];
}

export function areaHeader<T>(n: number, area: AreaReport<T> | undefined, title: string): string[] {
  const out = [`## ${n}. ${title}`, ''];
  if (!area) return [...out, '_Not run._', ''];
  const load =
    area.loadBefore === undefined
      ? ''
      : `; load average before: ${area.loadBefore}${area.loadBefore > NOISY_LOAD ? ` (above ${NOISY_LOAD}: its figures are noisy)` : ''}`;
  const started = area.startedAt ? `; started ${area.startedAt}` : '';
  out.push(`_${(area.durationMs / 1000).toFixed(0)} s${started}${load}_`, '');
  if (area.cpu) out.push(`${area.cpu.how}.`, '');
  if (!area.ok) out.push(`**This part failed:** \`${area.error}\``, '');
  return out;
}

export const notes = (area: AreaReport | undefined) =>
  area?.notes.length ? [...area.notes.map((n) => `- ${n}`), ''] : [];
