import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { claimEmbeddedDb, isRunning } from '../../src/db/lock';

/** The embedded database's pid lock: a restart right after a crash waits for the dead owner instead of refusing. */
const dirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A process that has exited but is not reaped (its parent, a `sleep`, never waits): a zombie, as a crashed
 * server is for a moment under a supervisor. Returns its pid and the parent to kill afterwards. */
async function zombie(): Promise<{ pid: number; parent: ReturnType<typeof spawn> }> {
  const parent = spawn('sh', ['-c', 'sleep 0.05 & echo $!; exec sleep 20'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const pid = await new Promise<number>((resolve) =>
    parent.stdout!.once('data', (d) => resolve(Number(String(d).trim()))),
  );
  for (let i = 0; i < 50 && isRunning(pid); i += 1) await new Promise((r) => setTimeout(r, 20));
  return { pid, parent };
}

it('a zombie owner counts as gone: the start claims the database at once', async () => {
  const { pid, parent } = await zombie();
  try {
    expect(() => process.kill(pid, 0)).not.toThrow(); // the pid still exists…
    expect(isRunning(pid)).toBe(false); // …but as a zombie
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, 'db.pid'), String(pid));
    await claimEmbeddedDb(dir, 0);
    expect(fs.readFileSync(path.join(dir, 'db.pid'), 'utf8')).toBe(String(process.pid));
  } finally {
    parent.kill();
  }
});

it('a live owner that exits meanwhile: the start waits for it, then claims', async () => {
  const owner = spawn('sleep', ['0.3']);
  const dir = dataDir();
  fs.writeFileSync(path.join(dir, 'db.pid'), String(owner.pid));
  await claimEmbeddedDb(dir, 5_000);
  expect(fs.readFileSync(path.join(dir, 'db.pid'), 'utf8')).toBe(String(process.pid));
});

it('a live owner that stays: refused with the message', async () => {
  const owner = spawn('sleep', ['20']);
  try {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, 'db.pid'), String(owner.pid));
    await expect(claimEmbeddedDb(dir, 200)).rejects.toThrow(`is in use by process ${owner.pid}. Stop it first`);
  } finally {
    owner.kill();
  }
});
