/**
 * Shared pieces of `npm run bench`: statistics, formatting, the budget checks every area reports, and the
 * Chromium flags every browser run uses (STACK.md).
 */
import os from 'node:os';
import path from 'node:path';

/** The repository root (bench/ sits in it). */
export const ROOT = path.resolve(__dirname, '..');
/** Build output, Lighthouse reports and other artifacts of a run (git- and lint-ignored). */
export const OUT_DIR = path.join(ROOT, 'bench', 'out');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** The flags for Lighthouse and Playwright (as root Chromium needs --no-sandbox). */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/**
 * Above this one-minute load average (on a machine of two cores) other work competes with the bench: figures taken
 * then are flagged as noisy in the report (issue 18).
 */
export const NOISY_LOAD = 1.5;
/**
 * Before each area the bench waits (at most two minutes) for the load its previous area left (its browsers, the
 * server, the build) to fall to this, half the two cores: the one-minute average decays slowly, and an area started
 * just under NOISY_LOAD still shares the machine with that work's tail. Lighthouse's simulated TBT multiplies each
 * task's observed duration by 4, so a busy machine shows in it first.
 */
export const SETTLED_LOAD = 1;
/** The machine's one-minute load average now. */
export const loadAverage = () => os.loadavg()[0];

/** One figure held against its budget (bench/budgets.ts). */
export interface Check {
  area: string;
  name: string;
  value: number | null;
  unit: string;
  /** Human-readable budget, e.g. "≤ 170 KB". */
  budget: string;
  pass: boolean;
  note?: string;
  /** Taken while the machine's load average was above NOISY_LOAD. */
  noisy?: boolean;
}

export function check(
  area: string,
  name: string,
  value: number | null | undefined,
  unit: string,
  limit: { max?: number; min?: number },
  note?: string,
): Check {
  const v = value ?? null;
  const pass =
    v !== null &&
    Number.isFinite(v) &&
    (limit.max === undefined || v <= limit.max) &&
    (limit.min === undefined || v >= limit.min);
  const budget = limit.max !== undefined ? `≤ ${limit.max} ${unit}` : `≥ ${limit.min} ${unit}`;
  return { area, name, value: v, unit, budget: budget.trim(), pass, ...(note ? { note } : {}) };
}

/** Nearest-rank percentile (q in 0..1) of unsorted samples; NaN when empty. */
export function percentile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export const median = (samples: readonly number[]) => percentile(samples, 0.5);
export const mean = (samples: readonly number[]) =>
  samples.length === 0 ? NaN : samples.reduce((sum, x) => sum + x, 0) / samples.length;

export const round = (x: number, digits = 2) => (Number.isFinite(x) ? Number(x.toFixed(digits)) : x);
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A load run's request that gets no answer within this many seconds counts as a time-out (both generators). */
export const LOAD_TIMEOUT_S = 10;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Rejects after `ms` (the area's own work may go on; run.ts moves on and says the area timed out). */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Progress on stderr, with the time since the run started. */
const started = Date.now();
export function log(message: string) {
  process.stderr.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}\n`);
}

/** The CPU slowdown a browser area runs at (measured by bench/cpuCalibration.ts). */
export interface CpuCalibration {
  /** The slowdown the area ran at (Lighthouse's cpuSlowdownMultiplier, CDP Emulation.setCPUThrottlingRate). */
  slowdown: number;
  /** The host's benchmarkIndex samples (none when BENCH_CPU_SLOWDOWN fixed the slowdown). */
  hostIndexes: number[];
  /** The slowdown and how it was set, a sentence for the report. */
  how: string;
}

/** An area's data plus the budget checks it produced. */
export interface AreaOutput<T> {
  data: T;
  checks: Check[];
  /** The CPU slowdown a browser area ran at, and how it was set (bench/cpuCalibration.ts). */
  cpu?: CpuCalibration;
  /** Things the reader should know (fields found, what was skipped…). */
  notes?: string[];
}

/** A Markdown table (the report's and the keystroke profile's): a header row, then `rows`, `|` in cells escaped. */
export function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.map((c) => String(c).replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), `|${header.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}
