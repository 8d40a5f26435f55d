/**
 * The peers area (issue 18, "peers in the bench"): our About You page against the same page built with SurveyJS
 * and with Form.io's renderer (bench/peers/build.ts, from our definition through bench/peers/translate.ts), in the
 * same run and interleaved: the first download (JS and CSS, gzip and brotli), Lighthouse (median of
 * LIGHTHOUSE_RUNS, each round running every page once in a rotated order), typing (PEER_TYPING_ROUNDS rounds, each
 * typing into every page in a rotated order, at the area's calibrated CPU slowdown, bench/cpuCalibration.ts) and the
 * JS heap after a forced GC (one per round, median).
 * Each figure is shown for each page with its ratio to the best peer's; the budgets (bench/budgets.ts `peers`) hold
 * ours against the best peer.
 *
 * Ours: /about of the bench's production build, served by our server. Lighthouse runs as the seeded applicant (as
 * the Lighthouse area), typing as an applicant of its own with the same answers (as the typing area: typing saves,
 * and the seeded applicant stays as seeded); both show every conditional question. The peers' pages load the same
 * answers (`?answers`: answers.json beside the page, fetched as ours fetches the profile), so every page is
 * measured in the same state. The heap is taken with no answers on any page (ours: a new applicant's empty
 * application).
 */
import type { Page } from '@playwright/test';
import {
  createApplicant,
  logIn,
  revealingApplication,
  saveApplication,
  uniqueUsername,
  type Applicant,
  type RunningServer,
} from '../appServer';
import { benchContext, launchBrowser, loggedInContext, openAbout } from '../browser';
import { BUDGETS } from '../budgets';
import { measureBundle, measureHtmlPage, type Sizes } from '../bundle';
import { check, log, median, round, sleep, type AreaOutput, type Check } from '../common';
import type { CpuCalibration } from '../common';
import { LIGHTHOUSE_RUNS, runLighthouseRounds, type LighthouseRun, type LighthouseUrl } from '../lighthouse';
import { snapshot } from '../memory';
import {
  findFields,
  KEYSTROKES,
  keystrokesPerField,
  latency,
  typeInFields,
  type FieldSelector,
  type Latency,
} from '../typing';
import path from 'node:path';
import { buildPeers, PEERS, PEERS_OUT, peerPackageVersion, servePeers, type Peer } from './build';

/** Typing rounds; each types KEYSTROKES / rounds keys into every page. */
export const PEER_TYPING_ROUNDS = 3;
/** Heap snapshots per page (one per round, median). */
const MEMORY_ROUNDS = 3;
export const PEERS_PORT = Number(process.env.BENCH_PORT || 3200) + 10;

type TargetId = 'ours' | Peer['id'];

interface Target {
  id: TargetId;
  name: string;
  /** The page with no answers (ours: /about, whose answers are the session's). */
  url: string;
  /** The page with the answers that show every conditional question. */
  answeredUrl: string;
  /** Where the page's text inputs are (by our answer keys). */
  selector: FieldSelector;
}

/** Each peer's inputs, found by our answer key (the translator keeps our keys as the peers' names). */
const PEER_SELECTORS: Record<Peer['id'], FieldSelector> = {
  // SurveyJS: the question's root carries data-name; its input has a generated id (sq_0i…).
  surveyjs: (key) => `[data-name="${key}"] input`,
  // Form.io: the input is named data[key].
  formio: (key) => `[name="data[${key}]"]`,
};

export interface PeerFigures {
  id: TargetId;
  name: string;
  url: string;
  firstDownload: { js: Sizes; css: Sizes; jsFiles: number; cssFiles: number };
  lighthouse?: { median: LighthouseRun; performanceRuns: number[]; reportHtml?: string };
  typing?: { keystrokes: number; fields: string[]; latency: Latency; latencyPainted: Latency };
  memory?: { jsHeapUsedBytes: number; jsHeapRuns: number[]; domNodes: number; jsEventListeners: number };
}

/** One figure for every page, with each page's ratio to the best peer's value. */
export interface PeerRow {
  figure: string;
  unit: string;
  better: 'lower' | 'higher';
  values: Partial<Record<TargetId, number | null>>;
  bestPeer: TargetId | null;
  /** value ÷ the best peer's value (null when either is missing or the best is 0). */
  ratios: Partial<Record<TargetId, number | null>>;
}

export interface PeersResult {
  versions: Record<string, string>;
  targets: PeerFigures[];
  rows: PeerRow[];
  /** SurveyJS in its default textUpdateMode ('onBlur'), typed in the same rounds: for information. */
  surveyDefaultModeTyping?: { latency: Latency; latencyPainted: Latency; keystrokes: number };
}

const toKb = (bytes: number) => round(bytes / 1024, 1);
const toMiB = (bytes: number) => round(bytes / 1024 / 1024, 2);

/** The order of the targets in round r: rotated by one per round. */
const rotated = <T>(items: readonly T[], r: number) => items.map((_, i) => items[(i + r) % items.length]);

async function lighthouseRounds(targets: Target[], applicant: Applicant, cpuSlowdown: number) {
  const urls: LighthouseUrl[] = targets.map((t) => ({
    name: t.id === 'ours' ? 'peers: ours /about' : `peers: ${t.name}`,
    url: t.answeredUrl,
    ...(t.id === 'ours' ? { cookies: applicant.cookies } : {}),
  }));
  const { pages, errors } = await runLighthouseRounds(urls, cpuSlowdown, LIGHTHOUSE_RUNS);
  return {
    byId: new Map(targets.map((t, i) => [t.id, pages.find((p) => p.name === urls[i].name)])),
    errors,
  };
}

/** Waits until the input at `selector` shows its answer (the answers are on the page). */
const answersShown = (page: Page, selector: string) =>
  page.waitForFunction(
    (input) => ((document.querySelector(input) as HTMLInputElement | null)?.value ?? '') !== '',
    selector,
    { timeout: 30_000 },
  );

/**
 * Opens a page of `target` in a new context, ready to type in: ours logged in as `applicant`, a peer's with the
 * answers when `applicant` has them (the typist), with none otherwise.
 */
async function openTarget(
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  target: Target,
  server: RunningServer,
  applicant: Applicant | undefined,
): Promise<Page> {
  if (target.id === 'ours') {
    const context = await loggedInContext(browser, server, applicant!);
    const page = await context.newPage();
    await openAbout(page);
    await answersShown(page, target.selector('last_name'));
    await page.waitForLoadState('networkidle');
    return page;
  }
  const context = await benchContext(browser);
  const page = await context.newPage();
  await page.goto(applicant ? target.answeredUrl : target.url);
  await page.locator(target.selector('first_name')).waitFor({ timeout: 30_000 });
  if (applicant) await answersShown(page, target.selector('last_name'));
  await page.waitForLoadState('networkidle');
  return page;
}

interface TypingRun {
  fields: string[];
  samples: { raf: number; frame: number; t0: number }[];
}

async function typingRound(page: Page, target: Target, keystrokes: number, cpuSlowdown: number): Promise<TypingRun> {
  const fields = await findFields(page, target.selector);
  if (fields.length === 0) throw new Error(`No text input of FIELD_KEYS on ${target.name}`);
  const perField = keystrokesPerField(fields.length, keystrokes);
  const raw = await typeInFields(page, fields, perField, cpuSlowdown, target.selector);
  return { fields, samples: raw.samples.filter((s) => s.field !== null && s.frame > 0) };
}

const typingFigures = (runs: TypingRun[]) => {
  const samples = runs.flatMap((r) => r.samples);
  return {
    keystrokes: samples.length,
    fields: [...new Set(runs.flatMap((r) => r.fields))],
    latency: latency(samples.map((s) => s.raf - s.t0)),
    latencyPainted: latency(samples.map((s) => s.frame - s.t0)),
  };
};

export async function runPeers(
  server: RunningServer,
  distDir: string,
  seededUsername: string,
  cpu: CpuCalibration,
): Promise<AreaOutput<PeersResult>> {
  log('  peers: building the peer pages (bench/out/peers)…');
  await buildPeers(revealingApplication());
  const peerServer = await servePeers(PEERS_PORT);
  const notes: string[] = [];
  try {
    const targets: Target[] = [
      {
        id: 'ours',
        name: 'Ours (/about)',
        url: `${server.baseUrl}/about`,
        answeredUrl: `${server.baseUrl}/about`,
        selector: (key) => `[id="${key}"]`,
      },
      ...PEERS.map((peer) => ({
        id: peer.id,
        name: peer.name,
        url: peerServer.url(peer),
        answeredUrl: `${peerServer.url(peer)}?answers`,
        selector: PEER_SELECTORS[peer.id],
      })),
    ];
    const figures = new Map<TargetId, PeerFigures>();

    // First download: ours as the bundle area counts /about; a peer's page loads no chunk later.
    const ours = measureBundle(distDir).routes.find((r) => r.route === '/about');
    if (!ours) throw new Error('no /about in the bundle measurement');
    figures.set('ours', {
      id: 'ours',
      name: targets[0].name,
      url: targets[0].url,
      firstDownload: { js: ours.js, css: ours.css, jsFiles: ours.js.files.length, cssFiles: ours.css.files.length },
    });
    for (const peer of PEERS) {
      const page = measureHtmlPage(path.join(PEERS_OUT, peer.id), `/${peer.id}/`);
      figures.set(peer.id, {
        id: peer.id,
        name: peer.name,
        url: peerServer.url(peer),
        firstDownload: { js: page.js, css: page.css, jsFiles: page.js.files.length, cssFiles: page.css.files.length },
      });
    }

    // Lighthouse, interleaved.
    const seeded = await logIn(server, seededUsername);
    const lh = await lighthouseRounds(targets, seeded, cpu.slowdown);
    for (const [id, page] of lh.byId) {
      if (!page) continue;
      figures.get(id)!.lighthouse = {
        median: page.median,
        performanceRuns: page.runs.map((r) => r.performance),
        ...(page.reportHtml ? { reportHtml: page.reportHtml } : {}),
      };
    }
    notes.push(...lh.errors.map((e) => `Lighthouse failed: ${e}`));

    // Typing and memory, interleaved, in one browser (a fresh context per page and round).
    const typist = await createApplicant(server, uniqueUsername('peers-typing'));
    await saveApplication(server, typist, revealingApplication());
    const empty = await createApplicant(server, uniqueUsername('peers-memory'));
    const surveyjs = targets.find((t) => t.id === 'surveyjs')!;
    const surveyDefault: Target = { ...surveyjs, answeredUrl: `${surveyjs.answeredUrl}&textUpdateMode=onBlur` };
    const browser = await launchBrowser();
    try {
      const typing = new Map<TargetId | 'surveyDefault', TypingRun[]>();
      const perRound = Math.ceil(KEYSTROKES / PEER_TYPING_ROUNDS);
      for (let r = 0; r < PEER_TYPING_ROUNDS; r++) {
        // SurveyJS's default mode last in each round: information only, not in the rotation of the compared pages.
        for (const target of [...rotated(targets, r), surveyDefault]) {
          const key = target === surveyDefault ? 'surveyDefault' : target.id;
          try {
            const page = await openTarget(browser, target, server, typist);
            const run = await typingRound(page, target, perRound, cpu.slowdown);
            await page.context().close();
            typing.set(key, [...(typing.get(key) ?? []), run]);
          } catch (error) {
            notes.push(
              `Typing round ${r + 1} on ${key} failed: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
            );
          }
        }
        log(`  peers: typing round ${r + 1} of ${PEER_TYPING_ROUNDS} done`);
      }
      for (const target of targets) {
        const runs = typing.get(target.id);
        if (runs?.length) figures.get(target.id)!.typing = typingFigures(runs);
      }
      const defaultRuns = typing.get('surveyDefault');

      const heaps = new Map<TargetId, Awaited<ReturnType<typeof snapshot>>[]>();
      for (let r = 0; r < MEMORY_ROUNDS; r++) {
        for (const target of rotated(targets, r)) {
          try {
            let page: Page;
            if (target.id === 'ours') {
              const context = await loggedInContext(browser, server, empty);
              page = await context.newPage();
              await openAbout(page);
              await page.waitForLoadState('networkidle');
            } else {
              page = await openTarget(browser, target, server, undefined);
            }
            await sleep(500);
            const cdp = await page.context().newCDPSession(page);
            await cdp.send('Performance.enable');
            heaps.set(target.id, [...(heaps.get(target.id) ?? []), await snapshot(cdp, target.name)]);
            await page.context().close();
          } catch (error) {
            notes.push(
              `Memory round ${r + 1} on ${target.id} failed: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
            );
          }
        }
      }
      for (const [id, snaps] of heaps) {
        figures.get(id)!.memory = {
          jsHeapUsedBytes: median(snaps.map((s) => s.jsHeapUsedBytes)),
          jsHeapRuns: snaps.map((s) => s.jsHeapUsedBytes),
          domNodes: median(snaps.map((s) => s.domNodes)),
          jsEventListeners: median(snaps.map((s) => s.jsEventListeners)),
        };
      }

      const all = targets.map((t) => figures.get(t.id)!);
      const rows = peerRows(all);
      const data: PeersResult = {
        versions: Object.fromEntries(PEERS.flatMap((p) => p.packages).map((name) => [name, peerPackageVersion(name)])),
        targets: all,
        rows,
        ...(defaultRuns?.length
          ? (() => {
              const t = typingFigures(defaultRuns);
              return {
                surveyDefaultModeTyping: {
                  latency: t.latency,
                  latencyPainted: t.latencyPainted,
                  keystrokes: t.keystrokes,
                },
              };
            })()
          : {}),
      };
      notes.push(
        `SurveyJS runs with textUpdateMode 'onTyping' and checkErrorsMode 'onValueChanged' (the value and its validation follow each keystroke, as in our form); its default, 'onBlur', updates the value only when the field loses focus.`,
        `Typing: ${PEER_TYPING_ROUNDS} rounds of ${perRound} keystrokes per page over the first 10 text fields of the typing area's list, CPU ${cpu.slowdown}×; every page with the answers that show every conditional question (ours the applicant's, the peers' from answers.json).`,
        `JS heap: median of ${MEMORY_ROUNDS}, each page loaded with no answers (ours: a new applicant's empty application).`,
      );
      return { data, cpu, checks: peerChecks(rows), notes };
    } finally {
      await browser.close();
    }
  } finally {
    await peerServer.close();
  }
}

/** The compared figures, each page's value and its ratio to the best peer's. */
function peerRows(targets: PeerFigures[]): PeerRow[] {
  const spec: {
    figure: string;
    unit: string;
    better: 'lower' | 'higher';
    of: (t: PeerFigures) => number | undefined;
  }[] = [
    { figure: 'First-download JS, gzip', unit: 'KB', better: 'lower', of: (t) => toKb(t.firstDownload.js.gzip) },
    { figure: 'First-download JS, brotli', unit: 'KB', better: 'lower', of: (t) => toKb(t.firstDownload.js.brotli) },
    { figure: 'First-download CSS, gzip', unit: 'KB', better: 'lower', of: (t) => toKb(t.firstDownload.css.gzip) },
    { figure: 'First-download CSS, brotli', unit: 'KB', better: 'lower', of: (t) => toKb(t.firstDownload.css.brotli) },
    { figure: 'Lighthouse performance', unit: '', better: 'higher', of: (t) => t.lighthouse?.median.performance },
    { figure: 'LCP', unit: 'ms', better: 'lower', of: (t) => t.lighthouse?.median.lcpMs },
    { figure: 'TBT', unit: 'ms', better: 'lower', of: (t) => t.lighthouse?.median.tbtMs },
    { figure: 'CLS', unit: '', better: 'lower', of: (t) => t.lighthouse?.median.cls },
    { figure: 'FCP', unit: 'ms', better: 'lower', of: (t) => t.lighthouse?.median.fcpMs },
    { figure: 'Typing p50, keydown → next frame', unit: 'ms', better: 'lower', of: (t) => t.typing?.latency.p50Ms },
    { figure: 'Typing p95, keydown → next frame', unit: 'ms', better: 'lower', of: (t) => t.typing?.latency.p95Ms },
    {
      figure: 'Typing p50, keydown → frame painted',
      unit: 'ms',
      better: 'lower',
      of: (t) => t.typing?.latencyPainted.p50Ms,
    },
    {
      figure: 'Typing p95, keydown → frame painted',
      unit: 'ms',
      better: 'lower',
      of: (t) => t.typing?.latencyPainted.p95Ms,
    },
    {
      figure: 'JS heap after GC',
      unit: 'MiB',
      better: 'lower',
      of: (t) => (t.memory ? toMiB(t.memory.jsHeapUsedBytes) : undefined),
    },
    { figure: 'DOM nodes', unit: '', better: 'lower', of: (t) => t.memory?.domNodes },
  ];
  return spec.map(({ figure, unit, better, of }) => {
    const values = Object.fromEntries(targets.map((t) => [t.id, of(t) ?? null])) as PeerRow['values'];
    const peers = targets.filter((t) => t.id !== 'ours' && typeof values[t.id] === 'number');
    const best = peers.reduce<PeerFigures | null>((acc, t) => {
      if (!acc) return t;
      const a = values[acc.id] as number;
      const b = values[t.id] as number;
      return (better === 'lower' ? b < a : b > a) ? t : acc;
    }, null);
    const bestValue = best ? (values[best.id] as number) : null;
    const ratios = Object.fromEntries(
      targets.map((t) => {
        const v = values[t.id];
        return [t.id, typeof v === 'number' && bestValue ? round(v / bestValue, 3) : null];
      }),
    ) as PeerRow['ratios'];
    return { figure, unit, better, values, bestPeer: best?.id ?? null, ratios };
  });
}

/** Ours against the best peer (bench/budgets.ts `peers`): a ratio, ours ÷ the best peer's value. */
function peerChecks(rows: PeerRow[]): Check[] {
  const b = BUDGETS.peers;
  const ratio = (figure: string) => rows.find((r) => r.figure === figure)?.ratios.ours ?? null;
  const note = (figure: string) => {
    const row = rows.find((r) => r.figure === figure);
    if (!row || !row.bestPeer) return 'no peer figure';
    return `ours ${row.values.ours ?? '—'} ${row.unit}, best peer (${row.bestPeer}) ${row.values[row.bestPeer]} ${row.unit}`.replace(
      / {2}/g,
      ' ',
    );
  };
  /** Strictly below a ratio (lighter). */
  const below = (name: string, figure: string, limit: number): Check => {
    const value = ratio(figure);
    return {
      area: 'peers',
      name,
      value,
      unit: '×',
      budget: `< ${limit} ×`,
      pass: value !== null && value < limit,
      note: note(figure),
    };
  };
  return [
    check('peers', 'LCP, ours ÷ best peer', ratio('LCP'), '×', { max: b.lcpMaxRatio }, note('LCP')),
    check('peers', 'TBT, ours ÷ best peer', ratio('TBT'), '×', { max: b.tbtMaxRatio }, note('TBT')),
    below('First-download JS (gzip), ours ÷ best peer', 'First-download JS, gzip', b.firstDownloadJsBelowRatio),
    below('JS heap after GC, ours ÷ best peer', 'JS heap after GC', b.heapBelowRatio),
    check(
      'peers',
      'Typing p50 (next frame), ours ÷ best peer',
      ratio('Typing p50, keydown → next frame'),
      '×',
      { max: b.typingP50MaxRatio },
      note('Typing p50, keydown → next frame'),
    ),
    check(
      'peers',
      'Typing p95 (next frame), ours ÷ best peer',
      ratio('Typing p95, keydown → next frame'),
      '×',
      { max: b.typingP95MaxRatio },
      note('Typing p95, keydown → next frame'),
    ),
    check(
      'peers',
      'Typing p95 (painted), ours ÷ best peer',
      ratio('Typing p95, keydown → frame painted'),
      '×',
      { max: b.typingP95MaxRatio },
      note('Typing p95, keydown → frame painted'),
    ),
  ];
}
