import crypto from 'node:crypto';
import type { Queryable } from '../db/client';
import { insertApplications } from '../applications/table';
import { completeApplication, incompleteApplication } from '../../../src/kernel/form/definition/sampleAnswers';
import { PROGRAMS } from '../../../src/kernel/form/definition/programs';
import { entryTerms } from '../../../src/kernel/form/options/terms';
import { WAIVER_VERSION, waiverText } from '../../../src/kernel/schoolReport/rules';

/**
 * `admin seed-demo N`: N fictional applicants for demos and the bench, in varied states, their answers drawn from
 * the form definition's samples. Clearly fictional: every address is @demo.example.invalid (a domain that cannot
 * exist), the answers say so (hear_about_us), and the accounts cannot log in (no password hash verifies).
 */
export const DEMO_DOMAIN = 'demo.example.invalid';
const FICTIONAL = 'Fictional demo applicant (seed-demo)';
/** Rows per INSERT: 50,000 applicants in about a hundred statements. */
const BATCH = 500;

/**
 * Names from faker's lists in the Latin-script locales of a college's applicants (thousands of first and last names,
 * weighted towards the US): the list's search and sorts are measured on names as varied as real ones, not on a few
 * dozen repeated (with 24 last names, every typed name matched 2,000 of 50,000 applicants).
 */
const NAME_LOCALES = [
  [() => import('@faker-js/faker/locale/en_US'), 8],
  [() => import('@faker-js/faker/locale/es_MX'), 2],
  [() => import('@faker-js/faker/locale/en_GB'), 1],
  [() => import('@faker-js/faker/locale/en_IN'), 1],
  [() => import('@faker-js/faker/locale/en_NG'), 1],
  [() => import('@faker-js/faker/locale/en_GH'), 1],
  [() => import('@faker-js/faker/locale/yo_NG'), 1],
  [() => import('@faker-js/faker/locale/zu_ZA'), 1],
  [() => import('@faker-js/faker/locale/de'), 1],
  [() => import('@faker-js/faker/locale/fr'), 1],
  [() => import('@faker-js/faker/locale/it'), 1],
  [() => import('@faker-js/faker/locale/pl'), 1],
  [() => import('@faker-js/faker/locale/pt_BR'), 1],
  [() => import('@faker-js/faker/locale/tr'), 1],
  [() => import('@faker-js/faker/locale/vi'), 1],
  [() => import('@faker-js/faker/locale/nb_NO'), 1],
  [() => import('@faker-js/faker/locale/sv'), 1],
  [() => import('@faker-js/faker/locale/nl'), 1],
] as const;

type Person = { firstName(): string; lastName(): string };

/** One person-name generator per locale, each as often as its weight. */
async function nameGenerators(): Promise<Person[]> {
  const weighted: Person[] = [];
  // Loaded only when seeding (each locale's module is one of faker's entry points, not its whole 4 MB).
  for (const [load, weight] of NAME_LOCALES) {
    const { faker } = await load();
    for (let i = 0; i < weight; i++) weighted.push(faker.person);
  }
  return weighted;
}

type Status = 'none' | 'started' | 'validating' | 'submitted';
/** Of every 20 applicants: 2 with no answers yet, 6 started, 2 validating, 10 submitted. */
const STATUS_CYCLE: Status[] = [
  ...Array(2).fill('none'),
  ...Array(6).fill('started'),
  ...Array(2).fill('validating'),
  ...Array(10).fill('submitted'),
];

/**
 * The counselor's school report of every 10 submitted applicants: 3 received from the counselor, 1 received by other
 * means, 2 requested, 1 reminded, 1 overdue, 1 declined, 1 bounced (none has a live link or a mail queued: the
 * addresses are fictional and the worker would bounce them).
 */
const SCHOOL_REPORT_CYCLE = [
  'received',
  'received',
  'received',
  'other_means',
  'requested',
  'requested',
  'reminded',
  'overdue',
  'declined',
  'bounced',
] as const;
type DemoReport = (typeof SCHOOL_REPORT_CYCLE)[number];

interface DemoApplicant {
  email: string;
  status: Status;
  answer: Record<string, string | boolean>;
  createdAt: string;
  submittedAt: string | null;
  document: 'none' | 'failed';
  schoolReport: DemoReport | null;
}

function demoApplicant(index: number, runId: string, now: Date, names: Person[]): DemoApplicant {
  const random = (n: number) => crypto.randomInt(n);
  const person = names[random(names.length)];
  const first = person.firstName();
  const last = person.lastName();
  const status = STATUS_CYCLE[index % STATUS_CYCLE.length];
  const base = status === 'none' ? {} : status === 'submitted' ? completeApplication(now) : incompleteApplication(now);
  const terms = entryTerms(4, now);
  const answer: Record<string, string | boolean> =
    status === 'none'
      ? {}
      : {
          ...(base as Record<string, string | boolean>),
          first_name: first,
          last_name: last,
          preferred_name: first,
          entry_term: terms[random(terms.length)].value,
          applied_major: PROGRAMS[random(PROGRAMS.length)].value,
          applied_major_desc: '',
          hear_about_us: FICTIONAL,
        };
  if (answer.applied_major) answer.applied_major_desc = PROGRAMS.find((p) => p.value === answer.applied_major)!.label;
  const day = 86_400_000;
  const created = new Date(now.getTime() - (30 + random(60)) * day - random(day));
  const local = `${first}.${last}`
    .normalize('NFD')
    .replace(/[^A-Za-z.]/g, '')
    .toLowerCase();
  return {
    email: `${local}.${runId}${index}@${DEMO_DOMAIN}`,
    status,
    answer,
    createdAt: created.toISOString(),
    submittedAt: status === 'submitted' ? new Date(now.getTime() - random(30 * day)).toISOString() : null,
    // One in ten has a document whose conversion failed. None is left waiting: the conversion worker would take it.
    document: index % 10 === 3 && status !== 'none' ? 'failed' : 'none',
    schoolReport:
      status === 'submitted' ? SCHOOL_REPORT_CYCLE[Math.floor(index / STATUS_CYCLE.length + index) % 10] : null,
  };
}

/** Inserts `count` demo applicants; returns how many. Safe to run again: each run's addresses are its own. */
export async function seedDemo(
  db: Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  count: number,
) {
  const runId = crypto.randomBytes(3).toString('hex');
  const now = new Date();
  const names = await nameGenerators();
  for (let start = 0; start < count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) =>
      demoApplicant(start + i, runId, now, names),
    );
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string; username: string }>(
        `INSERT INTO users (username, password_hash, confirmed_at, created_at)
         SELECT x.email, 'demo$cannot-log-in', x.created_at::timestamptz, x.created_at::timestamptz
           FROM json_to_recordset($1::json) AS x(email text, created_at text)
         RETURNING id::text AS id, username`,
        [JSON.stringify(batch.map((a) => ({ email: a.email, created_at: a.createdAt })))],
      );
      const ids = new Map(rows.map((row) => [row.username, row.id]));
      const withApplication = batch.filter((a) => a.status !== 'none');
      const records = withApplication.map((a) => ({
        user_id: ids.get(a.email),
        answer: a.answer,
        submitted_at: a.submittedAt,
        updated_at: a.submittedAt ?? new Date(now.getTime() - crypto.randomInt(20 * 86_400_000)).toISOString(),
        status: a.status,
        document: a.document,
        school_report: a.schoolReport,
      }));
      await insertApplications(tx, JSON.stringify(records));
      await tx.query(
        `INSERT INTO web_statuses (user_id, web_status, at)
         SELECT x.user_id, s.status, x.updated_at::timestamptz
           FROM json_to_recordset($1::json) AS x(user_id bigint, status text, updated_at text)
           CROSS JOIN LATERAL unnest(CASE x.status WHEN 'started' THEN ARRAY['started']
             WHEN 'validating' THEN ARRAY['started', 'validating']
             ELSE ARRAY['started', 'validating', 'submitted'] END) AS s(status)`,
        [JSON.stringify(records)],
      );
      await tx.query(
        `INSERT INTO conversion_jobs (user_id, answer_key, file_key, file_name, status, message, finished_at)
         SELECT x.user_id, 'personal_statement_doc', 'demo/none', 'essay.docx', 'failed',
                'Fictional: this demo document never existed.', now()
           FROM json_to_recordset($1::json) AS x(user_id bigint, document text) WHERE x.document <> 'none'`,
        [JSON.stringify(records)],
      );
      await insertDemoSchoolReports(tx, JSON.stringify(records.filter((r) => r.school_report)));
    });
  }
  // The planner's statistics for what was just added (PGlite has no autovacuum to gather them; PostgreSQL's would
  // only after a while): the staff list's plans depend on them.
  await db.query('ANALYZE');
  return count;
}

/**
 * The demo's school report requests (one per submitted applicant) and their waivers, dated from the submission:
 * a reminded one 8 days ago, an overdue one 29 days ago, the others within the last week.
 */
async function insertDemoSchoolReports(tx: Queryable, records: string) {
  await tx.query(
    `WITH x AS (
       SELECT x.user_id, x.school_report AS kind, x.submitted_at::timestamptz AS submitted_at,
              CASE x.school_report WHEN 'reminded' THEN now() - interval '8 days'
                                   WHEN 'overdue' THEN now() - interval '29 days'
                                   ELSE now() - interval '5 days' END AS requested_at
         FROM json_to_recordset($1::json) AS x(user_id bigint, school_report text, submitted_at text))
     INSERT INTO school_report_requests (user_id, counselor_first_name, counselor_last_name, counselor_email, state,
            state_at, requested_at, requested_by, reminders_sent, received_at, received_via, declined_at,
            decline_reason, bounced_at, counselor_submitted_at, staff_note, link_expires_at)
     SELECT user_id, 'Demo', 'Counselor', 'counselor.' || user_id || '@school.demo.example.invalid',
            CASE kind WHEN 'other_means' THEN 'received' ELSE kind END,
            CASE WHEN kind IN ('requested', 'reminded', 'overdue') THEN requested_at ELSE requested_at + interval '2 days' END,
            requested_at, 'submit',
            CASE kind WHEN 'reminded' THEN 1 WHEN 'overdue' THEN 3 ELSE 0 END,
            CASE WHEN kind IN ('received', 'other_means') THEN requested_at + interval '2 days' END,
            CASE kind WHEN 'received' THEN 'counselor' WHEN 'other_means' THEN 'other_means' END,
            CASE kind WHEN 'declined' THEN requested_at + interval '2 days' END,
            CASE kind WHEN 'declined' THEN 'Fictional: the student left this school.' END,
            CASE kind WHEN 'bounced' THEN requested_at + interval '2 days' END,
            CASE kind WHEN 'received' THEN requested_at + interval '2 days' END,
            CASE kind WHEN 'other_means' THEN 'Fictional: the transcript came by post.' END,
            now() + interval '200 days'
       FROM x`,
    [records],
  );
  await tx.query(
    `INSERT INTO school_report_waivers (user_id, choice, text, version, recorded_at)
     SELECT x.user_id, 'Y', $2, $3, x.submitted_at::timestamptz
       FROM json_to_recordset($1::json) AS x(user_id bigint, submitted_at text)`,
    [records, waiverText('Y'), WAIVER_VERSION],
  );
}
