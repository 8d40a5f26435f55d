/** The account mail the real server wrote for the specs (playwright.config.ts: .e2e-data/outbox). */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { decodeQuotedPrintable, outboxFiles } from '../testing/mail';

/** The server's outbox is `$DATA_DIR/outbox`; every .eml below this folder is read (E2E_OUTBOX moves it). */
const OUTBOX = path.resolve(process.env.E2E_OUTBOX || '.e2e-data');

/** The newest outbox mail addressed to `email` whose body matches `pattern`: the first capture group. */
function newestMatch(email: string, pattern: RegExp): string | undefined {
  const mails = outboxFiles(OUTBOX, { recursive: true }).sort(
    (a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs || b.localeCompare(a),
  );
  for (const file of mails) {
    const mail = decodeQuotedPrintable(fs.readFileSync(file, 'utf8'));
    const to = /^To:\s*(.*)$/im.exec(mail)?.[1] ?? '';
    if (!to.toLowerCase().includes(email.toLowerCase())) continue;
    const match = pattern.exec(mail)?.[1];
    if (match) return match;
  }
  return undefined;
}

/** Waits for the mail to arrive (it is written after the server answers), then reads it. */
export async function mailed(email: string, pattern: RegExp, previous?: string): Promise<string> {
  let value: string | undefined;
  await expect
    .poll(
      () => {
        value = newestMatch(email, pattern);
        return value !== undefined && value !== previous;
      },
      { message: `mail for ${email} in ${OUTBOX}`, timeout: 15_000 },
    )
    .toBe(true);
  return value as string;
}
