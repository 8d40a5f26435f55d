/**
 * The application deadline, against the real server and the production build, at 1280 and 390 px, on a server of
 * its own whose APPLICATION_DEADLINE (a New York time) passed an hour before the run: the countdown before it (the
 * browser's clock set back with page.clock), in the college's zone and in the browser's own (timezoneId); the
 * deadline passing while the check page is open; a page opened after it, still readable, offering no Submit; a
 * Submit from a page whose clock is behind, refused by the server and shown as the passed state; an admin reopening
 * one applicant's Submit in the console, and that applicant submitting. axe finds no WCAG 2.0–2.2 A/AA violation in
 * any of these states.
 */
import { expect, request as playwrightRequest, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { enrolStaff, mailTo, startStaffServer, type StaffServer } from './staffServer';
import { completeApplication } from '../src/kernel/form/definition/sampleAnswers';
import { DEADLINE_PASSED } from '../src/kernel/deadline/messages';
import { formatCollegeTime } from '../src/kernel/time';

const ZONE = 'America/New_York';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const STAFF_PASSWORD = 'Maple-Syrup-2024!';
const APPLICANT_PASSWORD = 'Persist-Answers-2026!';

/** A moment as New York's clocks show it, to the minute, as APPLICATION_DEADLINE and a datetime-local take it. */
function newYorkLocal(at: number): string {
  const part = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(at)
      .map(({ type, value }) => [type, value]),
  );
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

/** The deadline: an hour ago, to the minute (the server reads it in New York's zone). */
const CLOSES_AT = Math.floor((Date.now() - HOUR) / MINUTE) * MINUTE;

const VIEWPORTS = [
  { width: 1280, height: 800, admin: 'admin.deadline@college.example' },
  { width: 390, height: 844, admin: 'admin.deadline.phone@college.example' },
];

let server: StaffServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startStaffServer(
    VIEWPORTS.map((viewport) => viewport.admin),
    { name: 'deadline', env: { APPLICATION_DEADLINE: newYorkLocal(CLOSES_AT), COLLEGE_TIME_ZONE: ZONE } },
  );
});

test.afterAll(async () => {
  await server?.stop();
});

/** A confirmed applicant with a complete application, not submitted; returns the user id staff open it by. */
async function readyApplicant(username: string): Promise<string> {
  const api = await playwrightRequest.newContext({ baseURL: server.url });
  const post = (p: string, data: object) => api.post(p, { data });
  expect((await post('/public/signup', { username, password: APPLICANT_PASSWORD })).status()).toBe(201);
  const code = () =>
    mailTo(username, server.dataDir)
      .at(-1)
      ?.match(/confirmation code is (\d{6})/)?.[1] ?? null;
  await expect.poll(code, { timeout: 15_000 }).toMatch(/^\d{6}$/);
  expect((await post('/public/confirm', { username, code: code() })).status()).toBe(200);
  expect((await post('/public/login', { username, password: APPLICANT_PASSWORD })).status()).toBe(200);
  const answer = {
    ...completeApplication(),
    first_name: 'Amara',
    last_name: username.split('@')[0]!.replace(/\W/g, ''),
  };
  expect((await api.put('/api/answer', { data: answer })).status()).toBe(200);
  const applicationId: string = (await (await api.get('/api/profile')).json()).application_id;
  await api.dispose();
  return String(Number(applicationId.replace('APP-', '')));
}

/** A page of a browser of its own (viewport, zone, and clock when given), logged in as `username` if given. */
async function pageFor(
  browser: Browser,
  size: { width: number; height: number },
  options: { timezoneId?: string; clock?: number; username?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: size,
    baseURL: server.url,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  if (options.clock !== undefined) await context.clock.install({ time: options.clock });
  if (options.username) {
    // The context's own request: its session cookie is the page's.
    const login = await context.request.post('/public/login', {
      data: { username: options.username, password: APPLICANT_PASSWORD },
    });
    expect(login.status()).toBe(200);
  }
  return context.newPage();
}

const submitButton = (page: Page) => page.getByRole('button', { name: 'Submit Application' });
const countdown = (page: Page) => page.getByRole('region', { name: 'Time left to submit' });
const passedNotice = (page: Page) => page.getByRole('region', { name: 'The application deadline has passed' });

/** "January 15, 2027 at 11:59 PM EST" in `zone`, as the page writes it. */
const inZone = (at: number, zone: string) => formatCollegeTime(at, zone);

for (const viewport of VIEWPORTS) {
  test(`the application deadline at ${viewport.width} px`, async ({ browser }) => {
    test.setTimeout(240_000);
    const size = { width: viewport.width, height: viewport.height };
    const width = `${viewport.width} px`;
    const tag = `${viewport.width}-${Date.now()}`;

    await test.step('before it: how long is left, in the college’s zone and the browser’s own', async () => {
      // 3 days, 7 hours and 28 minutes 40 seconds before it: "29 minutes" (rounded up) for 40 seconds.
      const clock = CLOSES_AT - (3 * DAY + 7 * HOUR + 29 * MINUTE) + 20_000;
      const paris = await pageFor(browser, size, { timezoneId: 'Europe/Paris', clock });
      for (const url of ['/about', '/check-answers']) {
        await paris.goto(url);
        await expect(countdown(paris)).toHaveText(
          `3 days, 7 hours and 29 minutes left to submit your application. The deadline is ${inZone(CLOSES_AT, ZONE)} ` +
            `(the college’s time; ${inZone(CLOSES_AT, 'Europe/Paris')} where you are).`,
        );
      }
      await expect(submitButton(paris)).toBeVisible();
      await expectAccessible(paris, `the countdown, in Paris (${width})`);
      await paris.context().close();

      const newYork = await pageFor(browser, size, { timezoneId: ZONE, clock });
      await newYork.goto('/education');
      await expect(countdown(newYork)).toHaveText(
        `3 days, 7 hours and 29 minutes left to submit your application. The deadline is ${inZone(CLOSES_AT, ZONE)} ` +
          '(the college’s time).',
      );
      await expectAccessible(newYork, `the countdown, in New York (${width})`);
      await newYork.context().close();
    });

    await test.step('it passes while the check page is open: announced, and Submit goes', async () => {
      const username = `passing-${tag}@example.com`;
      await readyApplicant(username);
      const page = await pageFor(browser, size, { clock: CLOSES_AT - 30_000, username });
      await page.goto('/check-answers');
      await expect(countdown(page)).toContainText('1 minute left to submit your application.');
      await expect(submitButton(page)).toBeVisible();
      await page.clock.fastForward('00:45');
      await expect(page.getByRole('alert')).toContainText('The application deadline has passed');
      await expect(submitButton(page)).toHaveCount(0);
      await expectAccessible(page, `the deadline passed while on the check page (${width})`);
      await page.context().close();
    });

    await test.step('a page opened after it: readable, whom to contact, and no Submit', async () => {
      const username = `after-${tag}@example.com`;
      await readyApplicant(username);
      const page = await pageFor(browser, size, { timezoneId: 'Asia/Tokyo', username });
      await page.goto('/check-answers');
      const notice = passedNotice(page);
      await expect(notice).toContainText(DEADLINE_PASSED);
      await expect(notice).toContainText(
        `Applications closed on ${inZone(CLOSES_AT, ZONE)} (the college’s time; ${inZone(CLOSES_AT, 'Asia/Tokyo')} where you are).`,
      );
      await expect(notice.getByRole('link', { name: '(555) 010-0142' })).toHaveAttribute('href', 'tel:5550100142');
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(submitButton(page)).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: 'Check your answers' })).toBeVisible();
      await expect(page.getByText('Amara', { exact: true }).first()).toBeVisible();
      await expectAccessible(page, `the check page after the deadline (${width})`);
      await page
        .getByRole('navigation', { name: 'Application pages' })
        .getByRole('link', { name: 'About You' })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'About You' })).toBeVisible();
      await expect(passedNotice(page)).toBeVisible();
      await expect(page.getByLabel(/^First Name/).first()).toHaveValue('Amara');
      await expectAccessible(page, `About You after the deadline (${width})`);
      await page.context().close();
    });

    await test.step('a Submit from a page whose clock is behind: refused, shown as the passed state', async () => {
      const username = `refused-${tag}@example.com`;
      await readyApplicant(username);
      const page = await pageFor(browser, size, { clock: CLOSES_AT - 10 * MINUTE, username });
      await page.goto('/check-answers');
      await expect(countdown(page)).toContainText('10 minutes left to submit your application.');
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/submit'));
      await submitButton(page).click();
      expect((await answered).status()).toBe(403);
      await expect(page.getByRole('alert')).toContainText(DEADLINE_PASSED);
      await expect(passedNotice(page)).toBeFocused();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(submitButton(page)).toHaveCount(0);
      await expect(page).toHaveURL(/\/check-answers$/);
      await expectAccessible(page, `a Submit refused for the deadline (${width})`);
      await page.context().close();
    });

    await test.step('an admin reopens one applicant’s Submit, and that applicant submits', async () => {
      const username = `reopened-${tag}@example.com`;
      const id = await readyApplicant(username);
      const admin = await (await browser.newContext({ viewport: size })).newPage();
      await enrolStaff(admin, viewport.admin, server, STAFF_PASSWORD);
      await admin.goto(`${server.url}/staff/applicants/${id}`);
      const panel = admin.getByRole('region', { name: 'Application deadline' });
      await expect(panel).toContainText('Closed');
      await expectAccessible(admin, `the applicant’s deadline in the console (${width})`);
      const until = Math.floor((Date.now() + 2 * DAY) / MINUTE) * MINUTE;
      await panel.getByLabel('Open until').fill(newYorkLocal(until));
      await panel.getByRole('button', { name: 'Reopen Submit for this applicant' }).click();
      await expect(
        panel.getByRole('status').filter({ hasText: 'Submit reopened for this applicant until' }),
      ).toBeVisible();
      await expect(panel).toContainText(
        `Reopened until ${formatCollegeTime(until, ZONE, { seconds: true })} by ${viewport.admin}`,
      );
      await expectAccessible(admin, `the applicant’s Submit reopened in the console (${width})`);
      await admin.context().close();

      const page = await pageFor(browser, size, { timezoneId: ZONE, username });
      await page.goto('/check-answers');
      const reopened = page.getByRole('region', { name: 'Submit reopened for you' });
      await expect(reopened).toContainText(
        `The application deadline has passed, but the admission office reopened Submit for you until ${inZone(until, ZONE)} (the college’s time).`,
      );
      await expectAccessible(page, `Submit reopened for the applicant (${width})`);
      await submitButton(page).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Application Submitted' })).toBeVisible();
      await expect(page).toHaveURL(/\/completion$/);
      await page.context().close();
    });
  });
}
