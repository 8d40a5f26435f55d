import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { TestApp } from '../helpers';

/**
 * `count` instances of the server on one fresh schema of the test cluster (support/instancesSetup.ts), started at
 * once as a rolling deploy or an autoscaler would, sharing the mail outbox. Each is a TestApp for the helpers.
 */
export async function startInstances(count: number, overrides: Partial<Config> = {}): Promise<TestApp[]> {
  const url = process.env.INSTANCES_DATABASE_URL;
  if (!url) throw new Error('INSTANCES_DATABASE_URL is not set: run these tests in the jest project "instances".');
  const schema = `i_${crypto.randomBytes(6).toString('hex')}`;
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
  // One documents folder for all (a shared FILES_DIR); S3 when the overrides say so.
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-'));
  // One DATA_DIR too (the staff authenticator key file), never the repository's ./data.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-'));
  const config = loadConfig(
    { DATABASE_URL: url },
    {
      logLevel: 'silent',
      dataDir,
      outboxDir,
      filesDir,
      staticDir: '/nonexistent',
      publicRateLimit: 10_000,
      databaseSchema: schema,
      ...overrides,
    },
  );
  const apps = await Promise.all(
    Array.from({ length: count }, async () => {
      const app = await buildApp(config);
      await app.ready(); // its conversion worker starts here, as in a started server
      return app;
    }),
  );
  return apps.map((app, index) => ({
    app,
    config,
    async close() {
      if (index === 0) await app.db.exec(`DROP SCHEMA ${schema} CASCADE`);
      await app.close();
      if (index === 0) {
        fs.rmSync(outboxDir, { recursive: true, force: true });
        fs.rmSync(filesDir, { recursive: true, force: true });
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  }));
}

/** Closes the instances, the first last (it drops the schema). */
export async function stopInstances(instances: TestApp[]) {
  for (const instance of instances.slice(1)) await instance.close();
  await instances[0]?.close();
}
