/**
 * Where a keystroke's time goes on About You: a CPU profile of typing into one text field at the calibrated CPU
 * slowdown (bench/cpuCalibration.ts), as the typing area types (bench/typing.ts), with the time per function and per
 * source (our folders, react-dom, antd, formik…). `npm run bench:keystroke-profile` (about a minute, half of it the
 * build; bench/README.md, "A keystroke's profile").
 *
 * The bench's production build (into bench/out/keystroke-profile/dist, so that a bench running beside it keeps
 * bench/out/dist; BENCH_PROFILE_DIST uses a build already made), our server on a fresh database on BENCH_PORT + 20,
 * an applicant whose answers show every conditional question (as the typing area's), /about. CPU slowed down as
 * calibrated (CDP Emulation.setCPUThrottlingRate), the field cleared (outside the profile), then V8's sampling
 * profiler (CDP Profiler, a sample every 100 µs) while BENCH_PROFILE_KEYSTROKES keys (default 40) go into
 * BENCH_PROFILE_FIELD (default first_name) as the typing area types them (typeKeys), and 300 ms after the last (the
 * store gets the text after the frame: useTypedText).
 * The build's source maps name each function's source. The profile is written to bench/out/ (open it in DevTools'
 * Performance panel).
 *
 * The profiler's own sampling costs time too: its figures are for comparing costs, not for the typing area's
 * latencies.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  BENCH_PORT,
  buildSpa,
  createApplicant,
  makeDataDir,
  revealingApplication,
  saveApplication,
  startServer,
  uniqueUsername,
} from './appServer';
import { launchBrowser, loggedInContext, openAbout } from './browser';
import { cleanSource, decodeMappings, packageOf } from './bundle';
import { log, OUT_DIR, round, sleep, table } from './common';
import { typeKeys } from './typing';
import { calibrateCpu } from './cpuCalibration';

const FIELD = process.env.BENCH_PROFILE_FIELD || 'first_name';
const KEYSTROKES = Number(process.env.BENCH_PROFILE_KEYSTROKES || 40);
/** µs between samples: V8's default is 1 ms, too coarse for a keystroke of a few ms. */
const SAMPLING_INTERVAL_US = 100;
const PROFILE_OUT = path.join(OUT_DIR, 'keystroke-profile');
const TOP = 25;

/** The CPU profile CDP's Profiler.stop returns (the fields read here). */
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** V8's pseudo-functions: the renderer outside JavaScript, the collector, and nothing to do. */
const PROGRAM = '(program)';
const GC = '(garbage collector)';
const IDLE = '(idle)';
/** The groups of the first two: what is not JavaScript. */
const RENDERER_GROUP = 'renderer outside JS (input, style, layout, paint)';
const GC_GROUP = 'garbage collector';

/** A generated position's original: source, 1-based line, name (the source map's, when it has one). */
interface Original {
  source: string;
  line: number;
  name: string | null;
}

/** Finds a generated position's original in a source map. */
function sourceMapLookup(mapFile: string): (line: number, column: number) => Original | null {
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[]; names: string[]; mappings: string };
  const lines = decodeMappings(map.mappings);
  return (lineNumber, columnNumber) => {
    const segments = lines[lineNumber] ?? [];
    let found: number[] | undefined;
    for (const s of segments) {
      if (s[0] > columnNumber) break;
      found = s;
    }
    if (!found || found.length < 4) return null;
    return {
      source: cleanSource(map.sources[found[1]] ?? '(unknown)'),
      line: found[2] + 1,
      name: found.length >= 5 ? (map.names[found[4]] ?? null) : null,
    };
  };
}

interface Cost {
  label: string;
  group: string;
  selfMs: number;
}

/** Self time per function and per group, from the samples (each sample holds until the next one). */
function costs(profile: CpuProfile, distDir: string, origin: string): { functions: Cost[]; idleMs: number } {
  const selfUs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const us = i + 1 < samples.length ? Math.max(0, deltas[i + 1]) : 0;
    selfUs.set(samples[i], (selfUs.get(samples[i]) ?? 0) + us);
  }
  const lookups = new Map<string, ReturnType<typeof sourceMapLookup> | null>();
  const lookupOf = (url: string) => {
    if (!lookups.has(url)) {
      const file = url.startsWith(origin) ? path.join(distDir, new URL(url).pathname) : '';
      lookups.set(url, file && fs.existsSync(`${file}.map`) ? sourceMapLookup(`${file}.map`) : null);
    }
    return lookups.get(url)!;
  };
  const byLabel = new Map<string, Cost>();
  let idleUs = 0;
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    if (us === 0) continue;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    if (functionName === IDLE) {
      idleUs += us;
      continue;
    }
    let label: string;
    let group: string;
    if (functionName === PROGRAM) [label, group] = [PROGRAM, RENDERER_GROUP];
    else if (functionName === GC) [label, group] = [GC, GC_GROUP];
    else if (!url) [label, group] = [`${functionName || '(anonymous)'} (native)`, 'V8 built-ins and native'];
    else {
      const original = lookupOf(url)?.(lineNumber, columnNumber);
      const file = url.slice(url.lastIndexOf('/') + 1);
      if (original) {
        // The map's name at the function's start when it has one (the minified name says nothing).
        const name = original.name ?? functionName ?? '(anonymous)';
        label = `${name || '(anonymous)'} ${original.source}:${original.line}`;
        group = packageOf(original.source);
      } else {
        label = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
        group = url.startsWith(origin) ? `${file} (no source map)` : '(bench: Playwright and page scripts)';
      }
    }
    const cost = byLabel.get(label) ?? { label, group, selfMs: 0 };
    cost.selfMs += us / 1000;
    byLabel.set(label, cost);
  }
  return { functions: [...byLabel.values()].sort((a, b) => b.selfMs - a.selfMs), idleMs: idleUs / 1000 };
}

async function main() {
  const distDir = process.env.BENCH_PROFILE_DIST
    ? path.resolve(process.env.BENCH_PROFILE_DIST)
    : path.join(PROFILE_OUT, 'dist');
  if (!process.env.BENCH_PROFILE_DIST) {
    log(`production build into ${path.relative(process.cwd(), distDir)}…`);
    await buildSpa(distDir);
  }
  const dataDir = makeDataDir('keystroke-profile');
  const server = await startServer({ port: BENCH_PORT + 20, dataDir, staticDir: distDir });
  // The same phone as the typing area's (bench/cpuCalibration.ts), calibrated before the browser starts.
  const { slowdown } = await calibrateCpu();
  const browser = await launchBrowser();
  try {
    const applicant = await createApplicant(server, uniqueUsername('keystroke-profile'));
    const answers = revealingApplication();
    await saveApplication(server, applicant, answers);
    const context = await loggedInContext(browser, server, applicant);
    const page = await context.newPage();
    await openAbout(page, answers.first_name as string);
    await page.waitForLoadState('networkidle');

    const input = page.locator(`[id="${FIELD}"]`);
    const maxLength = await input.evaluate((el) => (el as HTMLInputElement).maxLength);
    // Keys past the field's maximum length change nothing: fewer, each a character typed.
    const keystrokes = maxLength > 0 ? Math.min(KEYSTROKES, maxLength) : KEYSTROKES;
    if (keystrokes < KEYSTROKES) log(`${FIELD} takes at most ${maxLength} characters: ${keystrokes} keystrokes`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await input.fill('');
    await input.focus();
    await sleep(1000); // the clear's own updates (validation, save) stay out of the profile

    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
    await cdp.send('Profiler.start');
    await typeKeys(page, keystrokes);
    await sleep(300);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    fs.mkdirSync(OUT_DIR, { recursive: true });
    const file = path.join(OUT_DIR, `keystroke-${FIELD}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));

    const { functions, idleMs } = costs(profile, distDir, server.baseUrl);
    const busyMs = functions.reduce((sum, f) => sum + f.selfMs, 0);
    const perKey = (ms: number) => round(ms / keystrokes, 2);
    const groups = new Map<string, number>();
    for (const f of functions) groups.set(f.group, (groups.get(f.group) ?? 0) + f.selfMs);
    const share = (ms: number) => `${round((ms / busyMs) * 100, 1)} %`;

    const out = [
      `\n${keystrokes} keystrokes into #${FIELD} on /about, CPU ${slowdown}×, a sample every ${SAMPLING_INTERVAL_US} µs (${profile.samples?.length ?? 0} samples over ${round((profile.endTime - profile.startTime) / 1000, 0)} ms).`,
      `Busy (all but idle): ${round(busyMs, 1)} ms, ${perKey(busyMs)} ms per keystroke; JavaScript alone (no ${PROGRAM}, no GC): ${perKey(busyMs - (groups.get(RENDERER_GROUP) ?? 0) - (groups.get(GC_GROUP) ?? 0))} ms per keystroke. Idle ${round(idleMs, 0)} ms.\n`,
      '### Per source\n',
      table(
        ['Source', 'ms per keystroke', 'share of busy'],
        [...groups.entries()].sort((a, b) => b[1] - a[1]).map(([group, ms]) => [group, perKey(ms), share(ms)]),
      ),
      `\n### Top ${TOP} functions by self time\n`,
      table(
        ['Function (source:line)', 'Source', 'ms per keystroke', 'share of busy'],
        functions.slice(0, TOP).map((f) => [f.label, f.group, perKey(f.selfMs), share(f.selfMs)]),
      ),
      `\nProfile: ${path.relative(process.cwd(), file)} (DevTools: Performance, "Load profile").\n`,
    ];
    process.stdout.write(out.join('\n'));
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
