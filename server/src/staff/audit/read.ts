import { AUDIT_PAGE_SIZE, type StaffShape, type AuditQuery } from '../../../../src/kernel/staff/contract';
import type { Queryable } from './gate';
import { normaliseEmail } from '../../../../src/kernel/auth/rules';

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

/** A date alone means the whole day: `to=2026-11-27` includes that day's evening. */
const endOf = (to: string) => (/^\d{4}-\d{2}-\d{2}$/.test(to) ? `${to}T23:59:59.999Z` : to);

/** The WHERE of the filters, with its parameters from $1 on. Newest first, paged by id (keyset, not OFFSET). */
function where(filters: Filters) {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    clauses.push(sql.replace('?', `$${params.length}`));
  };
  if (filters.actor) add('actor = ?', normaliseEmail(filters.actor));
  if (filters.action) add('action = ?', filters.action);
  if (filters.from) add('at >= ?::timestamptz', filters.from);
  if (filters.to) add('at <= ?::timestamptz', endOf(filters.to));
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
export async function auditPage(db: Queryable, filters: Filters, size = AUDIT_PAGE_SIZE) {
  const { sql, params } = where(filters);
  const { rows } = await db.query(`${SELECT} ${sql} ORDER BY audit_log.id DESC LIMIT ${size + 1}`, params);
  const page = rows.slice(0, size).map(toRow);
  return { rows: page, next: rows.length > size ? page[page.length - 1].id : null };
}

/** Every matching row, newest first, in keyset batches (constant memory, whatever the log's size). */
export async function* auditRows(db: Queryable, filters: Filters, batch = 1000) {
  let before = filters.before;
  for (;;) {
    const page = await auditPage(db, { ...filters, before }, batch);
    yield* page.rows;
    if (!page.next) return;
    before = page.next;
  }
}
