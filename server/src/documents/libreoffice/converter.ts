import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';
import { BACKGROUND_NICE } from '../../threads';
import { writeProfile } from './profile';

/** Debian's soffice, and the Python that has LibreOffice's uno module (python3-uno); scripts/ensure-debian.mjs installs both. */
export const SOFFICE = process.env.SOFFICE_PATH || 'soffice';
export const UNO_PYTHON = process.env.UNO_PYTHON || '/usr/bin/python3';
const BRIDGE = path.join(__dirname, 'bridge.py');

export interface LibreOfficeOptions {
  /** A conversion still running after this long fails, and soffice is ended (the next job starts a new one). */
  jobTimeoutMs: number;
  /** soffice must answer this soon after it is started. */
  startTimeoutMs: number;
  /** soffice is started afresh after this many documents, so what it keeps between documents never piles up. */
  restartAfterJobs: number;
}

export const LIBREOFFICE_DEFAULTS: LibreOfficeOptions = {
  jobTimeoutMs: 60_000,
  startTimeoutMs: 30_000,
  restartAfterJobs: 200,
};

/** LibreOffice read the file and said no: it cannot open it, or it has more pages than allowed. */
export class LibreOfficeRefused extends Error {
  constructor(
    readonly reason: 'unreadable' | 'tooLong',
    detail: string,
  ) {
    super(detail);
  }
}

type Answer = { id: number; ok: true; pages: number } | { id: number; ok: false; reason: string; detail: string };

interface Running {
  soffice: ChildProcess;
  bridge: ChildProcess;
  ready: Promise<void>;
  /** The job being converted (one at a time), answered by the bridge's next line. */
  waiting: { id: number; settle: (answer: Answer | Error) => void } | null;
  jobs: number;
}

/** Ends a process and everything it started (soffice starts oosplash and soffice.bin in its process group). */
function killGroup(child: ChildProcess) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/**
 * Word documents converted to PDF by LibreOffice: one headless soffice, started on the first document and reused
 * (it starts in about a second; a document then takes ~0.1 s), driven over a private UNO pipe by bridge.py. It
 * runs with a profile of its own (profile.ts: no macros, no links followed), in a process group of its own so that
 * a hung or dead one is ended whole; the next document starts a new one. Documents go one at a time.
 */
export function createLibreOffice(options: LibreOfficeOptions = LIBREOFFICE_DEFAULTS) {
  let running: Running | null = null;
  let workDir: string | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let nextId = 1;

  function end(current: Running, why: Error) {
    if (running === current) running = null;
    killGroup(current.soffice);
    current.bridge.stdin?.destroy();
    killGroup(current.bridge);
    current.waiting?.settle(why);
    current.waiting = null;
  }

  async function start(): Promise<Running> {
    workDir ??= await fs.mkdtemp(path.join(os.tmpdir(), 'admission-libreoffice-'));
    const profile = path.join(workDir, 'profile');
    await writeProfile(profile);
    const pipe = `admission-${process.pid}-${crypto.randomBytes(6).toString('hex')}`;
    const soffice = spawn(
      SOFFICE,
      [
        '--headless',
        '--invisible',
        '--nologo',
        '--norestore',
        '--nodefault',
        '--nolockcheck',
        `-env:UserInstallation=${pathToFileURL(profile).href}`,
        `--accept=pipe,name=${pipe};urp;StarOffice.ComponentContext`,
      ],
      { detached: true, stdio: 'ignore' },
    );
    const bridge = spawn(UNO_PYTHON, [BRIDGE, pipe, String(options.startTimeoutMs / 1000), String(soffice.pid ?? 0)], {
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    // LibreOffice and its bridge in the background (BACKGROUND_NICE), set before soffice's launcher starts the
    // office process, which inherits it.
    for (const child of [soffice, bridge]) {
      try {
        if (child.pid) os.setPriority(child.pid, BACKGROUND_NICE);
      } catch {
        // gone already: its exit is handled below
      }
    }
    let stderr = '';
    bridge.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    const current: Running = { soffice, bridge, ready: Promise.resolve(), waiting: null, jobs: 0 };
    current.ready = new Promise<void>((resolve, reject) => {
      const failed = (why: string) => {
        reject(new Error(why));
        end(current, new Error(why));
      };
      soffice.on('error', (error) =>
        failed(`LibreOffice could not be started (${SOFFICE}: ${error.message}); npm start installs it.`),
      );
      soffice.on('exit', (code, signal) => failed(`LibreOffice stopped (${signal ?? `exit code ${code}`}).`));
      bridge.on('error', (error) =>
        failed(`The LibreOffice bridge could not start (${UNO_PYTHON}: ${error.message}).`),
      );
      bridge.on('exit', (code) => failed(`The LibreOffice bridge stopped (exit code ${code}): ${stderr.trim()}`));
      readline.createInterface({ input: bridge.stdout! }).on('line', (line) => {
        let message: { ready?: true } & Partial<Answer>;
        try {
          message = JSON.parse(line);
        } catch {
          return;
        }
        if (message.ready) resolve();
        else if (current.waiting && message.id === current.waiting.id) current.waiting.settle(message as Answer);
      });
    });
    // A rejection nobody awaits yet (soffice died between jobs) must not be reported as unhandled.
    current.ready.catch(() => undefined);
    running = current;
    return current;
  }

  async function convertNow(docx: Uint8Array, maxPages: number): Promise<{ bytes: Uint8Array; pages: number }> {
    if (running && running.jobs >= options.restartAfterJobs) end(running, new Error('restarted'));
    const current = running ?? (await start());
    await current.ready;
    current.jobs += 1;
    const id = nextId++;
    const input = path.join(workDir!, `${id}.docx`);
    const output = path.join(workDir!, `${id}.pdf`);
    await fs.writeFile(input, docx, { mode: 0o600 });
    try {
      const answer = await new Promise<Answer | Error>((settle) => {
        const timer = setTimeout(
          () => end(current, new Error(`LibreOffice took more than ${options.jobTimeoutMs} ms and was stopped.`)),
          options.jobTimeoutMs,
        );
        current.waiting = {
          id,
          settle: (result) => {
            clearTimeout(timer);
            current.waiting = null;
            settle(result);
          },
        };
        current.bridge.stdin!.write(`${JSON.stringify({ id, input, output, maxPages })}\n`);
      });
      if (answer instanceof Error) throw answer;
      if (!answer.ok) {
        if (answer.reason === 'unreadable' || answer.reason === 'tooLong')
          throw new LibreOfficeRefused(answer.reason, answer.detail);
        throw new Error(`LibreOffice failed: ${answer.detail}`);
      }
      return { bytes: new Uint8Array(await fs.readFile(output)), pages: answer.pages };
    } finally {
      await Promise.all([fs.rm(input, { force: true }), fs.rm(output, { force: true })]);
    }
  }

  return {
    /** The PDF of a Word document; LibreOfficeRefused when LibreOffice cannot read it or it is too long. */
    convert(docx: Uint8Array, maxPages: number) {
      const result = queue.then(() => convertNow(docx, maxPages));
      queue = result.catch(() => undefined);
      return result;
    },
    /** The running soffice's process id (null when none runs) and how many documents it has converted. */
    status() {
      return { pid: running?.soffice.pid ?? null, jobs: running?.jobs ?? 0 };
    },
    /** Lets the running conversion finish, then ends soffice and removes its files (app.close). */
    async stop() {
      await queue.catch(() => undefined);
      if (running) end(running, new Error('LibreOffice was stopped.'));
      if (workDir) await fs.rm(workDir, { recursive: true, force: true });
      workDir = null;
    },
  };
}

export type LibreOffice = ReturnType<typeof createLibreOffice>;
