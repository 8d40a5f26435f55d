/**
 * redux-persist storage over localStorage, kept per account: a visitor's answers and each username's
 * answers live under their own keys, so one person never sees another's answers on a shared computer.
 * The account whose data is in use is remembered, so a reload of a logged-in tab finds its own data.
 */
const PREFIX = 'admission';
const CURRENT_ACCOUNT_KEY = `${PREFIX}:account`;
export const VISITOR = 'visitor';
/**
 * Between a session's end and the store being cleared, the persisted state still holds the account's answers:
 * its writes go nowhere (not to the visitor's key, where the next person at the computer would find them).
 */
export const NOBODY = '';

let account = VISITOR;

export const storageKey = (name: string, key: string) => `${PREFIX}:${encodeURIComponent(name)}:${key}`;

export function localStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage blocked (some private modes): nothing persists, the app still works
  }
}

export const accountStorage = {
  getItem(key: string): Promise<string | null> {
    if (account === NOBODY) return Promise.resolve(null);
    return Promise.resolve(localStore()?.getItem(storageKey(account, key)) ?? null);
  },
  /** Rejects when the browser refuses (quota): redux-persist then calls writeFailHandler; what was stored stays. */
  setItem(key: string, value: string): Promise<void> {
    return new Promise((resolve, reject) => {
      if (account === NOBODY) return resolve();
      try {
        const storage = localStore();
        if (!storage) throw new Error('This browser does not let the application store data on this device.');
        storage.setItem(storageKey(account, key), value);
        resolve();
      } catch (error) {
        reject(error);
      }
    });
  },
  removeItem(key: string): Promise<void> {
    if (account !== NOBODY) localStore()?.removeItem(storageKey(account, key));
    return Promise.resolve();
  },
};

export function currentAccount(): string {
  return account;
}

/** Switches where answers are read and written. */
export function setStorageAccount(name: string) {
  account = name;
  try {
    if (name === VISITOR || name === NOBODY) localStore()?.removeItem(CURRENT_ACCOUNT_KEY);
    else localStore()?.setItem(CURRENT_ACCOUNT_KEY, name);
  } catch {
    // the account is still switched in memory
  }
}

/** The account whose data a freshly loaded tab should use: the last logged-in one while the login cookie exists. */
export function accountAtStart(loggedIn: boolean): string {
  if (!loggedIn) return VISITOR;
  return localStore()?.getItem(CURRENT_ACCOUNT_KEY) ?? VISITOR;
}

/** The accounts (not the visitor) that have a persisted copy on this device. */
export function accountsStored(): string[] {
  const storage = localStore();
  if (!storage) return [];
  const names = new Set<string>();
  for (let i = 0; i < storage.length; i += 1) {
    const match = storage.key(i)?.match(/^admission:([^:]+):/);
    if (match) names.add(decodeURIComponent(match[1]));
  }
  names.delete(VISITOR);
  return [...names];
}

/** Removes everything stored for an account (logout on a shared computer, or a visitor who logged in). */
export function purgeAccount(name: string) {
  const storage = localStore();
  if (!storage) return;
  const prefix = `${PREFIX}:${encodeURIComponent(name)}:`;
  for (let i = storage.length - 1; i >= 0; i -= 1) {
    const key = storage.key(i);
    if (key?.startsWith(prefix)) storage.removeItem(key);
  }
}
