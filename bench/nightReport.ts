/** Section 10 of bench/report.md: the whole night (bench/night.ts). */
import { table } from './common';
import type { NightDatabaseResult, NightResult } from './night';
import { PART_LABELS } from './nightCost';
import { KIND_LABELS, NIGHT_KINDS } from './nightMix';
import type { NightStepFigures } from './nightLoad';
import { areaHeader, notes, type AreaReport } from './reportArea';

const n = (x: number) => x.toLocaleString('en-US');
const msText = (x: number) => (Number.isFinite(x) ? `${x} ms` : '—');

function kindsTable(f: NightStepFigures): string {
  return table(
    ['Kind', 'Due', 'Done', 'Rate /s', 'p50', 'p99', 'Errors'],
    [
      ...NIGHT_KINDS.map((kind) => {
        const k = f.kinds[kind];
        return [
          KIND_LABELS[kind],
          k.due,
          k.done,
          k.perSec,
          msText(k.p50Ms),
          msText(k.p99Ms),
          k.errors ? `${k.errors} (${k.errorSamples.join('; ')})` : 0,
        ];
      }),
      [
        'conversion done (upload → the poll that saw it)',
        f.conversion.n,
        f.conversion.n,
        '',
        msText(f.conversion.p50Ms),
        `p95 ${msText(f.conversion.p95Ms)}`,
        '',
      ],
      [
        'PDF copy after a submit (GET /api/pdf)',
        f.pdfCopy.n,
        f.pdfCopy.n,
        '',
        msText(f.pdfCopy.p50Ms),
        msText(f.pdfCopy.p99Ms),
        '',
      ],
    ],
  );
}

function databaseSection(d: NightDatabaseResult): string[] {
  const atCapacity = d.steps.find((s) => s.applicantsPerHour === d.capacityPerHour && s.pass);
  const p = d.proof;
  return [
    `### ${d.database}${d.processes > 1 ? `, ${d.processes} server processes` : ', one server process'}`,
    '',
    `**Each part alone** (CPU time of one, every process and thread it ran on; ${d.limit.note}), times the mix's counts, against ${d.limit.cores} cores: **${n(d.limit.applicantsPerHour)} applicants per hour**.`,
    '',
    table(
      ['Part', 'CPU of one', 'Wall of one', 'Runs', 'CPU per applicant-hour', 'Share of the CPU'],
      d.limit.costs.map((c) => [
        PART_LABELS[c.part],
        `${c.cpuMs} ms`,
        `${c.wallMs} ms`,
        c.runs,
        `${c.perApplicantHourMs} ms`,
        `${(c.share * 100).toFixed(1)} %`,
      ]),
    ),
    '',
    '**The search** (one step per rate, in the order run):',
    '',
    table(
      [
        'Applicants/h',
        'Phase',
        'Saves /s',
        'Save p99',
        'Login p99',
        'Submit p99',
        'Conversion p95',
        'Saves sent late p99',
        'Goals',
      ],
      d.steps.map((s) => [
        n(s.applicantsPerHour),
        s.phase,
        s.kinds.save.perSec,
        msText(s.kinds.save.p99Ms),
        msText(s.kinds.login.p99Ms),
        msText(s.kinds.submit.p99Ms),
        msText(s.conversion.p95Ms),
        msText(s.saveSendLateP99Ms),
        s.pass ? 'met' : `missed: ${s.missed.join('; ')}`,
      ]),
    ),
    '',
    `- **The night's capacity: ${n(d.capacityPerHour)} applicants per hour**${d.missedAtPerHour === undefined ? ' (every rate tried met the goals: at least that)' : ` (missed at ${n(d.missedAtPerHour)})`}, **${(d.shareOfLimit * 100).toFixed(1)} %** of the parts' limit.`,
    `- Limited by: ${d.limitedBy}.`,
    ...(d.poolWrapped
      ? ['- The uploaders or submitters were used up and reused: a reused one re-uploads, or submits again.']
      : []),
    '',
    ...(atCapacity ? [`At the capacity (${n(d.capacityPerHour)}/h), each kind:`, '', kindsTable(atCapacity), ''] : []),
    `**Killed mid-run** at ${n(d.kill.applicantsPerHour)} applicants per hour (80 % of the capacity), ${d.kill.figures.seconds} s: ${d.kill.event ? `${d.kill.event.killed} killed (SIGKILL) halfway; serving with every process again after ${Math.round(d.kill.event.backAfterMs)} ms` : `the kill failed (${d.kill.error})`}. What the clients saw:`,
    '',
    kindsTable(d.kill.figures),
    '',
    `**From the database afterwards** (every write acknowledged in the whole area, search and kill run): saves ${n(p.saves.acknowledged)} answered 200, ${n(p.saves.applied)} versions added, ${p.saves.lost} lost; uploads ${p.uploads.acknowledged} accepted, ${p.uploads.found} with their job (${p.uploads.converted} converted), ${p.uploads.lost} lost; submits ${p.submits.acknowledged} answered 200, ${p.submits.found} recorded with ${p.submits.receipts} receipts queued, ${p.submits.lost} lost; confirmations ${p.confirmations.acknowledged}, ${p.confirmations.found} confirmed, ${p.confirmations.lost} lost. **${p.lost} acknowledged writes lost.**`,
    '',
  ];
}

export function nightSection(area: AreaReport<NightResult> | undefined): string[] {
  const out = areaHeader(10, area, 'The whole night (the deadline night\u2019s mix, open loop)');
  const d = area?.data;
  if (d) {
    out.push(
      `Per active applicant-hour (bench/nightMix.ts): ${NIGHT_KINDS.map((k) => `${d.mix[k]} ${KIND_LABELS[k]}`).join(', ')}. ${d.stepSeconds} s a step.`,
      '',
      ...d.databases.flatMap(databaseSection),
    );
    if (d.failures.length) out.push(...d.failures.map((f) => `- Failed: ${f}`), '');
  }
  return [...out, ...notes(area)];
}
