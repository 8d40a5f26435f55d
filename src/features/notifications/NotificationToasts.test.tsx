import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../tests/renderWithProviders';
import { TOAST_DEFAULT_MS, TOAST_ERROR_MS, TOAST_SWIPE_CLOSE_PX } from '../../kernel/constants';
import { NotificationToasts } from './NotificationToasts';
import { toastShown } from './notificationsSlice';

/** jsdom has no PointerEvent: without one, fireEvent.pointer* would drop clientX. */
class TestPointerEvent extends MouseEvent {
  pointerId: number;
  pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
    this.pointerType = init.pointerType ?? 'touch';
  }
}
beforeAll(() => {
  (window as unknown as { PointerEvent: unknown }).PointerEvent = TestPointerEvent;
});
afterAll(() => {
  delete (window as unknown as { PointerEvent?: unknown }).PointerEvent;
});

const success = { severity: 'success' as const, title: 'Success Notification', message: 'Your code was sent.' };
const failure = { severity: 'error' as const, title: 'Login Card Error', message: 'Incorrect username or password.' };

function setup() {
  const result = renderWithProviders(<NotificationToasts />);
  const show = (toast: Parameters<typeof toastShown>[0]) => act(() => void result.store.dispatch(toastShown(toast)));
  return { ...result, show };
}

describe('toasts', () => {
  afterEach(() => jest.useRealTimers());

  it('shows a success toast as a status named by its title, with its title, message and a close button', () => {
    const { show } = setup();
    show(success);
    const toast = screen.getByRole('status', { name: 'Success Notification' });
    expect(within(toast).getByText('Success Notification')).toBeVisible();
    expect(within(toast).getByText('Your code was sent.')).toBeVisible();
    expect(within(toast).getByRole('button', { name: 'Close notification' })).toBeInTheDocument();
    expect(toast).toHaveClass('shell-toast-success');
  });

  it('shows an error toast as an alert', () => {
    const { show } = setup();
    show(failure);
    expect(screen.getByRole('alert', { name: 'Login Card Error' })).toHaveTextContent(
      'Incorrect username or password.',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('lives in a focusable region named Notifications', () => {
    setup();
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toHaveAttribute('tabindex', '-1');
  });

  it(`closes a success toast after ${TOAST_DEFAULT_MS} ms and an error toast after ${TOAST_ERROR_MS} ms`, () => {
    jest.useFakeTimers();
    const { show, store } = setup();
    show(success);
    show(failure);
    act(() => jest.advanceTimersByTime(TOAST_DEFAULT_MS - 1));
    expect(screen.getByRole('status', { name: 'Success Notification' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('status', { name: 'Success Notification' })).not.toBeInTheDocument();
    expect(store.getState().notifications.toasts.map((t) => t.title)).toEqual(['Login Card Error']);

    act(() => jest.advanceTimersByTime(TOAST_ERROR_MS - TOAST_DEFAULT_MS - 1));
    expect(screen.getByRole('alert', { name: 'Login Card Error' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(store.getState().notifications.toasts).toEqual([]);
  });

  it('honours a toast’s own duration', () => {
    jest.useFakeTimers();
    const { show } = setup();
    show({ ...success, durationMs: 1000 });
    act(() => jest.advanceTimersByTime(999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('does not close while hovered, and counts only the time it was not', () => {
    jest.useFakeTimers();
    const { show } = setup();
    show(success);
    act(() => jest.advanceTimersByTime(2000));
    const toast = screen.getByRole('status');
    fireEvent.mouseEnter(toast);
    act(() => jest.advanceTimersByTime(TOAST_DEFAULT_MS * 3));
    expect(screen.getByRole('status')).toBeInTheDocument();
    fireEvent.mouseLeave(toast);
    act(() => jest.advanceTimersByTime(TOAST_DEFAULT_MS - 2000 - 1));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('closes with its close button', () => {
    const { show, store } = setup();
    show(success);
    show(failure);
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Success Notification' })).toBeInTheDocument();
    expect(store.getState().notifications.toasts).toHaveLength(1);
  });

  it(`closes when swiped right more than ${TOAST_SWIPE_CLOSE_PX} px, not less, and not left`, () => {
    const { show } = setup();
    show(success);
    const toast = screen.getByRole('status');

    // Short swipe: springs back.
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerMove(toast, { clientX: 100 + TOAST_SWIPE_CLOSE_PX });
    expect(toast.style.transform).toBe(`translateX(${TOAST_SWIPE_CLOSE_PX}px)`);
    fireEvent.pointerUp(toast, { clientX: 100 + TOAST_SWIPE_CLOSE_PX });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(toast.style.transform).toBe('');

    // Swipe left: stays.
    fireEvent.pointerDown(toast, { clientX: 300 });
    fireEvent.pointerMove(toast, { clientX: 100 });
    fireEvent.pointerUp(toast, { clientX: 100 });
    expect(screen.getByRole('status')).toBeInTheDocument();

    // A cancelled gesture (e.g. the page scrolled): stays.
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerCancel(toast, { clientX: 300 });
    expect(screen.getByRole('status')).toBeInTheDocument();

    // Beyond the threshold: closes.
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerMove(toast, { clientX: 130 });
    fireEvent.pointerUp(toast, { clientX: 100 + TOAST_SWIPE_CLOSE_PX + 1 });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('F8 moves focus to the notifications region from anywhere; other keys do not', () => {
    const { show } = setup();
    show(failure);
    const region = screen.getByRole('region', { name: 'Notifications' });
    fireEvent.keyDown(document.body, { key: 'F7' });
    expect(region).not.toHaveFocus();
    fireEvent.keyDown(document.body, { key: 'F8' });
    expect(region).toHaveFocus();
  });
});
