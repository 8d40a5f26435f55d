import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { confirmationCode, outbox } from '../../testing/mail';

export const PASSWORD = 'Maple-Syrup-2024!';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/** A server on its own database: a copy of the migrated template (PGlite) or a fresh schema (PostgreSQL). */
export async function makeApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
  // Documents of its own unless the test names a folder (never the repository's ./data).
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-'));
  // And a DATA_DIR of its own (the staff authenticator key file on PostgreSQL), never the repository's ./data.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-'));
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const base: Partial<Config> = process.env.DATABASE_URL
    ? { databaseSchema: schema }
    : { memoryDb: { loadDataDir: new Blob([fs.readFileSync(process.env.PGLITE_TEMPLATE!)]) } };
  const config = loadConfig(
    { DATABASE_URL: process.env.DATABASE_URL },
    {
      logLevel: 'silent',
      dataDir,
      outboxDir,
      filesDir,
      staticDir: '/nonexistent',
      publicRateLimit: 10_000,
      ...base,
      ...overrides,
    },
  );
  const app = await buildApp(config);
  return {
    app,
    config,
    async close() {
      if (config.databaseUrl) await app.db.exec(`DROP SCHEMA ${schema} CASCADE`);
      await app.close();
      fs.rmSync(outboxDir, { recursive: true, force: true });
      fs.rmSync(filesDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The messages in the outbox addressed to `to`, oldest first, decoded. */
export function outboxFor(config: Pick<Config, 'outboxDir'>, to: string): string[] {
  return outbox(config.outboxDir, to);
}

export function latestCode(config: Pick<Config, 'outboxDir'>, to: string): string {
  const code = confirmationCode(config.outboxDir, to);
  if (!code) throw new Error(`no confirmation code mailed to ${to}`);
  return code;
}

export function latestResetLink(config: Config, to: string): URL {
  const match = outboxFor(config, to)
    .at(-1)
    ?.match(/(http\S+\/reset\?\S+)/);
  if (!match) throw new Error(`no reset link mailed to ${to}`);
  return new URL(match[1]);
}

export const json = (payload: unknown) => ({
  payload: payload as object,
  headers: { 'content-type': 'application/json' },
});

/** The Cookie header a browser would send after this response. */
export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/**
 * Waits for what account calls do after answering (server/src/identity/afterAnswer.ts): their mail is in the
 * outbox, their writes are done. Sign-up, resend-confirm and forgot-password answer before they mail.
 */
export function settled(t: TestApp): Promise<void> {
  return t.app.services.identity.settled();
}

/** Signs up and waits for the mail it leads to. */
export async function signUp(t: TestApp, username: string, password = PASSWORD) {
  const res = await t.app.inject({ method: 'POST', url: '/public/signup', ...json({ username, password }) });
  await settled(t);
  return res;
}

export async function confirm(t: TestApp, username: string, code = latestCode(t.config, username)) {
  return t.app.inject({ method: 'POST', url: '/public/confirm', ...json({ username, code }) });
}

export async function logIn(t: TestApp, username: string, password = PASSWORD) {
  return t.app.inject({ method: 'POST', url: '/public/login', ...json({ username, password }) });
}

/** Signs up, confirms and logs in; returns the Cookie header of the new session. */
export async function newApplicant(t: TestApp, username: string): Promise<string> {
  expect((await signUp(t, username)).statusCode).toBe(201);
  expect((await confirm(t, username)).statusCode).toBe(200);
  const login = await logIn(t, username);
  expect(login.statusCode).toBe(200);
  return cookieHeader(login);
}

/** Request options as the SPA sends them: the session cookie, and JSON on every state-changing call. */
export function asUser(cookie: string, payload?: unknown, method: string = payload === undefined ? 'GET' : 'POST') {
  return {
    headers: { cookie, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  };
}

/** A multipart body as a browser sends it to S3: the fields first, then `file`. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; type?: string },
  fileFirst = false,
) {
  const boundary = `----form${crypto.randomBytes(8).toString('hex')}`;
  const fieldParts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const fileParts = file
    ? [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
            `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        file.bytes,
        Buffer.from('\r\n'),
      ]
    : [];
  const parts = fileFirst ? [...fileParts, ...fieldParts] : [...fieldParts, ...fileParts];
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
