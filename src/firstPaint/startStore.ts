import { persistStore } from 'redux-persist';
import { makeStore, type AppStore } from '../app/store';
import { connectionRestored } from '../shared/events';
import { sessionDetected } from '../features/session';
import { hasLoginCookie, loginCountFromCookie } from '../kernel/session/loginCookie';
import { accountAtStart, setStorageAccount, tidyDevice } from '../features/persistence';
import { nextTask } from '../kernel/nextTask';
import { languageChosen, startingLanguage } from '../features/language';

/** Whether this page is the print view (a service token in the address). */
const isPrintView = () => new URLSearchParams(window.location.search).has('service_token');

/**
 * The app's one store, with the answers kept on this device back in it. The promise resolves once they are: the
 * router (and its start-up loader) must not dispatch anything before, or it could overwrite them (redux-persist
 * #244). Three tasks (start.ts says why tasks): this device's storage put in order, the store created, the answers
 * read back. As one task they made a long task on a slow phone; as three, each is shorter (figures: bench/HISTORY.md).
 */
export async function startStore(): Promise<AppStore> {
  const isLoggedIn = hasLoginCookie();
  // The print view shows another person's answers: nothing of it is kept on this device or shared with other tabs.
  const printView = isPrintView();
  // The answers on this device belong to the visitor, or to the account whose login cookie this browser holds.
  const account = accountAtStart(isLoggedIn);
  setStorageAccount(account);
  // Accounts whose session ended with no tab open keep only their unsent answers here, and not for ever.
  if (!printView) tidyDevice(account);
  await nextTask();
  const store = makeStore(undefined, { persist: !printView, crossTab: !printView });
  await nextTask();
  store.dispatch(sessionDetected({ isLoggedIn, numLogins: loginCountFromCookie() }));
  window.addEventListener('online', () => store.dispatch(connectionRestored()));
  if (printView) return store;
  // The print view is for staff, in the college's language; an applicant's page starts in theirs.
  const language = startingLanguage();
  if (language !== 'en') store.dispatch(languageChosen(language));
  return new Promise((resolve) => persistStore(store, null, () => resolve(store)));
}
