/**
 * The CPU slowdown the browser areas (Lighthouse, typing, peers) emulate a phone with, calibrated to this host as
 * Lighthouse's throttling guide says (docs/throttling.md, "Calibrating the CPU slowdown"): a slowdown is relative to
 * the host, and Lighthouse's default 4× "moves a typical run in the high-end desktop bracket (benchmarkIndex
 * 1500–2000) somewhere into the mid-tier mobile bracket"; on another host the guide says to choose the multiplier
 * from its benchmarkIndex.
 *
 * Why: this host is a shared virtual machine whose speed moves under it. Sampled idle, a few seconds apart, its
 * benchmarkIndex went from 1,079 to 1,892 within two minutes (median 1,396: Lighthouse's low-end desktop bracket,
 * where its table says 2× for a mid-tier phone), and the same page's TBT at 4× from 15 to 211 ms (median of 5)
 * within an hour. At a fixed 4× the bench emulated a different phone from one area to the next.
 *
 * So before each browser area the bench samples the host's benchmarkIndex (Lighthouse's own page function, in the
 * bench's Chromium) and sets the slowdown that makes the same phone of it: PHONE_INDEX, what the default 4× makes
 * of a typical high-end desktop (the middle of the bracket, 1,750 ÷ 4). On such a host this is the default 4×.
 * `BENCH_CPU_SLOWDOWN=4` (any number) fixes the slowdown instead, with no sampling.
 */
// Lighthouse's own benchmark (it has no exports map: the file is its public page function, as Lighthouse runs it).
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { benchContext, launchBrowser } from './browser';
import { log, median, round, sleep, type CpuCalibration } from './common';

/** Lighthouse's default CPU slowdown (mobile, simulated throttling). */
export const LIGHTHOUSE_DEFAULT_SLOWDOWN = 4;
/** The middle of Lighthouse's high-end desktop bracket of benchmarkIndex (1500–2000), its default 4×'s host. */
export const HIGH_END_DESKTOP_INDEX = 1750;
/** The phone the browser areas emulate, as a benchmarkIndex: the default 4× on a typical high-end desktop. */
export const PHONE_INDEX = HIGH_END_DESKTOP_INDEX / LIGHTHOUSE_DEFAULT_SLOWDOWN;
/** Samples per calibration (each about a second of benchmark), PAUSE_MS apart: the host's speed moves by the second. */
const SAMPLES = 9;
const PAUSE_MS = 1_000;

/** The slowdown that makes a phone of PHONE_INDEX of a host of this benchmarkIndex (never below 1: no speed-up). */
export function slowdownFor(hostIndex: number): number {
  return round(Math.max(1, hostIndex / PHONE_INDEX), 2);
}

/** BENCH_CPU_SLOWDOWN, when set to a number of at least 1. */
function fixedSlowdown(): number | undefined {
  const value = Number(process.env.BENCH_CPU_SLOWDOWN);
  return process.env.BENCH_CPU_SLOWDOWN && Number.isFinite(value) && value >= 1 ? value : undefined;
}

/** What the browser areas run at, for the report's settings. */
export function cpuSetting(): string {
  const fixed = fixedSlowdown();
  return fixed === undefined
    ? `calibrated before each area to a phone of benchmarkIndex ${PHONE_INDEX} (bench/cpuCalibration.ts)`
    : `${fixed}× (BENCH_CPU_SLOWDOWN)`;
}

/** Samples the host's benchmarkIndex in the bench's Chromium and returns the slowdown to run the next area at. */
export async function calibrateCpu(): Promise<CpuCalibration> {
  const fixed = fixedSlowdown();
  if (fixed !== undefined)
    return { slowdown: fixed, hostIndexes: [], how: `CPU ${fixed}×, fixed by BENCH_CPU_SLOWDOWN` };
  const browser = await launchBrowser();
  const hostIndexes: number[] = [];
  try {
    const page = await (await benchContext(browser)).newPage();
    for (let i = 0; i < SAMPLES; i++) {
      if (i > 0) await sleep(PAUSE_MS);
      hostIndexes.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    }
  } finally {
    await browser.close();
  }
  const hostIndexMedian = median(hostIndexes);
  const slowdown = slowdownFor(hostIndexMedian);
  const how =
    `CPU ${slowdown}×: host benchmarkIndex median ${round(hostIndexMedian, 0)} ` +
    `(${Math.round(Math.min(...hostIndexes))}–${Math.round(Math.max(...hostIndexes))}, ${hostIndexes.length} ` +
    `samples), the phone ` +
    `Lighthouse's default ${LIGHTHOUSE_DEFAULT_SLOWDOWN}× makes of a typical high-end desktop (benchmarkIndex ` +
    `${HIGH_END_DESKTOP_INDEX} ÷ ${LIGHTHOUSE_DEFAULT_SLOWDOWN} = ${PHONE_INDEX})`;
  log(`  ${how}`);
  return { slowdown, hostIndexes, how };
}
