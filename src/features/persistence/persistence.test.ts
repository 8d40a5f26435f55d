import { createMigrate, getStoredState, persistStore } from 'redux-persist';
import { makeStore, rootReducer } from '../../app/store';
import { answerChanged } from '../answers/answersSlice';
import { accountAtStart, accountStorage, purgeAccount, setStorageAccount, VISITOR } from './accountStorage';
import { migrations, PERSIST_KEY, PERSIST_VERSION, reconcile } from './persistConfig';
import { leaveAccount, switchToAccount } from './accountSwitch';

const KEY = (account: string) => `admission:${encodeURIComponent(account)}:persist:${PERSIST_KEY}`;
const stored = (account: string) => {
  const raw = localStorage.getItem(KEY(account));
  if (!raw) return null;
  const outer = JSON.parse(raw);
  return Object.fromEntries(Object.entries(outer).map(([k, v]) => [k, JSON.parse(v as string)]));
};
const flush = () => new Promise((r) => setTimeout(r, 400));

beforeEach(() => {
  localStorage.clear();
  setStorageAccount(VISITOR);
});

describe('persisting answers on the device', () => {
  it('keeps answers, add-another counts, tab choices and the outbox — never the API cache or the session', async () => {
    const store = makeStore(undefined, { persist: true });
    await new Promise<void>((resolve) => persistStore(store, null, resolve));
    store.dispatch(answerChanged({ key: 'gender', value: 'F', desc: 'Female' }));
    await flush();
    const saved = stored(VISITOR)!;
    expect(saved.answers).toEqual({ values: { gender: 'F', gender_desc: 'Female' }, errors: {} });
    expect(saved.sync).toEqual({ dirty: ['gender'], version: null });
    expect(Object.keys(saved).sort()).toEqual(['_persist', 'addAnother', 'answers', 'sync', 'tabs']);
  });

  it('a reload gets them back; something typed before rehydration finished is kept too (#244)', async () => {
    localStorage.setItem(
      KEY(VISITOR),
      JSON.stringify({
        answers: JSON.stringify({ values: { first_name: 'Stored', city: 'Troy' }, errors: {} }),
        sync: JSON.stringify({ dirty: ['first_name'], version: null }),
        _persist: JSON.stringify({ version: 1, rehydrated: true }),
      }),
    );
    const store = makeStore(undefined, { persist: true });
    store.dispatch(answerChanged({ key: 'city', value: 'Typed early' }));
    await new Promise<void>((resolve) => persistStore(store, null, resolve));
    expect(store.getState().answers.values).toEqual({ first_name: 'Stored', city: 'Typed early' });
    expect([...store.getState().sync.dirty].sort()).toEqual(['city', 'first_name']);
  });

  it('never times out into an empty state (#786): rehydration waits for storage however slow', async () => {
    const slowGet = jest
      .spyOn(accountStorage, 'getItem')
      .mockImplementation(
        () =>
          new Promise((resolve) =>
            setTimeout(
              () => resolve(JSON.stringify({ answers: JSON.stringify({ values: { a: 'slow' }, errors: {} }) })),
              6000,
            ),
          ),
      );
    jest.useFakeTimers();
    const store = makeStore(undefined, { persist: true });
    let done = false;
    persistStore(store, null, () => (done = true));
    await jest.advanceTimersByTimeAsync(5500); // redux-persist's default timeout is 5 s
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(1000);
    jest.useRealTimers();
    expect(done).toBe(true);
    expect(store.getState().answers.values).toEqual({ a: 'slow' });
    slowGet.mockRestore();
  });

  it('a full storage shows a warning and keeps the earlier data (#870)', async () => {
    localStorage.setItem(
      KEY(VISITOR),
      JSON.stringify({ answers: JSON.stringify({ values: { kept: 'yes' }, errors: {} }), _persist: '{"version":1}' }),
    );
    const store = makeStore(undefined, { persist: true });
    await new Promise<void>((resolve) => persistStore(store, null, resolve));
    const before = localStorage.getItem(KEY(VISITOR));
    const full = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    store.dispatch(answerChanged({ key: 'more', value: 'x' }));
    await flush();
    full.mockRestore();
    expect(store.getState().sync.storageError).toMatch(/could not be kept on this device/);
    expect(localStorage.getItem(KEY(VISITOR))).toBe(before);
  });
});

describe('migrations', () => {
  const migrate = createMigrate(migrations);
  it('brings a pre-versioned bare answer map into today’s shape without losing answers', async () => {
    const old = {
      answers: { first_name: 'Old', legal_agree: true, junk: { x: 1 } },
      _persist: { version: -1, rehydrated: false },
    };
    const state = (await migrate(old as never, PERSIST_VERSION)) as unknown as Record<string, unknown>;
    expect(state).toMatchObject({
      answers: { values: { first_name: 'Old', legal_agree: true }, errors: {} },
      addAnother: { counts: {} },
      tabs: { chosen: {} },
      sync: { dirty: ['first_name', 'legal_agree'], version: null },
    });
  });

  it('leaves a current state as it is', async () => {
    const current = {
      answers: { values: { a: 'b' }, errors: {} },
      addAnother: { counts: { activity: 2 } },
      tabs: { chosen: { ps: 'essay' } },
      sync: { dirty: ['a'], version: 3 },
      _persist: { version: 1, rehydrated: false },
    };
    expect(await migrate(current as never, PERSIST_VERSION)).toEqual(current);
  });

  it('reconcile: stored values are the base, in-memory values win key by key', () => {
    const initial = rootReducer(undefined, { type: 'init' });
    const reduced = rootReducer(initial, answerChanged({ key: 'b', value: 'memory' }));
    const merged = reconcile({ answers: { values: { a: 'stored', b: 'stored' }, errors: {} } }, initial, reduced);
    expect(merged.answers.values).toEqual({ a: 'stored', b: 'memory' });
  });
});

describe('per account on a shared computer', () => {
  it('a visitor who logs in moves their answers to the account; the visitor copy is removed', async () => {
    localStorage.setItem(KEY(VISITOR), JSON.stringify({ answers: JSON.stringify({ values: { a: 'v' }, errors: {} }) }));
    expect(await switchToAccount('ada@example.com')).toBeUndefined();
    expect(localStorage.getItem(KEY(VISITOR))).toBeNull();
    expect(accountAtStart(true)).toBe('ada@example.com');
    expect(accountAtStart(false)).toBe(VISITOR);
  });

  it('logout with everything saved leaves no answers in storage; with unsent answers keeps them for the next login', async () => {
    await switchToAccount('ada@example.com');
    await accountStorage.setItem(
      `persist:${PERSIST_KEY}`,
      JSON.stringify({
        answers: JSON.stringify({ values: { a: 'x' }, errors: {} }),
        sync: JSON.stringify({ dirty: ['a'], version: 2 }),
        _persist: '{"version":1}',
      }),
    );
    leaveAccount('ada@example.com', false);
    expect(localStorage.getItem(KEY('ada@example.com'))).not.toBeNull();
    const back = await switchToAccount('ada@example.com');
    expect(back).toMatchObject({ answers: { values: { a: 'x' } }, sync: { dirty: ['a'] } });
    leaveAccount('ada@example.com', true);
    expect(Object.keys(localStorage).filter((k) => k.includes('ada'))).toEqual([]);
  });

  it('another account never reads the first one’s data', async () => {
    await switchToAccount('ada@example.com');
    await accountStorage.setItem(
      `persist:${PERSIST_KEY}`,
      '{"answers":"{\\"values\\":{\\"secret\\":\\"ada\\"},\\"errors\\":{}}"}',
    );
    leaveAccount('ada@example.com', false);
    expect(await switchToAccount('bob@example.com')).toBeUndefined();
    expect(await getStoredState({ key: PERSIST_KEY, storage: accountStorage })).toBeUndefined();
    purgeAccount('ada@example.com');
  });
});
