import type { Db } from '../db/client';
import { badRequest } from '../http/errors';
import type { Shape, ServiceStatusReply } from '../../../src/kernel/api/contract';
import { NOTICE_MAX_LENGTH } from '../../../src/kernel/serviceStatus/rules';
import { unstorableText } from '../../../src/kernel/storableText';

/** The operator's notice to every applicant (null: none) and whether the application is in maintenance. */
export type ServiceStatus = Shape<typeof ServiceStatusReply>;

/**
 * The notice and maintenance mode, kept in the database (migration 018) so every instance serves the same, each
 * reading it at most once per `cacheMs` (the maintenance check runs on every change an applicant sends, the notice
 * is asked for by every open page once a minute). What this instance sets it serves at once; the others within
 * `cacheMs`.
 */
export interface ServiceStatusService {
  current(): Promise<ServiceStatus>;
  /** Sets the notice (its whitespace made single spaces), or clears it with null; 400 for text it refuses. */
  setNotice(text: string | null): Promise<ServiceStatus>;
  setMaintenance(on: boolean): Promise<ServiceStatus>;
}

/** The notice as it will show: one paragraph (line breaks and runs of spaces become one space). */
export function noticeText(text: string): string {
  const shown = text.replace(/\s+/g, ' ').trim();
  if (shown === '') throw badRequest('The notice has no text: give its words, or clear it.');
  if (shown.length > NOTICE_MAX_LENGTH) {
    throw badRequest(`The notice is ${shown.length} characters long; at most ${NOTICE_MAX_LENGTH} fit on a phone.`);
  }
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f-\u009f]/.test(shown) || unstorableText(shown)) {
    throw badRequest('The notice holds a character that cannot be shown (a control character or half of one).');
  }
  return shown;
}

const READ = 'SELECT notice, maintenance FROM service_status';

export function createServiceStatus(db: Db, options: { cacheMs: number }): ServiceStatusService {
  let cached: { status: ServiceStatus; at: number } | null = null;
  let reading: Promise<ServiceStatus> | null = null;
  /** Bumped by every change made here, so a read that began before it cannot put the old status back. */
  let changes = 0;

  const read = async (): Promise<ServiceStatus> => {
    const { rows } = await db.prepared<ServiceStatus>('service-status', READ, []);
    // The migration inserts the one row; without it (never expected) there is nothing to say.
    return rows[0] ?? { notice: null, maintenance: false };
  };
  const keep = (status: ServiceStatus) => {
    cached = { status, at: Date.now() };
    return status;
  };

  return {
    async current() {
      if (cached && Date.now() - cached.at < options.cacheMs) return cached.status;
      // One read at a time: a burst of requests as the cache lapses makes one query, not one each.
      const before = changes;
      reading ??= read()
        .then(
          (status) => (changes === before ? keep(status) : (cached?.status ?? status)),
          (error) => {
            // The database did not answer: the last status known stands (a request that needs the database fails on
            // its own); with none, the caller's request fails.
            if (cached) return cached.status;
            throw error;
          },
        )
        .finally(() => {
          reading = null;
        });
      return reading;
    },
    async setNotice(text) {
      const notice = text === null ? null : noticeText(text);
      changes += 1;
      const { rows } = await db.query<ServiceStatus>(
        `UPDATE service_status SET notice = $1, notice_set_at = CASE WHEN $1::text IS NULL THEN NULL ELSE now() END
         RETURNING notice, maintenance`,
        [notice],
      );
      return keep(rows[0]);
    },
    async setMaintenance(on) {
      changes += 1;
      const { rows } = await db.query<ServiceStatus>(
        `UPDATE service_status
            SET maintenance = $1, maintenance_since = CASE WHEN $1::boolean THEN coalesce(maintenance_since, now()) END
         RETURNING notice, maintenance`,
        [on],
      );
      return keep(rows[0]);
    },
  };
}
