import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { restoreBackup, writeBackup } from '../../src/backup/archive';
import { backupCommand } from '../../src/backup/command';
import { runCommand } from '../../src/cli';
import { openPglite, type PgliteDb } from '../../src/db/pgliteDb';
import { makeApp, newApplicant, type TestApp } from '../helpers';

/** The embedded database on files, whatever database the rest of the suite runs on (npm run test:pg). */
const EMBEDDED = { memoryDb: undefined, databaseUrl: undefined, databaseSchema: undefined };
/**
 * Backups of the embedded database (server/src/backup): taken while saves run, through the admin API (what
 * `npm run admin -- backup FILE` uses while the server runs), restored into a fresh DATA_DIR, the restored copy
 * holds every save acknowledged before the backup began, its documents, and an intact audit log.
 */
const ADMIN = 'a'.repeat(40);
let dir: string;
let t: TestApp;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-'));
  const dataDir = path.join(dir, 'live');
  fs.mkdirSync(dataDir);
  const template = process.env.PGLITE_TEMPLATE;
  // The server's database on files, as in production, started from the suite's migrated template.
  await (
    await openPglite({
      dataDir: path.join(dataDir, 'db'),
      ...(template ? { loadDataDir: new Blob([fs.readFileSync(template)]) } : {}),
    })
  ).close();
  t = await makeApp({ ...EMBEDDED, dataDir, adminApiToken: ADMIN });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const APPLICANTS = ['one@example.com', 'two@example.com', 'three@example.com'];

it('a backup taken while saves run, restored into a fresh directory, holds every save acknowledged before it', async () => {
  const cookies = await Promise.all(APPLICANTS.map((who) => newApplicant(t, who)));
  // A document, as the storage keeps it.
  const documentPath = path.join(t.config.filesDir, 'uploads', '1', 'essay', 'abc.pdf');
  fs.mkdirSync(path.dirname(documentPath), { recursive: true });
  fs.writeFileSync(documentPath, '%PDF-1.7 probe');

  // Each applicant saves first_name = 1, 2, 3… one after another until told to stop; `acknowledged` is the last
  // number the server answered 200 for.
  const acknowledged = APPLICANTS.map(() => 0);
  let stop = false;
  const savers = cookies.map(async (cookie, who) => {
    for (let n = 1; !stop; n++) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/answer',
        headers: { 'content-type': 'application/json', cookie },
        payload: { first_name: String(n) },
      });
      expect(res.statusCode).toBe(200);
      acknowledged[who] = n;
    }
  });
  // Saves are running (each applicant has had some answered) when the backup starts.
  while (acknowledged.some((n) => n < 3)) await new Promise((resolve) => setImmediate(resolve));
  const beforeBackup = [...acknowledged];
  const backup = await t.app.inject({
    method: 'POST',
    url: '/admin/backup',
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    payload: {},
  });
  stop = true;
  await Promise.all(savers);
  expect(backup.statusCode).toBe(200);
  expect(backup.headers['content-type']).toBe('application/gzip');
  const file = path.join(dir, 'backup.tar.gz');
  fs.writeFileSync(file, backup.rawPayload);

  const restoredDir = path.join(dir, 'restored');
  const restoredFiles = path.join(restoredDir, 'files');
  expect(await restoreBackup(file, restoredDir, restoredFiles)).toEqual({ files: 1 });
  expect(fs.readFileSync(path.join(restoredFiles, 'uploads', '1', 'essay', 'abc.pdf'), 'utf8')).toBe('%PDF-1.7 probe');
  // A second restore over it is refused: it never mixes two databases.
  await expect(restoreBackup(file, restoredDir, restoredFiles)).rejects.toThrow(/already holds a database/);

  const restored = await makeApp({ ...EMBEDDED, dataDir: restoredDir, filesDir: restoredFiles });
  try {
    expect(await runCommand(restored.app, ['audit', 'verify'])).toMatch(/^The audit log is intact/);
    for (const [who, cookie] of cookies.entries()) {
      // The same session, the same answers: the copy serves what the server did.
      const profile = await restored.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
      expect(profile.statusCode).toBe(200);
      expect(Number(profile.json().answer.first_name)).toBeGreaterThanOrEqual(beforeBackup[who]);
    }
  } finally {
    await restored.close();
  }
  // A backup under load and a second server on the restored files: past 20 s on a loaded CI machine.
}, 90_000);

it('the admin CLI takes the backup through the running server, which audits it as the CLI', async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const file = path.join(dir, 'cli-backup.tar.gz');
  const refuse = () => {
    throw new Error('the CLI must not open the database the server owns');
  };
  // The CLI's claim on the database fails while a server owns it: this test process is the owner here.
  fs.writeFileSync(path.join(t.config.dataDir, 'db.pid'), String(process.ppid));
  const env = { DATA_DIR: t.config.dataDir, ADMIN_API_TOKEN: ADMIN, ADMIN_URL: `http://127.0.0.1:${port}` };
  expect(await backupCommand(['backup', file], { env, actor: 'cli:test', openApp: refuse })).toBe(
    `Backup written to ${file} (taken by the running server).`,
  );
  expect(fs.statSync(file).size).toBeGreaterThan(1000);
  await expect(
    backupCommand(['backup', file], { env: { ...env, ADMIN_API_TOKEN: '' }, openApp: refuse }),
  ).rejects.toThrow(/set ADMIN_API_TOKEN/);
  const { rows } = await t.app.db.query<{ actor: string; action: string; target: string }>(
    `SELECT actor, action, target FROM audit_log WHERE target IN ('POST /admin/backup', 'backup') ORDER BY at, id`,
  );
  expect(rows.map((r) => `${r.actor} ${r.action} ${r.target}`)).toEqual([
    'admin-api admin-api POST /admin/backup',
    'admin-api backup backup',
    // The CLI's call, audited as the CLI's user (as when it takes the backup itself).
    'cli:test admin-api POST /admin/backup',
    'cli:test backup backup',
  ]);
  // Refused without the token (and that refusal is audited too).
  const refused = await t.app.inject({
    method: 'POST',
    url: '/admin/backup',
    ...{ headers: { 'content-type': 'application/json' }, payload: {} },
  });
  expect(refused.statusCode).toBe(401);
});

it('with the server stopped, the CLI takes the backup itself; restore fills a fresh DATA_DIR that verifies', async () => {
  const source = path.join(dir, 'stopped');
  fs.mkdirSync(source);
  const template = process.env.PGLITE_TEMPLATE;
  await (
    await openPglite({
      dataDir: path.join(source, 'db'),
      ...(template ? { loadDataDir: new Blob([fs.readFileSync(template)]) } : {}),
    })
  ).close();
  const file = path.join(dir, 'stopped-backup.tar.gz');
  expect(
    await backupCommand(['backup', file], {
      env: { DATA_DIR: source },
      openApp: async () => {
        const stopped = await makeApp({ ...EMBEDDED, dataDir: source });
        return {
          db: stopped.app.db as PgliteDb,
          audit: (entry) => stopped.app.staff.audit.append({ ...entry, actor: 'cli:test' }),
          close: () => stopped.close(),
        };
      },
    }),
  ).toBe(`Backup written to ${file}.`);

  const target = path.join(dir, 'fresh');
  const refuse = () => {
    throw new Error('restore must not open an app');
  };
  expect(await backupCommand(['restore', file], { env: { DATA_DIR: target }, openApp: refuse })).toMatch(
    /^Restored .* into .*fresh \(database\)/,
  );
  const restored = await makeApp({ ...EMBEDDED, dataDir: target });
  try {
    expect(await runCommand(restored.app, ['audit', 'verify'])).toMatch(/^The audit log is intact/);
    const { rows } = await restored.app.db.query<{ actor: string; action: string }>(
      `SELECT actor, action FROM audit_log WHERE target = 'backup'`,
    );
    expect(rows).toEqual([{ actor: 'cli:test', action: 'backup' }]);
  } finally {
    await restored.close();
  }
  // Four embedded databases on files start and stop here (a template copy, the stopped server's, the restore's
  // check, the restored server's): a few seconds on a quiet machine, past the default 20 s on a loaded CI one.
}, 90_000);

it('writeBackup leaves no file when the backup fails', async () => {
  const { Readable } = await import('node:stream');
  const failing = new Readable({
    read() {
      this.destroy(new Error('the dump failed'));
    },
  });
  const file = path.join(dir, 'failed.tar.gz');
  await expect(writeBackup(failing, file)).rejects.toThrow('the dump failed');
  expect(fs.existsSync(file)).toBe(false);
});
