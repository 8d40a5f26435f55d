import type { ApplicantsQuery, StaffShape } from '../../../../src/kernel/staff/contract';
import {
  APPLICANTS_PAGE_SIZE,
  APPLICANT_STATUSES,
  SCHOOL_REPORT_FILTERS,
  searchWords,
  sortInForce,
  type ApplicantStatus,
} from '../../../../src/kernel/staff/applicants';
import { applicationIdOf } from '../../../../src/kernel/applicationId';
import type { Queryable } from '../audit/gate';
import { collegeDayEndSql, collegeDayStartSql } from '../../collegeDays';
import { lastSaves } from '../../applications/table';

export type ListQuery = StaffShape<typeof ApplicantsQuery>;

/**
 * The sorts by a value of the list's row, each never NULL, so a page ends at a (value, id) key the next page starts
 * after, and each with an index in that order (migrations 007, 009). Not submitted sorts after every submission.
 * The sort by last name is listByName's, by last save listBySaved's.
 */
const SORTS = {
  submitted: { sql: `coalesce(l.submitted_at, 'infinity'::timestamptz)`, cast: 'timestamptz' },
} as const;

/** The columns of a list row. */
const ROW_COLUMNS = `l.user_id::text AS id, l.email, l.name, l.status, l.submitted_at, l.entry_term, l.major,
                     l.docs_waiting, l.docs_failed`;
const PAGE_LIMIT = APPLICANTS_PAGE_SIZE + 1;
/** The cursor's value of an account that never saved (they come after every save, by id). */
const NEVER_SAVED = '';
/**
 * An account with no name yet (its sort_name is '' with no application, ' ' with the last and first names both
 * empty: migration 007): the sort by name lists them after every name, by id, in either direction. Equality, so the
 * name indexes find them. The cursor's value of one is '' (a name's never is).
 */
const UNNAMED = `l.sort_name IN ('', ' ')`;
const NO_NAME = '';

const copy = (built: Built): Built => ({ where: [...built.where], params: [...built.params] });

/** Search text as staff type it, folded as the list folds names and emails (lower case, no accents). */
const fold = (placeholder: string) => `lower(public.unaccent('public.unaccent'::regdictionary, ${placeholder}::text))`;
/** Every text that starts with `folded`, as a range a text_pattern_ops b-tree scans. */
const startsWith = (column: string, folded: string) =>
  `(${column} OPERATOR(pg_catalog.~>=~) ${folded} AND ${column} OPERATOR(pg_catalog.~<~) (${folded} || chr(1114111)))`;

/**
 * A search, looked up: each word typed, folded; for each, the name words like it; and the folded text an email
 * starts with.
 */
export interface Search {
  words: string[];
  wordSets: string[][];
  emailPrefix: string;
}

/**
 * Looks up what a search matches (migration 009). Each word typed must be like a word of the name: one that starts
 * with it, or one pg_trgm finds similar at its default threshold (0.3: "okafr" is 0.44 similar to "okafor",
 * "mueller" 0.5 to "muller"), found in the small table of every name word; a word of one or two letters (too short for trigrams) is a row's own key. The list then
 * asks for the applicants holding them with the words as values, so the planner sees how many names they reach
 * (with a sub-select it guessed, and walked all 50,000 rows in name order for a word nobody has).
 */
export async function lookUpSearch(db: Queryable, q: string | undefined): Promise<Search | null> {
  const text = q?.trim();
  if (!text) return null;
  const words = searchWords(text);
  const params: string[] = [text, ...words];
  const sets = words.map((word, i) => {
    const folded = fold(`$${i + 2}`);
    // One or two letters are keys of the rows themselves (their words' first letters).
    if (word.length < 3) return `ARRAY[${folded}] AS w${i}`;
    const alike = `${startsWith('w.word', folded)} OR w.word OPERATOR(public.%) ${folded}`;
    return `ARRAY(SELECT w.word FROM applicant_name_words w WHERE ${alike}) AS w${i}`;
  });
  const folded = words.map((_, i) => `${fold(`$${i + 2}`)} AS f${i}`);
  const { rows } = await db.query<Record<string, string | string[]>>(
    `SELECT ${[`${fold('$1')} AS email`, ...folded, ...sets].join(', ')}`,
    params,
  );
  return {
    emailPrefix: rows[0].email as string,
    words: words.map((_, i) => rows[0][`f${i}`] as string),
    wordSets: words.map((_, i) => rows[0][`w${i}`] as string[]),
  };
}

interface Built {
  where: string[];
  params: unknown[];
}

export function param(built: Built, value: unknown) {
  built.params.push(value);
  return `$${built.params.length}`;
}

/** The search as SQL: a name holding a word like each word typed, or an email starting with the text. */
function searchSql(built: Built, search: Search): string {
  const email = startsWith('l.email_search', `${param(built, search.emailPrefix)}::text`);
  // A word like none of the names' words: no name matches, only an email can.
  if (search.wordSets.length === 0 || search.wordSets.some((set) => set.length === 0)) return email;
  const names = search.wordSets.map((set) => `l.name_words && ${param(built, set)}::text[]`);
  return `((${names.join(' AND ')}) OR ${email})`;
}

/** The filters as SQL over applicant_list (the search looked up first: lookUpSearch). */
export function filters(
  query: ListQuery,
  search: Search | null,
  timeZone: string,
  withStatus: boolean,
  withReport = true,
): Built {
  const built: Built = { where: [], params: [] };
  if (search) built.where.push(searchSql(built, search));
  // Equality on the bucket, as status: applicant_list_school_report pages by name within it (migration 017).
  if (withReport && query.report) built.where.push(`l.school_report_filter = ${param(built, query.report)}`);
  if (withStatus && query.status) built.where.push(`l.status = ${param(built, query.status)}`);
  const zone = () => param(built, timeZone);
  if (query.submittedFrom) {
    built.where.push(`l.submitted_at >= ${collegeDayStartSql(param(built, query.submittedFrom), zone())}`);
  }
  if (query.submittedTo) {
    built.where.push(`l.submitted_at < ${collegeDayEndSql(param(built, query.submittedTo), zone())}`);
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
  const desc = query.dir === 'desc';
  const search = await lookUpSearch(db, query.q);
  const built = filters(query, search, timeZone, true);
  const cursor = query.after ? decodeCursor(query.after) : null;
  if (query.after && !cursor) throw new BadCursor();
  const sort = sortInForce(query.sort, query.q);
  const rows =
    sort === 'match' && search
      ? await listByMatch(db, built, search, cursor)
      : sort === 'saved'
        ? await listBySaved(db, built, desc, cursor)
        : sort === 'submitted'
          ? await listByRow(db, built, SORTS[sort], desc, cursor)
          : await listByName(db, built, desc, cursor);
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
    counts: await statusCounts(db, query, search, timeZone),
    reportCounts: await reportCounts(db, query, search, timeZone),
  };
}

/** A page in the order of a value of the list's row (SORTS). */
async function listByRow(
  db: Queryable,
  built: Built,
  sort: (typeof SORTS)[keyof typeof SORTS],
  desc: boolean,
  cursor: [string, string] | null,
) {
  if (cursor) {
    const [value, id] = [param(built, cursor[0]), param(built, cursor[1])];
    built.where.push(`(${sort.sql}, l.user_id) ${desc ? '<' : '>'} (${value}::${sort.cast}, ${id}::bigint)`);
  }
  const order = desc ? 'DESC' : 'ASC';
  const { rows } = await db.query<Omit<Row, 'updated_at'>>(
    `SELECT ${ROW_COLUMNS}, (${sort.sql})::text AS sort_value
       FROM applicant_list l ${whereSql(built)}
      ORDER BY ${sort.sql} ${order}, l.user_id ${order}
      LIMIT ${PAGE_LIMIT}`,
    built.params,
  );
  return withLastSaves(db, rows);
}

/**
 * A page by last name: the named rows in the order of the name index (sort_name, user_id), then the accounts with
 * no name yet, by id, which an ascending list would otherwise show first (their sort_name is blank): the 50 rows
 * on top are people to read, not empty accounts. Each part reads by key, as listBySaved's two do.
 */
async function listByName(db: Queryable, built: Built, desc: boolean, cursor: [string, string] | null) {
  const order = desc ? 'DESC' : 'ASC';
  const after = desc ? '<' : '>';
  const rows: Omit<Row, 'updated_at'>[] = [];
  const pastNames = cursor !== null && cursor[0] === NO_NAME;
  if (!pastNames) {
    const named = copy(built);
    named.where.push(`NOT ${UNNAMED}`);
    if (cursor) {
      const [value, id] = [param(named, cursor[0]), param(named, cursor[1])];
      named.where.push(`(l.sort_name, l.user_id) ${after} (${value}::text, ${id}::bigint)`);
    }
    const page = await db.query<Omit<Row, 'updated_at'>>(
      `SELECT ${ROW_COLUMNS}, l.sort_name AS sort_value
         FROM applicant_list l ${whereSql(named)}
        ORDER BY l.sort_name ${order}, l.user_id ${order}
        LIMIT ${PAGE_LIMIT}`,
      named.params,
    );
    rows.push(...page.rows);
  }
  if (rows.length < PAGE_LIMIT) {
    const unnamed = copy(built);
    unnamed.where.push(UNNAMED);
    if (pastNames) unnamed.where.push(`l.user_id ${after} ${param(unnamed, cursor![1])}::bigint`);
    const page = await db.query<Omit<Row, 'updated_at'>>(
      `SELECT ${ROW_COLUMNS}, '${NO_NAME}' AS sort_value
         FROM applicant_list l ${whereSql(unnamed)}
        ORDER BY l.user_id ${order}
        LIMIT ${PAGE_LIMIT - rows.length}`,
      unnamed.params,
    );
    rows.push(...page.rows);
  }
  return withLastSaves(db, rows);
}

/** The page's rows with each applicant's last save, asked of the applications table (one statement for the page). */
async function withLastSaves<T extends { id: string }>(
  db: Queryable,
  rows: T[],
): Promise<(T & Pick<Row, 'updated_at'>)[]> {
  const saves = await lastSaves(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, updated_at: saves.get(row.id) ?? null }));
}

/**
 * A page best match first: each row scored by how alike its name's words are to the words typed (pg_trgm's
 * similarity, the best of its words for each word typed, summed), then by name. Only the rows the search matched are
 * scored: a search that ranks has a word of 3 letters or more, which few names are like. The direction is always
 * best first. The cursor's value holds the score and the name.
 */
/** The best-match cursor's score and name (a page's link could be edited by hand). */
function matchCursor(value: string): [string, string] {
  try {
    const parsed = JSON.parse(value);
    if (Array.isArray(parsed) && Number.isFinite(Number(parsed[0])) && typeof parsed[1] === 'string') {
      return [String(parsed[0]), parsed[1]];
    }
  } catch {
    // not JSON: as any other broken cursor
  }
  throw new BadCursor();
}

async function listByMatch(db: Queryable, built: Built, search: Search, cursor: [string, string] | null) {
  const score = search.wordSets
    .map((set, i) => {
      const typed = param(built, search.words[i]);
      const like = param(built, set);
      return `coalesce((SELECT max(public.similarity(${typed}::text, w)) FROM unnest(l.name_words) w
                         WHERE w = ANY(${like}::text[])), 0)`;
    })
    .join(' + ');
  if (cursor) {
    const [rank, name] = matchCursor(cursor[0]);
    const after = [param(built, rank), param(built, name), param(built, cursor[1])];
    built.where.push(
      `(k.rank, l.sort_name, l.user_id) > (${after[0]}::float8, ${after[1]}::text, ${after[2]}::bigint)`,
    );
  }
  const { rows } = await db.query<Omit<Row, 'updated_at'> & { rank: string }>(
    `SELECT ${ROW_COLUMNS}, json_build_array(k.rank::text, l.sort_name)::text AS sort_value
       FROM applicant_list l CROSS JOIN LATERAL (SELECT -(${score})::float8 AS rank) k ${whereSql(built)}
      ORDER BY k.rank, l.sort_name, l.user_id
      LIMIT ${PAGE_LIMIT}`,
    built.params,
  );
  return withLastSaves(db, rows);
}

/**
 * A page by last save: the applications in the order of their own index (updated_at, user_id), each joined to its
 * list row, then the accounts that never saved, by id. Ordering the list's rows by a value of the joined application
 * sorted all 50,000 of them for each page (0.1–0.25 s on PGlite); this reads 51. The one staff statement that
 * reads the applications table itself: the page is the join of the two orders, which the planner must see whole
 * (a function of server/src/applications could only page the applications unfiltered, or take this SQL as text).
 */
async function listBySaved(db: Queryable, built: Built, desc: boolean, cursor: [string, string] | null) {
  const order = desc ? 'DESC' : 'ASC';
  const after = desc ? '<' : '>';
  const rows: Row[] = [];
  const pastSaves = cursor?.[0] === NEVER_SAVED;
  if (!pastSaves) {
    const saved = copy(built);
    if (cursor) {
      const [value, id] = [param(saved, cursor[0]), param(saved, cursor[1])];
      saved.where.push(`(a.updated_at, a.user_id) ${after} (${value}::timestamptz, ${id}::bigint)`);
    }
    const page = await db.query<Row>(
      `SELECT ${ROW_COLUMNS}, a.updated_at, a.updated_at::text AS sort_value
         FROM applications a JOIN applicant_list l ON l.user_id = a.user_id ${whereSql(saved)}
        ORDER BY a.updated_at ${order}, a.user_id ${order}
        LIMIT ${PAGE_LIMIT}`,
      saved.params,
    );
    rows.push(...page.rows);
  }
  if (rows.length < PAGE_LIMIT) {
    const never = copy(built);
    never.where.push('NOT EXISTS (SELECT 1 FROM applications a WHERE a.user_id = l.user_id)');
    if (pastSaves) never.where.push(`l.user_id ${after} ${param(never, cursor![1])}::bigint`);
    const page = await db.query<Row>(
      `SELECT ${ROW_COLUMNS}, NULL::timestamptz AS updated_at, '${NEVER_SAVED}' AS sort_value
         FROM applicant_list l ${whereSql(never)}
        ORDER BY l.user_id ${order}
        LIMIT ${PAGE_LIMIT - rows.length}`,
      never.params,
    );
    rows.push(...page.rows);
  }
  return rows;
}

/** The counts per status for the filters but the status: kept by triggers for the whole list (migration 010). */
async function statusCounts(db: Queryable, query: ListQuery, search: Search | null, timeZone: string) {
  const built = filters(query, search, timeZone, false);
  const { rows } = await db.query<{ status: ApplicantStatus; n: number }>(
    built.where.length
      ? `SELECT l.status, count(*)::int AS n FROM applicant_list l ${whereSql(built)} GROUP BY 1`
      : 'SELECT status, n::int AS n FROM applicant_status_counts',
    built.params,
  );
  const counts = Object.fromEntries(APPLICANT_STATUSES.map((status) => [status, 0])) as Record<ApplicantStatus, number>;
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/** The counts per school report filter for the other filters: kept by triggers for the whole list (migration 017). */
async function reportCounts(db: Queryable, query: ListQuery, search: Search | null, timeZone: string) {
  const built = filters(query, search, timeZone, true, false);
  const { rows } = await db.query<{ bucket: string; n: number }>(
    built.where.length
      ? `SELECT l.school_report_filter AS bucket, count(*)::int AS n FROM applicant_list l ${whereSql(built)} GROUP BY 1`
      : 'SELECT bucket, n::int AS n FROM applicant_school_report_counts',
    built.params,
  );
  const counts: Record<string, number> = Object.fromEntries(SCHOOL_REPORT_FILTERS.map((bucket) => [bucket, 0]));
  for (const row of rows) if (row.bucket in counts) counts[row.bucket] = row.n;
  return counts;
}
