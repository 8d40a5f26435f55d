import type { FastifyBaseLogger } from 'fastify';
import { formatCollegeTime } from '../../../src/kernel/time';
import { PATHS } from '../../../src/kernel/paths';
import { maskAddress, type Mailer } from './mailer';

/** The waits before the receipt's second, third… try when the mail server fails (then it is given up, logged). */
export const RECEIPT_RETRY_DELAYS_MS = [2_000, 10_000, 60_000, 5 * 60_000];

export interface Receipt {
  to: string;
  name: string;
  submittedAt: Date;
}

export interface ReceiptOptions {
  mailer: Mailer;
  log: FastifyBaseLogger;
  collegeName: string;
  collegeTimeZone: string;
  publicUrl: string;
  retryDelaysMs?: readonly number[];
}

/** The receipt's subject and text: the college, the time in its zone (named), and how to download the PDF copy. */
export function receiptMail(receipt: Receipt, options: Omit<ReceiptOptions, 'mailer' | 'log'>) {
  const when = formatCollegeTime(receipt.submittedAt, options.collegeTimeZone);
  const greeting = receipt.name ? `Dear ${receipt.name},` : 'Hello,';
  return {
    to: receipt.to,
    subject: `${options.collegeName}: we received your application`,
    text:
      `${greeting}\n\n${options.collegeName} received your undergraduate application on ${when}.\n\n` +
      `To download a PDF copy of your application, log in and choose "Download a PDF copy" on the completion page:\n` +
      `${options.publicUrl}${PATHS.login}\n\n` +
      `We will contact you at this address about the next steps. Keep this message as your receipt.\n`,
  };
}

/**
 * The receipt mailed once an application is submitted. It never holds up the submission: it is sent after the
 * answer, through the same outbox or SMTP as every mail, and tried again with back-off when the mail server fails.
 * `settled()` waits for what is under way (the app before it closes; tests before they read the outbox); stop()
 * drops the retries still waiting.
 */
export function createReceiptSender(options: ReceiptOptions) {
  const { mailer, log } = options;
  const delays = options.retryDelaysMs ?? RECEIPT_RETRY_DELAYS_MS;
  const pending = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  const wait = (ms: number) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve(true);
      }, ms);
      timer.unref();
      timers.add(timer);
    });

  async function deliver(receipt: Receipt) {
    const mail = receiptMail(receipt, options);
    for (let attempt = 0; ; attempt++) {
      try {
        await mailer.send(mail);
        return;
      } catch (error) {
        const delay = delays[attempt];
        if (delay === undefined || stopped) {
          log.error({ err: error, to: maskAddress(receipt.to) }, 'submission receipt not sent');
          return;
        }
        log.warn({ err: error, to: maskAddress(receipt.to), attempt: attempt + 1 }, 'submission receipt retried');
        await wait(delay);
        if (stopped) return;
      }
    }
  }

  return {
    /** Sends the receipt after the current answer has gone out. */
    queue(receipt: Receipt): void {
      const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => deliver(receipt))
        .catch((error: unknown) => log.error({ err: error }, 'submission receipt failed'))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all(pending);
    },
    stop(): void {
      stopped = true;
      for (const timer of timers) {
        clearTimeout(timer);
        timers.delete(timer);
      }
    },
  };
}
