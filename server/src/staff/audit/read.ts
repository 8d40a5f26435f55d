import { AUDIT_PAGE_SIZE, type StaffShape, type AuditQuery } from '../../../../src/kernel/staff/contract';
import type { Queryable } from './gate';
import { normaliseEmail } from '../../../../src/kernel/auth/rules';
import { collegeDayEndSql, collegeDayStartSql, isDay } from '../../collegeDays';

type Filters = StaffShape<typeof AuditQuery>;

export interface AuditRowOut {
  id: string;
  at: string;
  actor: string;
  action: string;
  target: string;
  detail: string;
  ip: string;
  userAgent: string;
}

/**
 * The WHERE of the filters, with its parameters from $1 on. Newest first, paged by id (keyset, not OFFSET). A date
 * alone (from, to) is a whole day in the college's time zone, inclusive: `to=2026-11-27` includes that evening in
 * New York, however late in UTC; a full time is that instant.
 */
function where(filters: Filters, timeZone: string) {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const placeholder = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const add = (sql: string, value: unknown) => clauses.push(sql.replace('?', placeholder(value)));
  if (filters.actor) add('actor = ?', normaliseEmail(filters.actor));
  if (filters.action) add('action = ?', filters.action);
  if (filters.from && isDay(filters.from)) {
    clauses.push(`at >= ${collegeDayStartSql(placeholder(filters.from), placeholder(timeZone))}`);
  } else if (filters.from) add('at >= ?::timestamptz', filters.from);
  if (filters.to && isDay(filters.to)) {
    clauses.push(`at < ${collegeDayEndSql(placeholder(filters.to), placeholder(timeZone))}`);
  } else if (filters.to) add('at <= ?::timestamptz', filters.to);
  if (filters.before) add('id < ?::bigint', filters.before);
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

const toRow = (r: Record<string, unknown>): AuditRowOut => ({
  id: String(r.id),
  at: new Date(r.at as Date).toISOString(),
  actor: String(r.actor),
  action: String(r.action),
  target: String(r.target),
  detail: String(r.detail),
  ip: String(r.ip),
  userAgent: String(r.user_agent),
});

const SELECT = 'SELECT id::text AS id, at, actor, action, target, detail, ip, user_agent FROM audit_log';

function isValidTime(value: string | undefined) {
  return value === undefined || value === '' || !Number.isNaN(new Date(value).getTime());
}

export const filtersAreValid = (filters: Filters) => isValidTime(filters.from) && isValidTime(filters.to);

/** One page of the log, newest first, and the id to ask for the next page with. */
export async function auditPage(db: Queryable, filters: Filters, timeZone: string, size = AUDIT_PAGE_SIZE) {
  const { sql, params } = where(filters, timeZone);
  const { rows } = await db.query(`${SELECT} ${sql} ORDER BY audit_log.id DESC LIMIT ${size + 1}`, params);
  const page = rows.slice(0, size).map(toRow);
  return { rows: page, next: rows.length > size ? page[page.length - 1].id : null };
}

/** Every matching row, newest first, in keyset batches (constant memory, whatever the log's size). */
export async function* auditRows(db: Queryable, filters: Filters, timeZone: string, batch = 1000) {
  let before = filters.before;
  for (;;) {
    const page = await auditPage(db, { ...filters, before }, timeZone, batch);
    yield* page.rows;
    if (!page.next) return;
    before = page.next;
  }
}
