import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../../tests/msw/server';
import { loggedInState } from '../../../tests/listenerHarness';
import { renderWithProviders } from '../../../tests/renderWithProviders';
import { initialSessionState } from '../session/sessionSlice';
import { MAINTENANCE_MESSAGE, SERVICE_NOTICE_LABEL } from '../../kernel/serviceStatus/messages';
import { SERVICE_STATUS_POLL_MS } from '../../kernel/serviceStatus/rules';
import type { RootState } from '../../app/store';
import { ServiceStatus } from './ServiceStatus';

/**
 * The operator's notice and maintenance mode on the page: asked for once a minute and when the tab is shown again,
 * shown in a polite live region (nothing at all without them), and the answers the maintenance held sent as soon as
 * an answer says it is over.
 */
type Status = { notice: string | null; maintenance: boolean };

/** Answers GET /public/service-status with `current()` and counts the calls. */
function serviceStatus(current: () => Status) {
  const asked = { count: 0 };
  server.use(
    http.get('*/public/service-status', () => {
      asked.count += 1;
      return HttpResponse.json(current());
    }),
  );
  return asked;
}

/** Lets timers, fetches and renders run their course for `ms` of fake time. */
const pass = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const region = () => screen.queryByRole('region', { name: SERVICE_NOTICE_LABEL });
/** Small steps of fake time until the region is in the page (the chunks load, the answer arrives). */
async function regionShown() {
  for (let i = 0; i < 100 && !region(); i++) await act(() => jest.advanceTimersByTimeAsync(1));
  return region()!;
}

beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] }));
afterEach(() => jest.useRealTimers());

it('renders nothing when there is no notice and no maintenance', async () => {
  const asked = serviceStatus(() => ({ notice: null, maintenance: false }));
  const { container } = renderWithProviders(<ServiceStatus />);
  await pass(100);
  expect(asked.count).toBe(1);
  expect(container).toBeEmptyDOMElement();
});

it('shows the notice in a polite live region at once, with the words a frame after the region', async () => {
  serviceStatus(() => ({ notice: 'Applications close at midnight tonight.', maintenance: false }));
  renderWithProviders(<ServiceStatus />);
  const status = within(await regionShown()).getByRole('status');
  expect(status).toBeEmptyDOMElement();
  await pass(20);
  expect(status).toHaveTextContent(/^Applications close at midnight tonight\.$/);
  expect(status).not.toHaveTextContent(MAINTENANCE_MESSAGE);
});

it('asks again once a minute, not sooner, and when the tab is shown again: a notice comes and goes', async () => {
  let current: Status = { notice: null, maintenance: false };
  const asked = serviceStatus(() => current);
  renderWithProviders(<ServiceStatus />);
  await pass(100);
  expect(asked.count).toBe(1);

  current = { notice: 'The help desk is open until 11 pm.', maintenance: false };
  await pass(SERVICE_STATUS_POLL_MS - 1000);
  expect(asked.count).toBe(1);
  expect(region()).toBeNull();
  await pass(1100);
  expect(asked.count).toBe(2);
  expect(within(region()!).getByRole('status')).toHaveTextContent('The help desk is open until 11 pm.');

  current = { notice: null, maintenance: false };
  await act(async () => document.dispatchEvent(new Event('visibilitychange')));
  await pass(100);
  expect(asked.count).toBe(3);
  expect(region()).toBeNull();
  // A new minute starts from that answer.
  await pass(SERVICE_STATUS_POLL_MS - 1000);
  expect(asked.count).toBe(3);
});

it('shows the maintenance message, beside a notice', async () => {
  serviceStatus(() => ({ notice: 'Back at nine.', maintenance: true }));
  renderWithProviders(<ServiceStatus />);
  await regionShown();
  await pass(20);
  const paragraphs = within(within(region()!).getByRole('status')).getAllByRole('paragraph');
  expect(paragraphs.map((p) => p.textContent)).toEqual(['Back at nine.', MAINTENANCE_MESSAGE]);
});

describe('answers the maintenance held (sync status held, kept by a reload)', () => {
  const held = (): Partial<RootState> => {
    const state = loggedInState({}, { first_name: 'Ada' }, ['first_name']);
    return { ...state, sync: { ...state.sync!, status: 'held' } };
  };

  it('show the message until an answer says it is over, then are sent at once', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('*/public/service-status', async () => {
        await answered;
        return HttpResponse.json({ notice: null, maintenance: false });
      }),
    );
    const saves: unknown[] = [];
    server.use(
      http.put('*/api/answer', async ({ request }) => {
        saves.push(await request.json());
        return HttpResponse.json({ message: 'saved', version: 2 });
      }),
    );
    const { store } = renderWithProviders(<ServiceStatus />, { preloadedState: held() });
    await pass(100);
    // Before the server has answered: the held answers say maintenance.
    expect(within(region()!).getByRole('status')).toHaveTextContent(MAINTENANCE_MESSAGE);
    expect(saves).toEqual([]);
    answer();
    await pass(200);
    expect(saves).toEqual([{ first_name: 'Ada' }]);
    expect(store.getState().sync).toMatchObject({ status: 'saved', dirty: [] });
    expect(region()).toBeNull();
  });

  it('stay held while the server says maintenance goes on: nothing is sent', async () => {
    serviceStatus(() => ({ notice: null, maintenance: true }));
    const saves: unknown[] = [];
    server.use(
      http.put('*/api/answer', () => {
        saves.push(1);
        return HttpResponse.json({ message: 'saved', version: 2 });
      }),
    );
    const { store } = renderWithProviders(<ServiceStatus />, { preloadedState: held() });
    await pass(SERVICE_STATUS_POLL_MS + 100);
    expect(saves).toEqual([]);
    expect(store.getState().sync.status).toBe('held');
    expect(within(region()!).getByRole('status')).toHaveTextContent(MAINTENANCE_MESSAGE);
  });
});

it('asks nothing for staff reading the print view', async () => {
  const asked = serviceStatus(() => ({ notice: 'Not for staff.', maintenance: false }));
  const { container } = renderWithProviders(<ServiceStatus />, {
    preloadedState: { session: { ...initialSessionState, is_service_user: true } },
  });
  await pass(SERVICE_STATUS_POLL_MS + 100);
  expect(asked.count).toBe(0);
  expect(container).toBeEmptyDOMElement();
});
