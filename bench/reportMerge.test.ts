import type { Check } from './common';
import { renderMarkdown, type Report } from './report';
import { mergeReport } from './reportMerge';
import type { AreaReport } from './reportArea';

const check = (area: string, name: string, pass: boolean): Check => ({
  area,
  name,
  value: pass ? 1 : 3,
  unit: 'ms',
  budget: '≤ 2 ms',
  pass,
});

const area = (title: string, checks: Check[], startedAt?: string): AreaReport => ({
  title,
  ok: true,
  durationMs: 60_000,
  ...(startedAt ? { startedAt } : {}),
  notes: [],
  checks,
});

const report = (generatedAt: string, areas: Report['areas'], settings: Report['settings'] = {}): Report => {
  const checks = Object.values(areas).flatMap((a) => a?.checks ?? []);
  return {
    generatedAt,
    durationMs: 45 * 60_000,
    machine: { cpus: 2, cpuModel: 'AMD EPYC', memoryGiB: 23.5, os: 'Debian' },
    versions: { node: 'v24.21.0' },
    settings,
    build: { ok: true, durationMs: 9000, distDir: 'bench/out/dist' },
    areas,
    checks,
    misses: checks.filter((c) => !c.pass),
  };
};

const full = report(
  '2026-11-29T10:11:29.173Z',
  {
    validation: area('Validation', [check('validation', 'validateAnswers', true)]) as never,
    documents: area('Documents', [check('documents', 'DOCX', true)]) as never,
  },
  { BENCH_SECONDS: 10 },
);

describe('a partial run merged into the committed report (BENCH_RECORD=merge)', () => {
  const partial = {
    ...report(
      '2026-12-02T09:00:00.000Z',
      { documents: area('Documents', [check('documents', 'DOCX', false)], '2026-12-02T08:50:00.000Z') as never },
      { 'night step seconds (BENCH_NIGHT_STEP_SECONDS)': 20 },
    ),
    durationMs: 12 * 60_000,
  };
  const merged = mergeReport(full, partial, ['documents']);

  it('replaces the areas it ran and keeps the others, each with the time it started', () => {
    expect(merged.areas.documents?.checks).toEqual([check('documents', 'DOCX', false)]);
    expect(merged.areas.documents?.startedAt).toBe('2026-12-02T08:50:00.000Z');
    expect(merged.areas.validation?.checks).toEqual([check('validation', 'validateAnswers', true)]);
    expect(merged.areas.validation?.startedAt).toBe('2026-11-29T10:11:29.173Z');
    expect(merged.generatedAt).toBe('2026-11-29T10:11:29.173Z');
    expect(merged.settings).toEqual({ BENCH_SECONDS: 10, 'night step seconds (BENCH_NIGHT_STEP_SECONDS)': 20 });
  });

  it('makes the budget table again from every area, in the report’s order', () => {
    expect(merged.checks.map((c) => `${c.area}: ${c.pass}`)).toEqual(['validation: true', 'documents: false']);
    expect(merged.misses).toEqual([check('documents', 'DOCX', false)]);
  });

  it('says in the header which areas came from which run', () => {
    const md = renderMarkdown(merged);
    expect(md).toContain(
      'The full run: `npm run bench` on 2026-11-29T10:11:29.173Z (the run took 45.0 min). Its areas here: validation.',
    );
    expect(md).toContain('- 2026-12-02T09:00:00.000Z (12.0 min): documents');
    expect(md).toContain('_60 s; started 2026-12-02T08:50:00.000Z_');
    expect(md).toContain('1 of 2 figures miss their budget');
  });

  it('lists a second partial run after the first', () => {
    const again = mergeReport(merged, { ...partial, generatedAt: '2026-12-03T07:00:00.000Z' }, ['documents']);
    expect(again.partialRuns?.map((r) => r.generatedAt)).toEqual([
      '2026-12-02T09:00:00.000Z',
      '2026-12-03T07:00:00.000Z',
    ]);
  });
});

describe('a full run', () => {
  it('names its one run, as before', () => {
    expect(renderMarkdown(full)).toContain(
      'Written by `npm run bench` on 2026-11-29T10:11:29.173Z (the run took 45.0 min).',
    );
    expect(renderMarkdown(full)).not.toContain('partial runs');
  });
});
