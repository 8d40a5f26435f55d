import { execFileSync, execSync } from 'node:child_process';
import { freePort } from './freePort';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A throwaway PostgreSQL cluster for the tests that need what PGlite cannot be: a server several instances of the
 * app share. Debian's PostgreSQL binaries are used (this machine kind's image carries them; when they are missing,
 * Debian's `postgresql` package is installed as Chromium is for the e2e suite, or the command to run is printed).
 * initdb refuses to run as root, so as root the cluster runs as `nobody`.
 */
export interface PostgresCluster {
  url: string;
  stop(): void;
}

const INSTALL = 'apt-get update && apt-get install -y postgresql';

function binDir(): string | null {
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((v) => fs.existsSync(path.join(debian, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(debian, versions[0], 'bin');
  }
  try {
    return path.dirname(execSync('command -v initdb', { encoding: 'utf8', shell: '/bin/sh' }).trim());
  } catch {
    return null;
  }
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
/** util-linux's runuser (in sbin, which a non-login PATH may lack). */
const RUNUSER = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find((p) => fs.existsSync(p)) ?? 'runuser';

function ensureBinaries(): string {
  const found = binDir();
  if (found) return found;
  if (isRoot()) {
    console.log("PostgreSQL's server binaries are missing: installing Debian's postgresql (apt-get)…");
    execSync(`DEBIAN_FRONTEND=noninteractive ${INSTALL.replace('apt-get update', 'apt-get update -qq')} -qq`, {
      stdio: 'inherit',
      shell: '/bin/sh',
    });
    const installed = binDir();
    if (installed) return installed;
  }
  throw new Error(
    `The multi-instance tests need PostgreSQL's server binaries (initdb, pg_ctl).\nInstall them as root with:  ${INSTALL}`,
  );
}

/** `parentDir`: where its files go (the system's temp dir by default). */
export async function startPostgresCluster(where: { parentDir?: string } = {}): Promise<PostgresCluster> {
  const bin = ensureBinaries();
  const dir = fs.mkdtempSync(path.join(where.parentDir ?? os.tmpdir(), 'admission-pg-'));
  const asOwner = (command: string, args: string[]) =>
    isRoot()
      ? execFileSync(RUNUSER, ['-u', 'nobody', '--', path.join(bin, command), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, command), args, { stdio: 'pipe' });
  if (isRoot()) execFileSync('chown', ['nobody', dir]);
  const data = path.join(dir, 'data');
  asOwner('initdb', ['-D', data, '--auth=trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`;
  asOwner('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        asOwner('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
