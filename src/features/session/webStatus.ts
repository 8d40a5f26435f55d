import { WEB_STATUSES, type WebStatus } from '../../kernel/constants';

/**
 * SPEC §4: the status is the count of distinct recognised web_status entries in the profile:
 * 0 none, 1 started, 2 validating, 3 submitted.
 */
export function deriveWebStatus(entries: { web_status: string }[]): WebStatus | null {
  const distinct = new Set(
    entries.map((e) => e.web_status).filter((s) => (WEB_STATUSES as readonly string[]).includes(s)),
  );
  return distinct.size === 0 ? null : WEB_STATUSES[Math.min(distinct.size, WEB_STATUSES.length) - 1];
}
