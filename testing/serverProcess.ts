/**
 * The one way the e2e specs and the bench start a program of their own: the server as `npm start` runs it
 * (scripts/serverCommand.mjs: Node with tsx's loader, so that SIGTERM reaches the server itself), or a helper
 * such as the test OpenID provider. Its output is kept (for error messages and the lines callers wait for);
 * `stop` sends SIGTERM, and SIGKILL if it has not exited after `killAfterMs`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { SERVER_START_ARGS } from '../scripts/serverCommand.mjs';

/** The repository (the server is started from it: its paths, such as dist/, are relative to it). */
export const ROOT = path.resolve(__dirname, '..');

export interface LaunchOptions {
  env: NodeJS.ProcessEnv;
  /** What Node starts; the server (`npm start`'s arguments) unless given. */
  args?: readonly string[];
  /** The Node binary; this process's own unless given. */
  node?: string;
  /** Also write the program's output to this process's (the e2e reporter shows it); it is kept either way. */
  echo?: boolean;
  /** How long `stop` waits after SIGTERM before SIGKILL. */
  killAfterMs?: number;
  /** How much of the output is kept (the end of it). */
  keepChars?: number;
}

export interface Launched {
  child: ChildProcess;
  pid: number;
  /** What the program has written (stdout and stderr, interleaved as they arrived), its last `keepChars`. */
  output(): string;
  /** Its exit code once it has exited (null after a signal), else undefined. */
  exitCode(): number | null | undefined;
  stop(): Promise<void>;
}

export function launch(options: LaunchOptions): Launched {
  const { env, args = SERVER_START_ARGS, node = process.execPath, echo = false } = options;
  const { killAfterMs = 15_000, keepChars = 64_000 } = options;
  const child = spawn(node, [...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exited = code;
      resolve();
    }),
  );
  const keep = (into: NodeJS.WriteStream) => (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-keepChars);
    if (echo) into.write(chunk);
  };
  child.stdout!.on('data', keep(process.stdout));
  child.stderr!.on('data', keep(process.stderr));
  return {
    child,
    pid: child.pid ?? -1,
    output: () => output,
    exitCode: () => exited,
    async stop() {
      if (exited !== undefined || child.exitCode !== null || child.signalCode !== null) return;
      const force = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      child.kill('SIGTERM');
      await exit;
      clearTimeout(force);
    },
  };
}

/**
 * Waits until `ready` holds (checked every `intervalMs`): throws if the program exits first, or (after stopping
 * it) when `timeoutMs` passes.
 */
export async function untilReady(
  launched: Launched,
  what: string,
  ready: () => boolean | Promise<boolean>,
  { timeoutMs = 90_000, intervalMs = 200 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const code = launched.exitCode();
    if (code !== undefined) throw new Error(`${what}: it exited (code ${code}) first:\n${launched.output()}`);
    if (await ready()) return;
    if (Date.now() > deadline) {
      await launched.stop();
      throw new Error(`${what}: not within ${timeoutMs / 1000} s:\n${launched.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Whether `url` answers with `status` (any status below 500 when not given); false while nothing listens. */
export async function answers(url: string, status?: number): Promise<boolean> {
  try {
    const res = await fetch(url);
    await res.arrayBuffer();
    return status === undefined ? res.status < 500 : res.status === status;
  } catch {
    return false;
  }
}
