import { createMigrate, persistStore } from 'redux-persist';
import { makeStore, rootReducer } from '../../app/store';
import { answerChanged } from '../answers/answersSlice';
import { accountAtStart, accountStorage, setStorageAccount, VISITOR } from './accountStorage';
import { migrations, PERSIST_KEY, PERSIST_VERSION, reconcile } from './persistConfig';
import { leaveAccount, storageReleased, switchToAccount, tidyDevice, unsentAnswersDelivered } from './accountSwitch';
import { keepUnsent, readUnsent, unsentOf } from './unsentAnswers';
import { UNSENT_ANSWERS_KEPT_DAYS } from '../../kernel/constants';

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
    expect(saved.answers).toEqual({ values: { gender: 'F', gender_desc: 'Female' }, errors: {}, formatErrors: {} });
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
    // A copy stored before format errors were kept has none; one stored after keeps them.
    expect(merged.answers.formatErrors).toEqual({});
    const withFormat = reconcile(
      { answers: { values: {}, errors: {}, formatErrors: { phone_mobile: ['bad'] } } },
      initial,
      reduced,
    );
    expect(withFormat.answers.formatErrors).toEqual({ phone_mobile: ['bad'] });
  });
});

describe('per account on a shared computer', () => {
  const ADA = 'ada@example.com';
  const storeCopy = (account: string, values: object, dirty: string[]) =>
    localStorage.setItem(
      KEY(account),
      JSON.stringify({
        answers: JSON.stringify({ values, errors: {} }),
        addAnother: JSON.stringify({ counts: { activity: 3 } }),
        sync: JSON.stringify({ dirty, version: 2 }),
        _persist: '{"version":1}',
      }),
    );
  const adaKeys = () => Object.keys(localStorage).filter((k) => k.includes(encodeURIComponent(ADA)));

  it('a visitor who logs in moves their answers to the account; the visitor copy is removed', () => {
    localStorage.setItem(KEY(VISITOR), JSON.stringify({ answers: JSON.stringify({ values: { a: 'v' }, errors: {} }) }));
    expect(switchToAccount(ADA)).toEqual({});
    expect(localStorage.getItem(KEY(VISITOR))).toBeNull();
    expect(accountAtStart(true)).toBe(ADA);
    expect(accountAtStart(false)).toBe(VISITOR);
  });

  it('a session that ends keeps only the unsent answers (with their labels), not the whole copy', () => {
    switchToAccount(ADA);
    storeCopy(ADA, { city: 'Troy', gender: 'F', gender_desc: 'Female', last_name: 'Saved' }, ['city']);
    leaveAccount(ADA, unsentOf({ gender: 'F', gender_desc: 'Female', last_name: 'Saved' }, ['gender']));
    expect(localStorage.getItem(KEY(ADA))).toBeNull();
    expect(adaKeys()).toEqual([`admission-unsent:${encodeURIComponent(ADA)}`]);
    expect(readUnsent(ADA)).toEqual({ city: 'Troy', gender: 'F', gender_desc: 'Female' });
    expect(accountAtStart(true)).toBe(VISITOR);
  });

  it('with everything saved, nothing of the account stays; once sent, the unsent answers go too', () => {
    switchToAccount(ADA);
    storeCopy(ADA, { city: 'Troy' }, []);
    leaveAccount(ADA, {});
    expect(adaKeys()).toEqual([]);
    leaveAccount(ADA, { city: 'Albany' });
    expect(switchToAccount(ADA)).toEqual({ city: 'Albany' });
    unsentAnswersDelivered(ADA);
    expect(adaKeys()).toEqual([]);
  });

  it('until the store is cleared, what redux-persist writes goes nowhere (not to the next visitor)', async () => {
    switchToAccount(ADA);
    leaveAccount(ADA, {});
    await accountStorage.setItem(`persist:${PERSIST_KEY}`, '{"answers":"{}"}');
    expect(Object.keys(localStorage).filter((k) => k.startsWith('admission:'))).toEqual([]);
    storageReleased();
    await accountStorage.setItem(`persist:${PERSIST_KEY}`, '{"answers":"{}"}');
    expect(localStorage.getItem(KEY(VISITOR))).not.toBeNull();
  });

  it('another account never reads the first one’s answers', () => {
    switchToAccount(ADA);
    leaveAccount(ADA, { secret: 'ada' });
    expect(switchToAccount('bob@example.com')).toEqual({});
    expect(readUnsent(ADA)).toEqual({ secret: 'ada' });
  });

  it('at start-up another account’s leftover copy is cut to its unsent answers; old ones expire', () => {
    storeCopy(ADA, { city: 'Troy', last_name: 'Saved' }, ['city']);
    tidyDevice(VISITOR);
    expect(localStorage.getItem(KEY(ADA))).toBeNull();
    expect(readUnsent(ADA)).toEqual({ city: 'Troy' });
    keepUnsent('old@example.com', { a: 'b' }, Date.now() - (UNSENT_ANSWERS_KEPT_DAYS + 1) * 86_400_000);
    storeCopy('bob@example.com', { a: 'kept whole' }, ['a']);
    tidyDevice('bob@example.com');
    expect(readUnsent('old@example.com')).toEqual({});
    expect(readUnsent(ADA)).toEqual({ city: 'Troy' });
    expect(localStorage.getItem(KEY('bob@example.com'))).not.toBeNull();
  });
});
