/**
 * startApp: while a pre-rendered shell shows, the app's first render waits for the start-up loads, so a returning
 * applicant's page is rendered once, with the saved answers; without a shell it renders at once; and on a link
 * too slow for the loads it renders after SHELL_DATA_WAIT_MS anyway.
 */
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Root } from 'react-dom/client';
import { makeStore } from '../app/store';
import { initialSessionState } from '../features/session/sessionSlice';
import { SHELL_DATA_WAIT_MS, SHELL_ELEMENT_ID } from '../kernel/shells';
import { loggedInAccountHandlers, profileOf } from '../../tests/msw/auth';
import { server } from '../../tests/msw/server';
import { startApp } from './startApp';

// startApp renders outside act(), as the browser does; the queries below wait for what it shows.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

/** GET /api/profile answers only when the test says so; `requested` tells when it was asked. */
function heldProfile() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = () => {};
  const asked = new Promise<void>((resolve) => (requested = resolve));
  const [, ...rest] = loggedInAccountHandlers();
  server.use(
    http.get('*/api/profile', async () => {
      requested();
      await released;
      return HttpResponse.json(profileOf({ answer: { first_name: 'Ada' } }));
    }),
    ...rest,
  );
  return { release, asked };
}

function page({ shell }: { shell: boolean }) {
  window.history.replaceState(null, '', '/about');
  document.body.innerHTML = `${shell ? `<div id="${SHELL_ELEMENT_ID}" inert><h1>About You</h1></div>` : ''}<div id="root"></div>`;
  return makeStore({ session: { ...initialSessionState, is_logged_in: true } });
}

const root = () => document.getElementById('root')!;
/** The applicant's First Name field (parents' sections have fields of that name too). */
const firstName = () =>
  waitFor(
    () => {
      const input = root().querySelector<HTMLInputElement>('#first_name');
      expect(input).toBeInTheDocument();
      return input!;
    },
    { timeout: 10_000 },
  );

let started: Promise<Root> | undefined;
afterEach(async () => {
  jest.useRealTimers();
  (await started)?.unmount();
  started = undefined;
  document.body.innerHTML = '';
});

it('while a shell shows, renders once the saved answers are in: the first screen already holds them', async () => {
  const profile = heldProfile();
  const store = page({ shell: true });
  started = startApp(store);
  await profile.asked;
  // The route and the option lists load meanwhile; nothing is rendered while the profile is out.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(root()).toBeEmptyDOMElement();
  expect(document.getElementById(SHELL_ELEMENT_ID)).toBeInTheDocument();
  const firstValues: string[] = [];
  new MutationObserver(() => {
    const input = document.querySelector<HTMLInputElement>('#root #first_name');
    if (input && firstValues.length === 0) firstValues.push(input.value);
  }).observe(root(), { childList: true, subtree: true });
  profile.release();
  await started;
  expect(await firstName()).toHaveValue('Ada');
  expect(firstValues).toEqual(['Ada']);
  expect(document.getElementById(SHELL_ELEMENT_ID)).not.toBeInTheDocument();
});

it('without a shell, renders at once (the page shows before the profile arrives)', async () => {
  const profile = heldProfile();
  const store = page({ shell: false });
  started = startApp(store);
  await started;
  expect(await firstName()).toHaveValue('');
  profile.release();
  await waitFor(() => expect(root().querySelector('#first_name')).toHaveValue('Ada'));
});

it('on a link too slow for the start-up loads, renders after SHELL_DATA_WAIT_MS anyway', async () => {
  const profile = heldProfile();
  const store = page({ shell: true });
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  started = startApp(store);
  await jest.advanceTimersByTimeAsync(SHELL_DATA_WAIT_MS - 1);
  expect(root()).toBeEmptyDOMElement();
  await jest.advanceTimersByTimeAsync(1);
  await started;
  jest.useRealTimers();
  expect(await firstName()).toHaveValue('');
  profile.release();
  await waitFor(() => expect(root().querySelector('#first_name')).toHaveValue('Ada'));
});
