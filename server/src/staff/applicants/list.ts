import type { ApplicantsQuery, StaffShape } from '../../../../src/kernel/staff/contract';
import {
  APPLICANTS_PAGE_SIZE,
  APPLICANT_STATUSES,
  applicationIdOf,
  type ApplicantStatus,
} from '../../../../src/kernel/staff/applicants';
import type { Queryable } from '../audit/gate';
import { applicationJoin } from '../../answers/applications';

export type ListQuery = StaffShape<typeof ApplicantsQuery>;

/** FROM of every list query: the narrow list row, and the application for its last save. */
export const LIST_FROM = `applicant_list l ${applicationJoin('l.user_id')}`;

/**
 * The sorts, each with a value that never is NULL, so a page ends at a (value, id) key the next page starts after.
 * Not submitted sorts after every submission (infinity); an account that never saved, by when it was created.
 */
const SORTS = {
  last_name: { sql: 'l.sort_name', cast: 'text' },
  submitted: { sql: `coalesce(l.submitted_at, 'infinity'::timestamptz)`, cast: 'timestamptz' },
  saved: { sql: 'coalesce(a.updated_at, l.created_at)', cast: 'timestamptz' },
} as const;

/** Search text as staff type it, folded as the list folds names and emails (lower case, no accents). */
const SEARCH_FOLD = `lower(public.unaccent('public.unaccent'::regdictionary, $1::text))`;

interface Built {
  where: string[];
  params: unknown[];
}

export function param(built: Built, value: unknown) {
  built.params.push(value);
  return `$${built.params.length}`;
}

/**
 * The filters as SQL over applicant_list. Under 3 characters there are too few trigrams to be typo-tolerant, so a
 * short search matches the start of a name, a word of it, or an email.
 */
export function filters(query: ListQuery, timeZone: string, withStatus: boolean): Built {
  const built: Built = { where: [], params: [] };
  const q = query.q?.trim();
  if (q) {
    const folded = SEARCH_FOLD.replace('$1', param(built, q));
    if (q.length < 3) {
      built.where.push(`(l.name_search LIKE ${folded} || '%' OR l.name_search LIKE '% ' || ${folded} || '%'
                         OR l.email_search LIKE ${folded} || '%')`);
    } else {
      // pg_trgm's word similarity at its default threshold (0.6): "okafr" is 0.67 alike to "okafor".
      built.where.push(`(${folded} OPERATOR(public.<%) l.name_search OR ${folded} OPERATOR(public.<%) l.email_search)`);
    }
  }
  if (withStatus && query.status) built.where.push(`l.status = ${param(built, query.status)}`);
  const zone = () => param(built, timeZone);
  if (query.submittedFrom) {
    built.where.push(
      `l.submitted_at >= (${param(built, query.submittedFrom)}::date)::timestamp AT TIME ZONE ${zone()}`,
    );
  }
  if (query.submittedTo) {
    built.where.push(
      `l.submitted_at < ((${param(built, query.submittedTo)}::date + 1)::timestamp AT TIME ZONE ${zone()})`,
    );
  }
  if (query.term) built.where.push(`l.entry_term = ${param(built, query.term)}`);
  if (query.major) built.where.push(`l.major = ${param(built, query.major)}`);
  if (query.documents === 'waiting') built.where.push('l.docs_waiting > 0');
  if (query.documents === 'failed') built.where.push('l.docs_failed > 0');
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
  email: string;
  name: string;
  status: ApplicantStatus;
  submitted_at: Date | null;
  updated_at: Date | null;
  entry_term: string;
  major: string;
  docs_waiting: number;
  docs_failed: number;
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
    built.where.push(`(${sort.sql}, l.user_id) ${desc ? '<' : '>'} (${value}::${sort.cast}, ${id}::bigint)`);
  }
  const order = desc ? 'DESC' : 'ASC';
  const { rows } = await db.query<Row>(
    `SELECT l.user_id::text AS id, l.email, l.name, l.status, l.submitted_at, a.updated_at, l.entry_term, l.major,
            l.docs_waiting, l.docs_failed, (${sort.sql})::text AS sort_value
       FROM ${LIST_FROM} ${whereSql(built)}
      ORDER BY ${sort.sql} ${order}, l.user_id ${order}
      LIMIT ${APPLICANTS_PAGE_SIZE + 1}`,
    built.params,
  );
  const page = rows.slice(0, APPLICANTS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    rows: page.map((row) => ({
      id: row.id,
      applicationId: applicationIdOf(row.id),
      name: row.name,
      email: row.email,
      status: row.status,
      submittedAt: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
      lastSavedAt: row.updated_at ? new Date(row.updated_at).toISOString() : null,
      entryTerm: row.entry_term,
      major: row.major,
      documentsWaiting: row.docs_waiting,
      documentsFailed: row.docs_failed,
    })),
    next: rows.length > APPLICANTS_PAGE_SIZE && last ? encodeCursor(last.sort_value, last.id) : null,
    counts: await statusCounts(db, query, timeZone),
  };
}

async function statusCounts(db: Queryable, query: ListQuery, timeZone: string) {
  const built = filters(query, timeZone, false);
  const { rows } = await db.query<{ status: ApplicantStatus; n: number }>(
    `SELECT l.status, count(*)::int AS n FROM ${LIST_FROM} ${whereSql(built)} GROUP BY 1`,
    built.params,
  );
  const counts = Object.fromEntries(APPLICANT_STATUSES.map((status) => [status, 0])) as Record<ApplicantStatus, number>;
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}
