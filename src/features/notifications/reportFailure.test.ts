import { makeStore } from '../../app/store';
import { DEADLINE_PASSED_CODE, GENERIC_ERROR } from '../../kernel/messages';
import { reportFailure, reportFailureInDialog } from './reportFailure';

describe('reportFailure', () => {
  const toasts = (store: ReturnType<typeof makeStore>) =>
    store.getState().notifications.toasts.map(({ severity, title, message }) => ({ severity, title, message }));

  it('shows the server’s message under the given title', () => {
    const store = makeStore();
    expect(
      reportFailure(store.dispatch, 'Error adding another Activities', { status: 500, message: 'Try later.' }),
    ).toBe(true);
    expect(toasts(store)).toEqual([
      { severity: 'error', title: 'Error adding another Activities', message: 'Try later.' },
    ]);
  });

  it('says nothing for a 401 (the applicant is already on their way to /login)', () => {
    const store = makeStore();
    expect(reportFailure(store.dispatch, 'T', { status: 401, message: 'Your session is invalid.' })).toBe(false);
    expect(toasts(store)).toEqual([]);
  });

  it('falls back to the generic message', () => {
    const store = makeStore();
    reportFailure(store.dispatch, 'T', { status: 'FETCH_ERROR' });
    expect(toasts(store)).toEqual([{ severity: 'error', title: 'T', message: GENERIC_ERROR }]);
  });
});

describe('reportFailureInDialog', () => {
  const dialog = (store: ReturnType<typeof makeStore>) => store.getState().notifications.dialog;

  it('shows the server’s message in the error dialog, or the generic one', () => {
    const store = makeStore();
    reportFailureInDialog(store.dispatch, { status: 500, message: 'The server is busy.' });
    expect(dialog(store)).toMatchObject({ message: 'The server is busy.' });
    const other = makeStore();
    reportFailureInDialog(other.dispatch, { status: 'FETCH_ERROR' });
    expect(dialog(other)).toMatchObject({ message: GENERIC_ERROR });
  });

  it('says nothing for a 401', () => {
    const store = makeStore();
    reportFailureInDialog(store.dispatch, { status: 401, message: 'Your session is invalid.' });
    expect(dialog(store)).toBeNull();
  });
});

describe('a Submit refused for the deadline', () => {
  it('is not shown in the dialog: the form page shows the deadline’s passed state instead', () => {
    const store = makeStore();
    reportFailureInDialog(store.dispatch, {
      status: 403,
      message: 'The deadline has passed.',
      code: DEADLINE_PASSED_CODE,
    });
    expect(store.getState().notifications.dialog).toBeNull();
    // Another refusal still is.
    reportFailureInDialog(store.dispatch, { status: 403, message: 'Not now.', code: 'Other' });
    expect(store.getState().notifications.dialog).toMatchObject({ message: 'Not now.' });
  });
});
