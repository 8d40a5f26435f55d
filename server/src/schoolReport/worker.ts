import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { createJobLoop } from '../jobs/loop';
import { whileLeased } from '../jobs/lease';
import { describeError } from '../jobs/leasedRows';
import { MailRefused, maskAddress, type Mailer } from '../mail/mailer';
import { RECEIPT_RETRY_DELAYS_MS } from '../mail/receipt';
import { WAITING_STATES } from '../../../src/kernel/schoolReport/rules';
import { linkToken } from './links';
import { createMailJobs, queueMail, type MailJob } from './mailJobs';
import { schoolReportMail, type MailSettings } from './mails';
import { applicantAddress, endLink, recordReminder, setState } from './requests';

export interface SchoolReportWorkerOptions extends MailSettings {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The server's secret the links' tokens are made with (links.ts). */
  secret: string;
  pollMs: number;
  leaseMs: number;
}

const TO_COUNSELOR = new Set(['request', 'reminder', 'manual_reminder']);

/**
 * Sends the school report's mails from school_report_mails in every instance, one at a time: the lease makes one
 * instance send each, and a reminder queued for day 7 goes on day 7 even after restarts. A mail to the counselor
 * whose request no longer waits (received, cancelled…) is skipped. A permanent refusal of the counselor's address
 * marks the request bounced and tells the applicant; other failures are retried as the receipt's are.
 */
export function createSchoolReportWorker(options: SchoolReportWorkerOptions) {
  const { db, mailer, log, leaseMs } = options;
  const jobs = createMailJobs(db);
  const owner = crypto.randomUUID();

  const stillWaiting = (job: MailJob) =>
    job.current && WAITING_STATES.includes(job.state) && job.linkNonce !== null && job.linkExpiresAt > new Date();

  async function bounce(job: MailJob, reply: string) {
    await jobs.bounced(job, reply);
    if (!TO_COUNSELOR.has(job.kind) || !stillWaiting(job)) return;
    await db.transaction(async (tx) => {
      await setState(tx, job.requestId, 'bounced', { bounced_at: new Date(), bounce_reason: reply });
      await endLink(tx, job.requestId);
      await queueMail(tx, job.requestId, 'bounced', await applicantAddress(tx, job.userId));
    });
  }

  async function send(job: MailJob) {
    if (TO_COUNSELOR.has(job.kind) && !stillWaiting(job)) {
      await jobs.skipped(job);
      return;
    }
    const token = job.linkNonce ? linkToken(options.secret, job.linkNonce) : null;
    try {
      await whileLeased(
        leaseMs,
        () => jobs.renewLease(job, leaseMs),
        log,
        () => mailer.send(schoolReportMail({ ...job, token }, options)),
      );
    } catch (error) {
      if (error instanceof MailRefused) {
        log.warn({ to: maskAddress(job.to), kind: job.kind }, 'school report mail bounced');
        await bounce(job, error.reply);
        return;
      }
      const delay = RECEIPT_RETRY_DELAYS_MS[job.attempts - 1];
      if (delay === undefined) {
        log.error({ err: error, to: maskAddress(job.to), kind: job.kind }, 'school report mail not sent');
        await jobs.failed(job, describeError(error));
      } else {
        await jobs.retryLater(job, delay, describeError(error));
      }
      return;
    }
    await jobs.sent(job);
    if (job.kind === 'reminder' || job.kind === 'manual_reminder') {
      await recordReminder(db, job.requestId, job.dueAt, job.requestedAt);
    }
  }

  async function drain(stopping: () => boolean) {
    while (!stopping()) {
      const job = await jobs.claimNext(owner, leaseMs);
      if (!job) return;
      await send(job);
    }
  }

  return createJobLoop({ pollMs: options.pollMs, log, name: 'school report mail worker', drain });
}

export type SchoolReportWorker = ReturnType<typeof createSchoolReportWorker>;
