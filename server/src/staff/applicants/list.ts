import {
  APPLICANTS_PAGE_SIZE,
  APPLICANT_STATUSES,
  applicationIdOf,
  type ApplicantStatus,
  type ApplicantsQuery,
  type StaffShape,
} from '../../../../src/kernel/staff/contract';
import type { Queryable } from '../audit/gate';

export type ListQuery = StaffShape<typeof ApplicantsQuery>;

/**
 * An application's status, as SQL over `u` (users) and `a` (applications, left-joined: an account that never logged
 * in has none).
 */
export const STATUS_SQL = `CASE
  WHEN a.submitted_at IS NOT NULL THEN 'submitted'
  WHEN EXISTS (SELECT 1 FROM web_statuses w WHERE w.user_id = u.id AND w.web_status = 'validating') THEN 'validating'
  WHEN a.answer IS NOT NULL AND a.answer <> '{}'::jsonb THEN 'started'
  ELSE 'none' END`;

/**
 * The sorts, each an expression with an index (migration 007) and a value that never is NULL, so a page ends at a
 * (value, id) key the next page starts after. Not submitted sorts after every submission (infinity).
 */
const SORTS = {
  last_name: { sql: `coalesce(applicant_sort_name(a.answer), '')`, cast: 'text' },
  submitted: { sql: `coalesce(a.submitted_at, 'infinity'::timestamptz)`, cast: 'timestamptz' },
  saved: { sql: `coalesce(a.updated_at, u.created_at)`, cast: 'timestamptz' },
} as const;

/** Search text as staff type it, folded as the indexes fold names and emails (lower case, no accents). */
const SEARCH_FOLD = `lower(public.unaccent('public.unaccent'::regdictionary, $1::text))`;

/** "Okafr" finds "Okafor", "jose" finds "José": a word of the name or email is at least this alike. */
const WORD_SIMILARITY = 0.45;

interface Built {
  where: string[];
  params: unknown[];
}

export function param(built: Built, value: unknown) {
  built.params.push(value);
  return `$${built.params.length}`;
}

/**
 * The filters as SQL. The search is two index scans (names in the answers, emails in the accounts) whose ids are
 * unioned: an OR across the two tables would read every row. Under 3 characters there are too few trigrams to be
 * typo-tolerant, so a short search matches the start of a name or email.
 */
export function filters(query: ListQuery, timeZone: string, withStatus: boolean): Built {
  const built: Built = { where: [], params: [] };
  const q = query.q?.trim();
  if (q) {
    const text = param(built, q);
    const folded = SEARCH_FOLD.replace('$1', text);
    if (q.length < 3) {
      built.where.push(`u.id IN (
        SELECT user_id FROM applications WHERE applicant_name_text(answer) LIKE ${folded} || '%'
                                            OR applicant_name_text(answer) LIKE '% ' || ${folded} || '%'
        UNION SELECT id FROM users WHERE applicant_email_text(username) LIKE ${folded} || '%')`);
    } else {
      const threshold = param(built, WORD_SIMILARITY);
      built.where.push(`u.id IN (
        SELECT user_id FROM applications
         WHERE ${folded} OPERATOR(public.<%) applicant_name_text(answer)
           AND public.word_similarity(${folded}, applicant_name_text(answer)) >= ${threshold}
        UNION SELECT id FROM users
         WHERE ${folded} OPERATOR(public.<%) applicant_email_text(username)
           AND public.word_similarity(${folded}, applicant_email_text(username)) >= ${threshold})`);
    }
  }
  if (withStatus && query.status) built.where.push(`(${STATUS_SQL}) = ${param(built, query.status)}`);
  const zone = () => param(built, timeZone);
  if (query.submittedFrom) {
    built.where.push(
      `a.submitted_at >= (${param(built, query.submittedFrom)}::date)::timestamp AT TIME ZONE ${zone()}`,
    );
  }
  if (query.submittedTo) {
    built.where.push(
      `a.submitted_at < ((${param(built, query.submittedTo)}::date + 1)::timestamp AT TIME ZONE ${zone()})`,
    );
  }
  if (query.term) built.where.push(`a.answer->>'entry_term' = ${param(built, query.term)}`);
  if (query.major) built.where.push(`a.answer->>'applied_major' = ${param(built, query.major)}`);
  if (query.documents === 'waiting') {
    built.where.push(
      `EXISTS (SELECT 1 FROM conversion_jobs j WHERE j.user_id = u.id AND j.status IN ('unprocessed', 'in_progress'))`,
    );
  }
  if (query.documents === 'failed') {
    built.where.push(`EXISTS (SELECT 1 FROM conversion_jobs j WHERE j.user_id = u.id AND j.status = 'failed')`);
  }
  return built;
}

export const whereSql = (built: Built) => (built.where.length ? `WHERE ${built.where.join(' AND ')}` : '');

/** The cursor: the last row's sort value and id, opaque to the browser. */
const encodeCursor = (value: string, id: string) => Buffer.from(JSON.stringify([value, id])).toString('base64url');
function decodeCursor(cursor: string): [string, string] | null {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return Array.isArray(parsed) && typeof parsed[0] === 'string' && /^\d+$/.test(parsed[1])
      ? [parsed[0], parsed[1]]
      : null;
  } catch {
    return null;
  }
}

interface Row {
  id: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  status: ApplicantStatus;
  submitted_at: Date | null;
  updated_at: Date | null;
  entry_term: string | null;
  applied_major: string | null;
  waiting: number;
  failed: number;
  sort_value: string;
}

export class BadCursor extends Error {}

/**
 * One page of applicants (50, paged by key: never OFFSET) for the filters and sort, and the counts per status for
 * the same filters but the status itself (the tabs above the list).
 */
export async function listApplicants(db: Queryable, query: ListQuery, timeZone: string) {
  const sort = SORTS[query.sort ?? 'last_name'];
  const desc = query.dir === 'desc';
  const built = filters(query, timeZone, true);
  if (query.after) {
    const cursor = decodeCursor(query.after);
    if (!cursor) throw new BadCursor();
    const value = param(built, cursor[0]);
    const id = param(built, cursor[1]);
    built.where.push(`(${sort.sql}, u.id) ${desc ? '<' : '>'} (${value}::${sort.cast}, ${id}::bigint)`);
  }
  const order = desc ? 'DESC' : 'ASC';
  const { rows } = await db.query<Row>(
    `SELECT u.id::text AS id, u.username, a.answer->>'first_name' AS first_name, a.answer->>'last_name' AS last_name,
            ${STATUS_SQL} AS status, a.submitted_at, a.updated_at,
            a.answer->>'entry_term' AS entry_term, a.answer->>'applied_major' AS applied_major,
            (SELECT count(*)::int FROM conversion_jobs j WHERE j.user_id = u.id
                AND j.status IN ('unprocessed', 'in_progress')) AS waiting,
            (SELECT count(*)::int FROM conversion_jobs j WHERE j.user_id = u.id AND j.status = 'failed') AS failed,
            (${sort.sql})::text AS sort_value
       FROM users u LEFT JOIN applications a ON a.user_id = u.id
       ${whereSql(built)}
      ORDER BY ${sort.sql} ${order}, u.id ${order}
      LIMIT ${APPLICANTS_PAGE_SIZE + 1}`,
    built.params,
  );
  const page = rows.slice(0, APPLICANTS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    rows: page.map((row) => ({
      id: row.id,
      applicationId: applicationIdOf(row.id),
      name: [row.first_name, row.last_name].filter(Boolean).join(' '),
      email: row.username,
      status: row.status,
      submittedAt: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
      lastSavedAt: row.updated_at ? new Date(row.updated_at).toISOString() : null,
      entryTerm: row.entry_term ?? '',
      major: row.applied_major ?? '',
      documentsWaiting: row.waiting,
      documentsFailed: row.failed,
    })),
    next: rows.length > APPLICANTS_PAGE_SIZE && last ? encodeCursor(last.sort_value, last.id) : null,
    counts: await statusCounts(db, query, timeZone),
  };
}

async function statusCounts(db: Queryable, query: ListQuery, timeZone: string) {
  const built = filters(query, timeZone, false);
  const { rows } = await db.query<{ status: ApplicantStatus; n: number }>(
    `SELECT ${STATUS_SQL} AS status, count(*)::int AS n
       FROM users u LEFT JOIN applications a ON a.user_id = u.id ${whereSql(built)} GROUP BY 1`,
    built.params,
  );
  const counts = Object.fromEntries(APPLICANT_STATUSES.map((status) => [status, 0])) as Record<ApplicantStatus, number>;
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}
