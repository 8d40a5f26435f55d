import { addListener } from '@reduxjs/toolkit';
import { loggedInState } from '../../../tests/listenerHarness';
import { makeStore, type AppStartListening } from '../../app/store';
import { addCrossTabListeners, answersSavedElsewhere } from './crossTab';
import { saveSucceeded } from './syncSlice';

function storeWithFakeChannel() {
  const store = makeStore(loggedInState({}, { first_name: 'Mine', city: 'Old' }, ['first_name']));
  const channel = { postMessage: jest.fn() } as unknown as BroadcastChannel & { postMessage: jest.Mock };
  const startListening = ((options: Parameters<AppStartListening>[0]) =>
    store.dispatch(addListener(options as never))) as unknown as AppStartListening;
  addCrossTabListeners(startListening, channel);
  return { store, channel };
}

describe('two tabs of one browser', () => {
  it('takes a newer save from another tab, keeping this tab’s unsaved changes', () => {
    const { store } = storeWithFakeChannel();
    store.dispatch(
      answersSavedElsewhere({ username: 'ada@example.com', version: 5, answer: { first_name: 'Theirs', city: 'New' } }),
    );
    expect(store.getState().answers.values).toEqual({ first_name: 'Mine', city: 'New' });
    expect(store.getState().sync.version).toBe(5);
  });

  it('ignores an older version and another account', () => {
    const { store } = storeWithFakeChannel();
    store.dispatch(answersSavedElsewhere({ username: 'ada@example.com', version: 1, answer: { city: 'Older' } }));
    store.dispatch(answersSavedElsewhere({ username: 'bob@example.com', version: 9, answer: { city: 'Bob' } }));
    expect(store.getState().answers.values.city).toBe('Old');
  });

  it('tells the other tabs after its own successful save', () => {
    const { store, channel } = storeWithFakeChannel();
    store.dispatch(saveSucceeded({ version: 6, stillDirty: [] }));
    expect(channel.postMessage).toHaveBeenCalledWith({
      username: 'ada@example.com',
      version: 6,
      answer: { first_name: 'Mine', city: 'Old' },
    });
  });
});
