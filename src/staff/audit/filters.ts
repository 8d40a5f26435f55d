import type { AuditQuery, StaffShape } from '../../kernel/staff/contract';
import { dayInZone } from '../time';

/** The audit log's filters as the page's address holds them (?actor=&action=&from=&to=, dates as YYYY-MM-DD). */
export interface AuditFilters {
  actor: string;
  action: string;
  from: string;
  to: string;
}

const FILTER_KEYS = ['actor', 'action', 'from', 'to'] as const;

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
 * The API's query (GET /audit, /audit.csv) for these filters; unset ones are left out. The days are the college's
 * (the table shows its times): `from` the day's first millisecond, `to` its last.
 */
export function apiQuery(filters: AuditFilters, zone: string): StaffShape<typeof AuditQuery> {
  return {
    ...(filters.actor ? { actor: filters.actor } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.from ? { from: dayInZone(filters.from, zone) } : {}),
    ...(filters.to ? { to: dayInZone(filters.to, zone, true) } : {}),
  };
}
