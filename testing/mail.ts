/**
 * The outbox: without SMTP_URL the server writes each mail as an .eml file in OUTBOX_DIR ($DATA_DIR/outbox), its
 * body quoted-printable. Server tests, e2e specs and the bench read mail only through here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { COUNSELOR_PAGE } from '../src/kernel/schoolReport/rules';

/** Quoted-printable, as nodemailer writes it: soft line breaks `=\n` dropped, then `=XX` bytes, read as UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The .eml files under `dir` (and, with `recursive`, its folders), oldest first by name; none when it is missing. */
export function outboxFiles(dir: string, { recursive = false } = {}): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive, encoding: 'utf8' })
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => path.join(dir, name));
}

/** Whether a decoded mail is addressed to `to` (its To: header). */
export const isTo = (mail: string, to: string) => mail.includes(`To: ${to}`);

/** The mail in `dir`, oldest first, decoded; only that addressed to `to` when given. */
export function outbox(dir: string, to?: string): string[] {
  return outboxFiles(dir)
    .map((file) => fs.readFileSync(file, 'utf8'))
    .filter((raw) => to === undefined || raw.includes(to))
    .map(decodeQuotedPrintable)
    .filter((mail) => to === undefined || isTo(mail, to));
}

/** A confirmation code as its mail gives it, in English or in Spanish (server/src/identity/mails.ts). */
const CODE_IN_MAIL = /(?:confirmation code is|código de confirmación es) (\d{6})/;

/** The newest confirmation code in the mail to `to`, or null when none has been written yet. */
export function confirmationCode(dir: string, to: string): string | null {
  return outbox(dir, to).at(-1)?.match(CODE_IN_MAIL)?.[1] ?? null;
}

/** The newest staff enrolment link in the mail to `to`, or null. */
export function enrolmentLink(dir: string, to: string): string | null {
  return (
    outbox(dir, to)
      .at(-1)
      ?.match(/(http\S+\/staff\/enrol\?token=\S+)/)?.[1] ?? null
  );
}

/** The token of the newest counselor's school report link mailed to `to` (its `#t=` fragment), or null. */
export function counselorLinkToken(dir: string, to: string): string | null {
  const mail = outbox(dir, to)
    .filter((m) => m.includes(`${COUNSELOR_PAGE}#t=`))
    .at(-1);
  return mail?.match(/#t=([A-Za-z0-9_-]+)/)?.[1] ?? null;
}

/**
 * Polls until `find` returns a value (mail is written just after the server answers the call that sends it);
 * throws `what` after `timeoutMs`.
 */
export async function waitForMail<T>(
  what: string,
  find: () => T | null | undefined,
  { timeoutMs = 15_000, intervalMs = 50 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = find();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`No ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
