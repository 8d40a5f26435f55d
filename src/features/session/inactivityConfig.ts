import { INACTIVITY_TIMEOUT_MS, INACTIVITY_WARNING_MS } from '../../kernel/constants';

export interface InactivityConfig {
  /** Idle time after which the applicant is logged out. */
  timeoutMs: number;
  /** How long before that the 'Still working?' warning shows. Always less than timeoutMs. */
  warningMs: number;
}

/** The name of the <meta> the server may put in <head>: content is JSON, e.g. {"inactivityTimeoutMs":8000}. */
export const APP_CONFIG_META = 'app-config';

/** The timers' limit (react-idle-timer refuses anything that does not fit a 32-bit signed integer). */
const MAX_MS = 2_147_483_646;

const isDuration = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= MAX_MS;

/**
 * The inactivity timeouts (SPEC §4, §9): constants.ts's values unless the page's
 * `<meta name="app-config" content='{"inactivityTimeoutMs":…,"inactivityWarningMs":…}'>` says otherwise (the
 * server fills it from INACTIVITY_TIMEOUT_MS / INACTIVITY_WARNING_MS, so e2e runs can shorten them without a
 * rebuild). Missing, malformed or out-of-range values fall back to the defaults; a warning that would not come
 * before the timeout is moved to half the timeout.
 */
export function readInactivityConfig(doc: Document | undefined = globalThis.document): InactivityConfig {
  let settings: Record<string, unknown> = {};
  const content = doc?.head?.querySelector(`meta[name="${APP_CONFIG_META}"]`)?.getAttribute('content');
  if (content) {
    try {
      const parsed: unknown = JSON.parse(content);
      if (parsed && typeof parsed === 'object') settings = parsed as Record<string, unknown>;
    } catch {
      // A malformed meta must not break the app: keep the defaults.
    }
  }
  const timeoutMs = isDuration(settings.inactivityTimeoutMs)
    ? Math.round(settings.inactivityTimeoutMs)
    : INACTIVITY_TIMEOUT_MS;
  let warningMs = isDuration(settings.inactivityWarningMs)
    ? Math.round(settings.inactivityWarningMs)
    : INACTIVITY_WARNING_MS;
  if (warningMs >= timeoutMs) warningMs = Math.floor(timeoutMs / 2);
  return { timeoutMs, warningMs };
}
