/**
 * Memory in the browser: the JS heap (CDP Runtime.getHeapUsage after HeapProfiler.collectGarbage) and the DOM
 * size (Performance.getMetrics) of a new applicant's tab: /about empty, /about after filling every About You
 * question through the UI (typed, chosen, ticked; conditional questions revealed first), then, with the rest of the
 * application saved through PUT /api/answer (the UI's answers kept), /about reloaded and the two other pages. No
 * budget: figures for comparison between runs.
 */
import type { CDPSession, Page } from '@playwright/test';
import { allAnswerKeys, DESC_SUFFIX, pageOfKey } from '../src/kernel/form/definition';
import type { AnswerValue } from '../src/kernel/form/definition/types';
import {
  api,
  createApplicant,
  revealingApplication,
  uniqueUsername,
  type Applicant,
  type RunningServer,
} from './appServer';
import { launchBrowser, loggedInContext, openAbout } from './browser';
import { log, sleep, type AreaOutput } from './common';

export interface MemorySnapshot {
  step: string;
  jsHeapUsedBytes: number;
  jsHeapTotalBytes: number;
  domNodes: number;
  jsEventListeners: number;
}

export interface MemoryResult {
  snapshots: MemorySnapshot[];
  aboutFilledThroughUi: { filled: number; notFound: string[]; failed: string[] };
}

/** JS heap (after a forced GC) and DOM size of the page the CDP session is attached to. */
export async function snapshot(cdp: CDPSession, step: string): Promise<MemorySnapshot> {
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
  return {
    step,
    jsHeapUsedBytes: heap.usedSize,
    jsHeapTotalBytes: heap.totalSize,
    domNodes: metric('Nodes'),
    jsEventListeners: metric('JSEventListeners'),
  };
}

/** Answers one question through the page, the way its control takes it. 'missing' when not on the page. */
async function answerThroughUi(page: Page, key: string, value: AnswerValue): Promise<'ok' | 'missing'> {
  const radio = page.locator(`input[type="radio"][name="${key}"][value="${String(value)}"]`);
  if ((await radio.count()) > 0) {
    await radio.first().check({ timeout: 3000 });
    return 'ok';
  }
  const control = page.locator(`[id="${key}"]`);
  if ((await control.count()) === 0) return 'missing';
  const kind = await control
    .first()
    .evaluate((el) =>
      el instanceof HTMLSelectElement
        ? 'select'
        : el instanceof HTMLInputElement && el.type === 'checkbox'
          ? 'checkbox'
          : el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement
            ? 'text'
            : 'other',
    );
  if (kind === 'select') await control.first().selectOption(String(value), { timeout: 3000 });
  else if (kind === 'checkbox') await control.first().setChecked(value === true, { timeout: 3000 });
  else if (kind === 'text') {
    await control.first().fill(String(value), { timeout: 3000 });
    await control.first().press('Escape'); // closes a look-up's suggestions
  } else return 'missing';
  return 'ok';
}

async function fillAboutThroughUi(page: Page) {
  const answers = revealingApplication();
  const keys = allAnswerKeys()
    .filter((key) => pageOfKey(key) === 'about' && !key.endsWith(DESC_SUFFIX))
    .filter((key) => answers[key] !== undefined && answers[key] !== false);
  let pending = keys;
  const failed: string[] = [];
  let filled = 0;
  // Two passes: some questions only appear once an earlier answer reveals them (a state list needs its country).
  for (let pass = 0; pass < 2 && pending.length > 0; pass++) {
    const missing: string[] = [];
    for (const key of pending) {
      try {
        if ((await answerThroughUi(page, key, answers[key])) === 'ok') filled += 1;
        else missing.push(key);
      } catch (error) {
        failed.push(`${key}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      }
    }
    pending = missing;
    await sleep(300);
  }
  return { filled, notFound: pending, failed };
}

async function waitForSave(page: Page) {
  await sleep(1500);
  await page
    .getByText('Saving…')
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
}

export async function runMemory(server: RunningServer): Promise<AreaOutput<MemoryResult>> {
  const applicant: Applicant = await createApplicant(server, uniqueUsername('memory'));
  const browser = await launchBrowser();
  try {
    const context = await loggedInContext(browser, server, applicant);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const snapshots: MemorySnapshot[] = [];

    await openAbout(page);
    await page.waitForLoadState('networkidle');
    snapshots.push(await snapshot(cdp, '/about, empty application'));

    const filledUi = await fillAboutThroughUi(page);
    log(`  memory: ${filledUi.filled} About You answers given through the UI`);
    await waitForSave(page);
    snapshots.push(await snapshot(cdp, '/about, About You filled through the UI'));

    // The rest of the application through the API, keeping what the UI saved.
    const profile = (await api(server, applicant, 'GET', '/api/profile')) as { answer?: Record<string, AnswerValue> };
    await api(server, applicant, 'PUT', '/api/answer', { ...revealingApplication(), ...(profile.answer ?? {}) });
    await api(server, applicant, 'PUT', '/api/add-another', { button_id: 'activity', num_components: 4 });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'About You' }).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await sleep(500);
    snapshots.push(await snapshot(cdp, '/about reloaded, whole application saved'));

    for (const [path, title] of [
      ['/education', 'Your Academics'],
      ['/final-steps', 'Final Steps'],
    ]) {
      // Through the app's own navigation (a link click would do the same): history push, no reload.
      await page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      await sleep(500);
      snapshots.push(await snapshot(cdp, `${path}, whole application (in-app navigation)`));
    }
    await context.close();
    const notes = [
      `About You through the UI: ${filledUi.filled} answers given${filledUi.notFound.length ? `; not on the page: ${filledUi.notFound.join(', ')}` : ''}${filledUi.failed.length ? `; failed: ${filledUi.failed.join('; ')}` : ''}.`,
    ];
    return { data: { snapshots, aboutFilledThroughUi: filledUi }, checks: [], notes };
  } finally {
    await browser.close();
  }
}
