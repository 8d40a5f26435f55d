import { userLoggedIn } from '../shared/events';
import { addListener, type UnknownAction } from '@reduxjs/toolkit';
import { recordRequests } from '../../tests/msw/recorder';
import { listenerHarness } from '../../tests/listenerHarness';
import { rootReducer } from './store';
import { answerChanged } from '../features/answers/answersSlice';
import { toastShown } from '../features/notifications/notificationsSlice';
import { tabSwitched } from '../features/tabs/tabsSlice';
import { profileOf } from '../../tests/msw/auth';

/**
 * Redux DevTools time travel replays recorded actions into a fresh state. That works when every action and
 * every state is plain serializable data and reducers are pure: replaying the first n actions of a journey must
 * give exactly the state the app had after action n.
 */
describe('time travel across a journey', () => {
  it('replaying the recorded actions reproduces every intermediate state', async () => {
    recordRequests({
      'GET /api/profile': profileOf({ last_page: '/education', answer: { first_name: 'Ada' } }),
      'GET /api/add-another': { activity: 2 },
      'GET /api/tabs': {},
      'POST /api/web-status': {},
      'PUT /api/answer': { message: 'saved' },
    });
    const { store, navigate, waitFor } = listenerHarness(undefined, '/login');
    // Record every action the store sees, including those the listeners dispatch, as DevTools does.
    const actions: UnknownAction[] = [];
    store.dispatch(addListener({ predicate: () => true, effect: (action) => void actions.push(action) }));
    const dispatch = store.dispatch;
    dispatch(answerChanged({ key: 'city', value: 'Albany' }));
    dispatch(toastShown({ severity: 'success', title: 'Success Notification', message: 'Hi' }));
    dispatch(userLoggedIn({ username: 'ada@example.com' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/education', { replace: true }));
    dispatch(tabSwitched({ tabId: 'personal_statement', tab: 'upload' }));
    dispatch(answerChanged({ key: 'gender', value: 'F', desc: 'Female' }));

    const withoutApi = (state: unknown) => ({ ...(state as Record<string, unknown>), api: undefined });
    expect(() => JSON.parse(JSON.stringify(actions))).not.toThrow();
    // DevTools recomputes states by running the reducer over the recorded actions (no middleware, no effects).
    const replayed: unknown[] = [];
    let state = rootReducer(undefined, { type: '@@INIT' });
    for (const action of JSON.parse(JSON.stringify(actions))) {
      state = rootReducer(state, action);
      replayed.push(withoutApi(state));
    }
    const finalState = withoutApi(store.getState());
    expect(replayed.at(-1)).toEqual(finalState);
    expect(finalState).toMatchObject({
      session: { username: 'ada@example.com', web_status: 'started', is_logged_in: true },
      answers: { values: { first_name: 'Ada', city: 'Albany', gender: 'F', gender_desc: 'Female' } },
      tabs: { chosen: { personal_statement: 'upload' } },
    });
    // Stepping back: the state after the first action is the state with just the one answer.
    expect(replayed[0]).toMatchObject({ answers: { values: { city: 'Albany' } }, session: { is_logged_in: false } });
  });
});
