import type { AuditQuery, StaffShape } from '../../kernel/staff/contract';

/** The audit log's filters as the page's address holds them (?actor=&action=&from=&to=, dates as YYYY-MM-DD). */
export interface AuditFilters {
  actor: string;
  action: string;
  from: string;
  to: string;
}

const FILTER_KEYS = ['actor', 'action', 'from', 'to'] as const;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function filtersFrom(params: URLSearchParams): AuditFilters {
  const get = (key: keyof AuditFilters) => params.get(key)?.trim() ?? '';
  return { actor: get('actor'), action: get('action'), from: get('from'), to: get('to') };
}

/** The address's query for these filters: only those set, so a shared link is short. */
export function filtersToParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key].trim()) params.set(key, filters[key].trim());
  return params;
}

/**
 * A day as the browser's local time zone has it (the table shows local times), as the instant the server compares
 * with: `from` the day's first millisecond, `to` its last.
 */
function dayBoundary(date: string, end: boolean): string | undefined {
  const match = DATE.exec(date);
  if (!match) return date || undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const at = end ? new Date(year, month, day, 23, 59, 59, 999) : new Date(year, month, day);
  return at.toISOString();
}

/** The API's query (GET /audit, /audit.csv) for these filters; unset ones are left out. */
export function apiQuery(filters: AuditFilters): StaffShape<typeof AuditQuery> {
  return {
    ...(filters.actor ? { actor: filters.actor } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.from ? { from: dayBoundary(filters.from, false) } : {}),
    ...(filters.to ? { to: dayBoundary(filters.to, true) } : {}),
  };
}
