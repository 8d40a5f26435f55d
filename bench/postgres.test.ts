import fs from 'node:fs';
import pg from 'pg';
import { startBenchPostgres } from './postgres';

describe('the PostgreSQL a bench run measures on', () => {
  it("is DATABASE_URL's when it is set, and is left running", async () => {
    const env = { DATABASE_URL: 'postgres://someone@db.example:5432/admissions' };
    const postgres = await startBenchPostgres(env);
    expect(postgres).toMatchObject({ url: env.DATABASE_URL, description: 'DATABASE_URL' });
    postgres!.stop();
    expect(env.DATABASE_URL).toBe('postgres://someone@db.example:5432/admissions');
  });

  it('is none with BENCH_POSTGRES=off', async () => {
    const env: NodeJS.ProcessEnv = { BENCH_POSTGRES: 'off' };
    await expect(startBenchPostgres(env)).resolves.toBeNull();
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('is otherwise a cluster of its own, with its files in memory, gone once stopped', async () => {
    const env: NodeJS.ProcessEnv = {};
    const postgres = await startBenchPostgres(env);
    expect(postgres).not.toBeNull();
    let dataDir: string | undefined;
    try {
      // The areas and their child processes find it in DATABASE_URL.
      expect(env.DATABASE_URL).toBe(postgres!.url);
      expect(postgres!.description).toBe("a cluster of the bench's own, fsync off, its files in memory at /dev/shm");
      const client = new pg.Client({ connectionString: postgres!.url });
      await client.connect();
      try {
        dataDir = (await client.query<{ data_directory: string }>('SHOW data_directory')).rows[0].data_directory;
        expect((await client.query<{ fsync: string }>('SHOW fsync')).rows[0].fsync).toBe('off');
      } finally {
        await client.end();
      }
      expect(dataDir.startsWith('/dev/shm/')).toBe(true);
    } finally {
      postgres!.stop();
    }
    expect(env.DATABASE_URL).toBeUndefined();
    expect(dataDir).toBeDefined();
    expect(fs.existsSync(dataDir!)).toBe(false);
  }, 60_000);
});
