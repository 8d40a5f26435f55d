import { createMigrate, getStoredState } from 'redux-persist';
import type { RootState } from '../../app/store';
import { accountStorage, currentAccount, purgeAccount, setStorageAccount, VISITOR } from './accountStorage';
import { migrations, PERSIST_KEY, PERSIST_VERSION } from './persistConfig';

type Stored = Partial<Pick<RootState, 'answers' | 'sync'>>;

/**
 * Moves this tab's persisted data to `username` at login. Returns what that account had left on this device
 * (answers a logout could not send), so the caller can merge it; the visitor's copy is removed, because the
 * visitor's answers now belong to the account (and a shared computer must not keep them).
 */
export async function switchToAccount(username: string): Promise<Stored | undefined> {
  const previous = currentAccount();
  if (previous === username) return undefined;
  setStorageAccount(username);
  if (previous === VISITOR) purgeAccount(VISITOR);
  try {
    const stored = await getStoredState({ key: PERSIST_KEY, storage: accountStorage });
    if (!stored) return undefined;
    return (await createMigrate(migrations)(stored as never, PERSIST_VERSION)) as unknown as Stored;
  } catch {
    return undefined; // unreadable leftovers are not worth failing a login for
  }
}

/**
 * At logout the tab goes back to the visitor's (empty) storage. The account's stored copy is removed only when
 * everything was saved; otherwise it stays for the next login on this device.
 */
export function leaveAccount(username: string | null, everythingSaved: boolean) {
  setStorageAccount(VISITOR);
  if (username && everythingSaved) purgeAccount(username);
}
