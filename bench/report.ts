/**
 * Writes bench/report.json (everything measured, prettier-formatted) and bench/report.md (the tables, each figure
 * that misses its budget flagged).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BundleResult } from './bundle';
import type { ConsoleResult } from './console';
import { kib, table, type Check } from './common';
import type { DocumentTiming } from './documents';
import { LIGHTHOUSE_RUNS, type LighthousePage } from './lighthouse';
import type { MemoryResult } from './memory';
import { areaHeader, notes, type AreaReport } from './reportArea';
import { nightSection } from './nightReport';
import type { NightResult } from './night';
import type { PeersResult } from './peers/area';
import type { ServerResult } from './server';
import { capacityText, deadlineNightText, START_SHARE_OF_CLOSED_LOOP, type TargetCapacity } from './serverCapacity';
import { DEADLINE_SAVE_INTERVAL_S, RATE_MAJORITY, RATE_STEPS } from './capacity';
import type { TypingResult } from './typing';
import type { ValidationResult } from './validation';

export interface Areas {
  bundle: AreaReport<BundleResult>;
  lighthouse: AreaReport<LighthousePage[]>;
  typing: AreaReport<TypingResult>;
  validation: AreaReport<ValidationResult>;
  server: AreaReport<ServerResult>;
  documents: AreaReport<DocumentTiming[]>;
  memory: AreaReport<MemoryResult>;
  peers: AreaReport<PeersResult>;
  console: AreaReport<ConsoleResult>;
  night: AreaReport<NightResult>;
}

export interface Report {
  generatedAt: string;
  durationMs: number;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; os: string };
  versions: Record<string, string>;
  settings: Record<string, string | number>;
  build: { ok: boolean; durationMs: number; distDir: string; error?: string };
  areas: Partial<Areas>;
  checks: Check[];
  misses: Check[];
  /**
   * Partial runs recorded into this report since its full run (BENCH_ONLY with BENCH_RECORD=merge:
   * reportMerge.ts), oldest first: when each ran, how long it took and which areas it replaced.
   */
  partialRuns?: PartialRun[];
}

export interface PartialRun {
  generatedAt: string;
  durationMs: number;
  areas: (keyof Areas)[];
}

/** The areas in the report's order (its sections' numbers). */
export const AREA_ORDER: (keyof Areas)[] = [
  'bundle',
  'lighthouse',
  'typing',
  'validation',
  'server',
  'documents',
  'memory',
  'peers',
  'console',
  'night',
];

/** What the report's first line says of the runs its figures come from. */
function provenance(report: Report): string[] {
  const full = `Written by \`npm run bench\` on ${report.generatedAt} (the run took ${(report.durationMs / 60000).toFixed(1)} min).`;
  const partial = report.partialRuns ?? [];
  if (partial.length === 0) return [full, ''];
  const replaced = new Set(partial.flatMap((r) => r.areas));
  const fromFull = AREA_ORDER.filter((name) => report.areas[name] && !replaced.has(name));
  return [
    `${full.replace('Written by', 'The full run:')} Its areas here: ${fromFull.join(', ') || 'none'}.`,
    '',
    "Areas recorded since by partial runs (`BENCH_ONLY=… BENCH_RECORD=merge npm run bench`), each replacing the full run's:",
    '',
    ...partial.map((r) => `- ${r.generatedAt} (${(r.durationMs / 60000).toFixed(1)} min): ${r.areas.join(', ')}`),
    '',
    "The budget table holds every area's latest figures together, whichever run they came from; each section says when its area started.",
    '',
  ];
}

const MISS = '❌ **MISS**';
const PASS = '✅';

const fmt = (value: number | null, unit = '') => {
  if (value === null || !Number.isFinite(value)) return '—';
  const text = Number.isInteger(value) ? String(value) : String(Number(value.toFixed(3)));
  return unit ? `${text} ${unit}` : text;
};
const ms = (value: number) => {
  if (!Number.isFinite(value)) return '—';
  const digits = Math.abs(value) < 1 ? 3 : Math.abs(value) < 100 ? 1 : 0;
  return `${Number(value.toFixed(digits))} ms`;
};
const mib = (kibValue: number | null) => (kibValue === null ? '—' : `${(kibValue / 1024).toFixed(0)} MiB`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** The budget table (also pasted into the README's Performance section). */
export function budgetTable(checks: Check[]): string {
  return table(
    ['Area', 'Figure', 'Value', 'Budget', '', 'Note'],
    checks.map((c) => [
      c.area,
      c.name,
      c.noisy ? `${fmt(c.value, c.unit)} (noisy)` : fmt(c.value, c.unit),
      c.budget,
      c.pass ? PASS : MISS,
      c.note ?? '',
    ]),
  );
}

function bundleSection(area: AreaReport<BundleResult> | undefined): string[] {
  const out = areaHeader(1, area, 'Bundle (first download per route)');
  const d = area?.data;
  if (d) {
    out.push(
      table(
        [
          'Route',
          'JS raw',
          'JS gzip',
          'JS brotli',
          'CSS raw',
          'CSS gzip',
          'CSS brotli',
          'Total gzip',
          'Total brotli',
          'Files',
        ],
        d.routes.map((r) => [
          r.route,
          kib(r.js.raw),
          kib(r.js.gzip),
          kib(r.js.brotli),
          kib(r.css.raw),
          kib(r.css.gzip),
          kib(r.css.brotli),
          kib(r.total.gzip),
          kib(r.total.brotli),
          `${r.js.files.length} JS, ${r.css.files.length} CSS`,
        ]),
      ),
      '',
      `Whole build (every route, lazy chunks included): JS ${kib(d.wholeBuild.js.raw)} raw, ${kib(d.wholeBuild.js.gzip)} gzip, ${kib(d.wholeBuild.js.brotli)} brotli in ${d.wholeBuild.js.files} files; CSS ${kib(d.wholeBuild.css.raw)} raw, ${kib(d.wholeBuild.css.gzip)} gzip, ${kib(d.wholeBuild.css.brotli)} brotli in ${d.wholeBuild.css.files} files.`,
      '',
      'Largest modules of the first download (/login and /about together, minified bytes from the source maps):',
      '',
      table(
        ['Module', 'Minified', 'Share'],
        d.largestModules.map((m) => [m.source, kib(m.bytes), `${(m.share * 100).toFixed(1)} %`]),
      ),
      '',
      'By package or app folder:',
      '',
      table(
        ['Package / folder', 'Minified', 'Share'],
        d.largestPackages.map((m) => [m.source, kib(m.bytes), `${(m.share * 100).toFixed(1)} %`]),
      ),
      '',
    );
  }
  return [...out, ...notes(area)];
}

function lighthouseSection(area: AreaReport<LighthousePage[]> | undefined): string[] {
  const out = areaHeader(
    2,
    area,
    `Lighthouse 12 (mobile, simulated throttling, calibrated CPU; median of ${LIGHTHOUSE_RUNS} runs)`,
  );
  const pages = area?.data;
  if (pages?.length) {
    out.push(
      table(
        ['Page', 'Performance', 'LCP', 'TBT', 'CLS', 'FCP', 'Accessibility', 'JS fetched (transfer)', 'Runs (perf)'],
        pages.map((p) => [
          p.name,
          fmt(p.median.performance),
          ms(p.median.lcpMs),
          ms(p.median.tbtMs),
          fmt(p.median.cls),
          ms(p.median.fcpMs),
          fmt(p.median.accessibility),
          `${kib(p.median.jsTransferBytes)} in ${p.median.jsRequests} files`,
          p.runs.map((r) => r.performance).join(', '),
        ]),
      ),
      '',
    );
    for (const p of pages) {
      const issues = p.topIssues.length ? p.topIssues.join('; ') : 'none flagged';
      const a11y = p.accessibilityFailures.length ? p.accessibilityFailures.join('; ') : 'none';
      out.push(
        `- **${p.name}** (${p.url}): diagnostics: ${issues}. Failed accessibility audits: ${a11y}.${p.retries ? ` ${p.retries} failed run(s) were run again.` : ''}${p.reportHtml ? ` Report: \`${p.reportHtml}\`.` : ''}`,
      );
    }
    out.push('');
  }
  return [...out, ...notes(area)];
}

function typingSection(area: AreaReport<TypingResult> | undefined): string[] {
  const out = areaHeader(3, area, 'Typing on /about (calibrated CPU, every conditional question shown)');
  const d = area?.data;
  if (d) {
    out.push(
      `${d.keystrokes} keystrokes in ${d.fields.length} fields (${d.fields.map((f) => `\`${f.key}\``).join(', ')}), ${d.keyDelayMs} ms apart.`,
      '',
      table(
        ['Measure', 'p50', 'p95', 'max', 'mean'],
        [
          [
            'keydown → next frame (rAF callback)',
            ...[d.latency.p50Ms, d.latency.p95Ms, d.latency.maxMs, d.latency.meanMs].map(ms),
          ],
          [
            'keydown → that frame painted (rAF + task)',
            ...[d.latencyPainted.p50Ms, d.latencyPainted.p95Ms, d.latencyPainted.maxMs, d.latencyPainted.meanMs].map(
              ms,
            ),
          ],
        ],
      ),
      '',
      table(
        ['Per keystroke (render hook)', 'mean', 'p95', 'max'],
        [
          ['Question component renders', d.questionRenders.mean, d.questionRenders.p95, d.questionRenders.max],
          ['Distinct questions rendered', d.questionsRendered.mean, d.questionsRendered.p95, d.questionsRendered.max],
        ],
      ),
      '',
      `Questions seen rendering: ${d.questionsRenderedSeen.length ? d.questionsRenderedSeen.map((q) => `${q.question} (${q.keystrokes}×)`).join(', ') : 'none'}.`,
      '',
      table(
        ['Per keystroke (MutationObserver)', 'mean', 'p95', 'max'],
        [
          [
            'Other fields changed per keystroke',
            d.otherFieldsChanged.mean,
            d.otherFieldsChanged.p95,
            d.otherFieldsChanged.max,
          ],
          [
            'Question fields changed (typed one included)',
            d.fieldsChanged.mean,
            d.fieldsChanged.p95,
            d.fieldsChanged.max,
          ],
          ['Mutation records outside any field', d.otherNodeMutationsPerKeystroke, '', ''],
        ],
      ),
      '',
      `Other fields seen changing: ${d.otherFieldsSeen.length ? d.otherFieldsSeen.map((f) => `${f.field} (${f.keystrokes}×)`).join(', ') : 'none'}. Outside fields: ${d.otherNodesSeen.length ? d.otherNodesSeen.map((n) => `${n.where} (${n.records})`).join(', ') : 'none'}.`,
      '',
    );
  }
  return [...out, ...notes(area)];
}

function validationSection(area: AreaReport<ValidationResult> | undefined): string[] {
  const out = areaHeader(4, area, 'Validation (1000 runs each, after 200 warm-up runs)');
  const d = area?.data;
  if (d) {
    out.push(
      table(
        ['Call', 'median', 'p95', 'max'],
        [d.complete, d.incomplete, ...d.others].map((t) => [t.label, ms(t.medianMs), ms(t.p95Ms), ms(t.maxMs)]),
      ),
      '',
    );
  }
  return [...out, ...notes(area)];
}

/** Each route's capacity search at the latency goal: every step, then the capacities and the share. */
function capacitySection(c: TargetCapacity): string[] {
  const routes = [
    { name: 'PUT /api/answer', capacity: c.ours },
    { name: 'the floor', capacity: c.floor },
  ];
  return [
    `#### Capacity at p99 ≤ ${c.goal.p99MaxMs} ms, ${c.goal.maxErrors} errors (${c.sessions} sessions, open loop, ${c.stepSeconds} s a step)`,
    '',
    `Each route's steps in the order run; the two searches took turns, a step of one and then a step of the other. A rate met the goal or missed it by the majority of its steps, ${RATE_MAJORITY} of up to ${RATE_STEPS} (its verdict is on the step that decided). The floor is ${c.floor.route}. Each search started at ${START_SHARE_OF_CLOSED_LOOP * 100} % of its route's closed-loop rate at ${c.sessions} sessions: PUT /api/answer at ${c.ours.startPerSec}/s (of ${c.ours.closedLoopPerSec} req/s), the floor at ${c.floor.startPerSec}/s (of ${c.floor.closedLoopPerSec} req/s).`,
    '',
    table(
      [
        'Route',
        'Step',
        'Offered /s',
        'Achieved /s',
        'p50',
        'p99',
        'max',
        'Errors',
        'Generator late, p99 / max',
        'Goal',
        "The rate's verdict",
      ],
      routes.flatMap(({ name, capacity }) =>
        capacity.steps.map((s, i) => [
          name,
          `${i + 1} (${s.phase}${s.trial > 1 ? `, step ${s.trial} at this rate` : ''})`,
          s.offeredPerSec,
          s.achievedPerSec,
          `${s.p50Ms} ms`,
          `${s.p99Ms} ms`,
          `${s.maxMs} ms`,
          s.errors,
          `${s.sendLateP99Ms} / ${s.sendLateMaxMs} ms`,
          s.pass ? 'met' : 'missed',
          s.rateMet === undefined ? '' : `${s.rateMet ? 'met' : 'missed'} (${s.trial} steps)`,
        ]),
      ),
    ),
    '',
    ...routes.map(
      ({ name, capacity }) =>
        `- ${name}: **${capacityText(capacity)}**${capacity.missedAtPerSec === undefined ? '' : ` (missed at ${capacity.missedAtPerSec}/s)`}: ${deadlineNightText(capacity)} on a deadline night, each saving once every ${DEADLINE_SAVE_INTERVAL_S} s (an assumption).`,
    ),
    `- PUT /api/answer ÷ the floor: **${c.shareOfFloor === null ? '—' : `${(c.shareOfFloor * 100).toFixed(1)} %`}**.`,
    '',
  ];
}

function serverSection(area: AreaReport<ServerResult> | undefined): string[] {
  const out = areaHeader(5, area, 'Server (autocannon on loopback)');
  const d = area?.data;
  if (d) {
    out.push(
      `${d.seconds} s per run. PUT /api/answer, the statement alone and the bare route in ${d.rounds} interleaved rounds at each level: the table shows each one's median round, and the shares are the medians of the rounds' own shares. Ceiling: ${d.ceilingRoute}.`,
      '',
    );
    for (const t of d.targets) {
      out.push(
        `### ${t.database}`,
        '',
        `${t.sessions} applicants, one session per connection; PUT body ${t.answerBytes} bytes (a complete application). ${t.processes === 1 ? 'One server process; its RSS:' : `${t.processes} server processes (SERVER_PROCESSES) and their primary; their VmRSS summed (what they share counted in each):`} ${mib(t.rssBeforeKib)} before, ${mib(t.rssPeakKib)} peak, ${mib(t.rssAfterKib)} after.`,
        '',
        table(
          ['Sessions', 'Route', 'req/s', 'p50', 'p99', 'max', 'Requests', 'Errors', '÷ ceiling', '÷ statement alone'],
          t.levels.flatMap((l) => [
            ...[l.ceiling, l.getProfile, l.putAnswer, l.bareRoute].map((r) => [
              l.connections,
              r.route,
              r.reqPerSec,
              `${r.p50Ms} ms`,
              `${r.p99Ms} ms`,
              `${r.maxMs} ms`,
              r.requests,
              r.errors === 0
                ? 0
                : `${r.errors} (${[
                    ...Object.entries(r.statusCodes)
                      .filter(([code]) => !code.startsWith('2') && !(r === l.ceiling && code === '401'))
                      .map(([code, n]) => `${n}× ${code}`),
                    ...(r.timeouts ? [`${r.timeouts} time-outs`] : []),
                    ...(r.connectionErrors ? [`${r.connectionErrors} connection errors`] : []),
                  ].join(', ')})`,
              r === l.ceiling ? '1' : `${((r.reqPerSec / l.ceiling.reqPerSec) * 100).toFixed(1)} %`,
              r === l.putAnswer
                ? `${(l.putShareOfDb * 100).toFixed(1)} % (${(l.putShareOfBare * 100).toFixed(1)} % of the bare route)`
                : r === l.bareRoute
                  ? `${(l.bareShareOfDb * 100).toFixed(1)} %`
                  : '',
            ]),
            [
              l.connections,
              'the save statement alone (no HTTP)',
              l.saveStatement.perSec,
              `${l.saveStatement.p50Ms} ms`,
              `${l.saveStatement.p99Ms} ms`,
              '',
              '',
              l.saveStatement.errors,
              '',
              '1',
            ],
          ]),
        ),
        '',
        `Rounds (req/s of PUT, statement alone, bare route): ${t.levels
          .map(
            (l) =>
              `×${l.connections} ${l.rounds.map((r) => `${r.putAnswer} / ${r.statement} / ${r.bareRoute}`).join('; ')}`,
          )
          .join(' · ')}.`,
        '',
        ...capacitySection(t.capacity),
      );
    }
    if (d.failures.length) out.push(...d.failures.map((f) => `- Failed: ${f}`), '');
  }
  return [...out, ...notes(area)];
}

function documentsSection(area: AreaReport<DocumentTiming[]> | undefined): string[] {
  const out = areaHeader(6, area, 'Documents');
  const d = area?.data;
  if (d) {
    out.push(
      table(
        ['Measure', 'median', 'min', 'runs', 'output'],
        d.map((t) => [t.label, ms(t.medianMs), ms(t.minMs), t.runs, t.output ?? '']),
      ),
      '',
    );
  }
  return [...out, ...notes(area)];
}

function memorySection(area: AreaReport<MemoryResult> | undefined): string[] {
  const out = areaHeader(7, area, 'Memory in the browser (after a forced GC)');
  const d = area?.data;
  if (d) {
    out.push(
      table(
        ['Step', 'JS heap used', 'JS heap total', 'DOM nodes', 'JS event listeners'],
        d.snapshots.map((s) => [s.step, mb(s.jsHeapUsedBytes), mb(s.jsHeapTotalBytes), s.domNodes, s.jsEventListeners]),
      ),
      '',
    );
  }
  return [...out, ...notes(area)];
}

function peersSection(area: AreaReport<PeersResult> | undefined): string[] {
  const out = areaHeader(8, area, 'Peers: About You in SurveyJS and Form.io (same run, interleaved)');
  const d = area?.data;
  if (d) {
    const names = Object.fromEntries(d.targets.map((t) => [t.id, t.name]));
    out.push(
      `Peer libraries: ${Object.entries(d.versions)
        .map(([name, version]) => `${name} ${version}`)
        .join(
          ', ',
        )}. Each cell: the figure, and its ratio to the best peer's (for ours below 1 is better, but for the performance score).`,
      '',
      table(
        ['Figure', ...d.targets.map((t) => t.name), 'Best peer'],
        d.rows.map((row) => [
          row.figure,
          ...d.targets.map((t) => {
            const value = row.values[t.id];
            const ratio = row.ratios[t.id];
            if (value === null || value === undefined) return '—';
            return `${fmt(value, row.unit)}${ratio === null || ratio === undefined ? '' : ` (${fmt(ratio)}×)`}`;
          }),
          row.bestPeer ? names[row.bestPeer] : '—',
        ]),
      ),
      '',
      table(
        ['Page', 'URL', 'JS files', 'CSS files', 'Lighthouse performance, each run', 'JS heap runs'],
        d.targets.map((t) => [
          t.name,
          t.url,
          t.firstDownload.jsFiles,
          t.firstDownload.cssFiles,
          t.lighthouse?.performanceRuns.join(', ') ?? '—',
          t.memory?.jsHeapRuns.map((b) => mb(b)).join(', ') ?? '—',
        ]),
      ),
      '',
    );
    if (d.surveyDefaultModeTyping) {
      const t = d.surveyDefaultModeTyping;
      out.push(
        `SurveyJS in its default textUpdateMode ('onBlur'), for information: ${t.keystrokes} keystrokes, keydown → next frame p50 ${ms(t.latency.p50Ms)}, p95 ${ms(t.latency.p95Ms)}; → painted p50 ${ms(t.latencyPainted.p50Ms)}, p95 ${ms(t.latencyPainted.p95Ms)}.`,
        '',
      );
    }
  }
  return [...out, ...notes(area)];
}

function consoleSection(area: AreaReport<ConsoleResult> | undefined): string[] {
  const out = areaHeader(9, area, 'Staff console at 50,000 applicants');
  for (const e of area?.data?.engines ?? []) {
    const way = (f: { p95: number; median: number; n: number } | undefined) =>
      f ? `${ms(f.p95)} (median ${ms(f.median)}, n ${f.n})` : '—';
    const labels = {
      firstPage: 'First page of the list',
      search: 'Search as you type',
      filterSort: 'Filter + sort',
      open: 'Open an applicant',
    } as const;
    out.push(
      `**${e.engine}**: ${e.applicants} applicants seeded in ${e.seedSeconds} s; misspelt names found on the first page ${e.searchFound}` +
        (e.searchMissed?.length ? ` (not: ${e.searchMissed.map((t) => `"${t}"`).join(', ')})` : '') +
        '.',
      '',
      table(
        ['p95', 'at the server', 'database alone', 'from the browser (call)', 'browser, to the screen'],
        (Object.keys(labels) as (keyof typeof labels)[]).map((key) => {
          const f = e.figures[key];
          return [labels[key], way(f.server), way(f.db), way(f.browser), f.browser?.uiP95 ? ms(f.browser.uiP95) : '—'];
        }),
      ),
      '',
      `Export of ${e.export.rows} rows: ${e.export.seconds} s (database alone ${e.export.dbSeconds} s); the server's memory grew ${e.export.memoryGrowthMB} MB.` +
        (e.firstDownloadGzipBytes
          ? ` First download of the console: ${kib(e.firstDownloadGzipBytes)} gzip (${e.firstDownloadFiles?.length} files).`
          : ''),
      '',
    );
  }
  return [...out, ...notes(area)];
}

export function renderMarkdown(report: Report): string {
  const crashed = Object.entries(report.areas).filter(([, a]) => a && !a.ok);
  const lines = [
    '# Benchmark report',
    '',
    ...provenance(report),
    '## Machine and versions',
    '',
    table(
      ['', ''],
      [
        ['CPU', `${report.machine.cpus} × ${report.machine.cpuModel}`],
        ['Memory', `${report.machine.memoryGiB} GiB`],
        ['OS', report.machine.os],
        ...Object.entries(report.versions),
        ...Object.entries(report.settings).map(([k, v]) => [k, String(v)]),
      ],
    ),
    '',
    `Production build: ${report.build.ok ? `${(report.build.durationMs / 1000).toFixed(0)} s into \`${report.build.distDir}\`` : `**failed**: \`${report.build.error}\``}.`,
    '',
    '## Budgets',
    '',
    `${report.misses.length} of ${report.checks.length} figures miss their budget (bench/budgets.ts).`,
    '',
    budgetTable(report.checks),
    '',
    ...(crashed.length
      ? [`**Parts that failed:** ${crashed.map(([name, a]) => `${name} (${a!.error})`).join('; ')}.`, '']
      : []),
    ...bundleSection(report.areas.bundle),
    ...lighthouseSection(report.areas.lighthouse),
    ...typingSection(report.areas.typing),
    ...validationSection(report.areas.validation),
    ...serverSection(report.areas.server),
    ...documentsSection(report.areas.documents),
    ...memorySection(report.areas.memory),
    ...peersSection(report.areas.peers),
    ...consoleSection(report.areas.console),
    ...nightSection(report.areas.night),
  ];
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

/** Writes both files; the JSON goes through prettier so `prettier --check .` stays clean. */
export async function writeReport(report: Report, dir: string): Promise<{ md: string; json: string }> {
  const md = path.join(dir, 'report.md');
  const json = path.join(dir, 'report.json');
  let text = JSON.stringify(report, null, 2);
  try {
    const prettier = await import('prettier');
    const options = (await prettier.resolveConfig(json)) ?? {};
    text = await prettier.format(text, { ...options, filepath: json });
  } catch {
    text += '\n';
  }
  fs.writeFileSync(json, text);
  fs.writeFileSync(md, renderMarkdown(report));
  return { md, json };
}
