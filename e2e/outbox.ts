import fs from 'node:fs';
import path from 'node:path';

/** Mail the e2e servers wrote (quoted-printable .eml files), decoded. */
export function outbox(server: 'main' | 'short-idle' = 'main'): string[] {
  const dir = path.resolve('.e2e-data', server, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .map((text) =>
      text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
    );
}

/** The newest confirmation code mailed to `to`. */
export function latestCode(to: string, server: 'main' | 'short-idle' = 'main'): string {
  const mail = outbox(server)
    .filter((m) => m.includes(`To: ${to}`))
    .at(-1);
  const code = mail?.match(/confirmation code is (\d{6})/)?.[1];
  if (!code) throw new Error(`No confirmation code mailed to ${to}`);
  return code;
}

/** latestCode, or null while the mail has not been written yet (account mail is sent after the answer). */
export function latestCodeOrNull(to: string, server: 'main' | 'short-idle' = 'main'): string | null {
  try {
    return latestCode(to, server);
  } catch {
    return null;
  }
}
