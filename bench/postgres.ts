/**
 * The PostgreSQL the bench measures the server and the staff console on: DATABASE_URL's when it is set; otherwise a
 * throwaway cluster of the bench's own, started as the multi-instance tests start theirs
 * (testing/postgresCluster.ts: Debian's binaries, installed when missing; fsync off), so that
 * `npm run bench` alone measures both databases. BENCH_POSTGRES=off measures PGlite only.
 *
 * The bench's own cluster keeps its files in memory (/dev/shm) when the machine has it. What the bench compares on
 * PostgreSQL is our server against the floor (the same statement behind a bare route) and against the database
 * alone, not the disk: on these machines' virtual disk, the kernel writing PostgreSQL's files back stalls saves of
 * both routes alike. Measured at 300 saves/s, three 15 s steps of each route: p99 26.6–66.6 ms with the files on the
 * disk (ext4), 3.4–55.7 ms in memory.
 */
import fs from 'node:fs';
import { startPostgresCluster } from '../testing/postgresCluster';
import { log } from './common';

export interface BenchPostgres {
  url: string;
  /** Which PostgreSQL, as the report's settings say it. */
  description: string;
  stop(): void;
}

const IN_MEMORY_DIR = '/dev/shm';

/** The PostgreSQL of the run (and DATABASE_URL set to it, for the areas and their child processes), or null. */
export async function startBenchPostgres(env: NodeJS.ProcessEnv = process.env): Promise<BenchPostgres | null> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, description: 'DATABASE_URL', stop: () => undefined };
  if (env.BENCH_POSTGRES === 'off') return null;
  const inMemory = fs.existsSync(IN_MEMORY_DIR);
  try {
    const cluster = await startPostgresCluster(inMemory ? { parentDir: IN_MEMORY_DIR } : {});
    env.DATABASE_URL = cluster.url;
    return {
      url: cluster.url,
      description: `a cluster of the bench's own, fsync off, its files ${inMemory ? `in memory at ${IN_MEMORY_DIR}` : 'on disk'}`,
      stop() {
        delete env.DATABASE_URL;
        cluster.stop();
      },
    };
  } catch (error) {
    // The run goes on with PGlite: the report says PostgreSQL was not measured.
    log(`PostgreSQL not measured: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
