import { formatCollegeTime } from '../../../src/kernel/time';
import { PATHS } from '../../../src/kernel/paths';

/**
 * The waits before the receipt's second, third… try when the mail server fails (then it is given up, logged). The
 * tries are jobs in the database (receiptJobs.ts, sent by receiptWorker.ts): they survive a restart.
 */
export const RECEIPT_RETRY_DELAYS_MS = [2_000, 10_000, 60_000, 5 * 60_000];

export interface Receipt {
  to: string;
  name: string;
  submittedAt: Date;
  /** APP-000123: the id staff know the application by, for the applicant to quote. */
  applicationId: string;
}

/** What the receipt says of the college and where to download the PDF copy (from the config). */
export interface ReceiptSettings {
  collegeName: string;
  collegeTimeZone: string;
  publicUrl: string;
}

/**
 * The receipt's subject and text: the college, the time in its zone (named), the application's id, and how to
 * download the PDF copy.
 */
export function receiptMail(receipt: Receipt, options: ReceiptSettings) {
  const when = formatCollegeTime(receipt.submittedAt, options.collegeTimeZone);
  const greeting = receipt.name ? `Dear ${receipt.name},` : 'Hello,';
  return {
    to: receipt.to,
    subject: `${options.collegeName}: we received your application`,
    text:
      `${greeting}\n\n${options.collegeName} received your undergraduate application on ${when}.\n\n` +
      `Your application ID is ${receipt.applicationId}. Please quote it whenever you contact us.\n\n` +
      `To download a PDF copy of your application, log in and choose "Download a PDF copy" on the completion page:\n` +
      `${options.publicUrl}${PATHS.login}\n\n` +
      `We will contact you at this address about the next steps. Keep this message as your receipt.\n`,
  };
}
