import path from 'node:path';
import { confirmationCode, outbox as outboxOf } from '../testing/mail';

const outboxDir = (server: 'main' | 'short-idle') => path.resolve('.e2e-data', server, 'outbox');

/** Mail the e2e servers wrote (testing/mail.ts reads the outbox), decoded. */
export function outbox(server: 'main' | 'short-idle' = 'main'): string[] {
  return outboxOf(outboxDir(server));
}

/** The newest confirmation code mailed to `to`. */
export function latestCode(to: string, server: 'main' | 'short-idle' = 'main'): string {
  const code = latestCodeOrNull(to, server);
  if (!code) throw new Error(`No confirmation code mailed to ${to}`);
  return code;
}

/** latestCode, or null while the mail has not been written yet (account mail is sent after the answer). */
export function latestCodeOrNull(to: string, server: 'main' | 'short-idle' = 'main'): string | null {
  return confirmationCode(outboxDir(server), to);
}
