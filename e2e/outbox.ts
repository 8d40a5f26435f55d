import path from 'node:path';
import { confirmationCode, outbox as outboxOf } from '../testing/mail';

/** The e2e servers playwright.config.ts starts, by their data directory's name. */
export type E2eServer = 'main' | 'short-idle' | 'operator';

const outboxDir = (server: E2eServer) => path.resolve('.e2e-data', server, 'outbox');

/** Mail the e2e servers wrote (testing/mail.ts reads the outbox), decoded. */
export function outbox(server: E2eServer = 'main'): string[] {
  return outboxOf(outboxDir(server));
}

/** The newest confirmation code mailed to `to`. */
export function latestCode(to: string, server: E2eServer = 'main'): string {
  const code = latestCodeOrNull(to, server);
  if (!code) throw new Error(`No confirmation code mailed to ${to}`);
  return code;
}

/** latestCode, or null while the mail has not been written yet (account mail is sent after the answer). */
export function latestCodeOrNull(to: string, server: E2eServer = 'main'): string | null {
  return confirmationCode(outboxDir(server), to);
}
