import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { persistStore } from 'redux-persist';
import { App } from './app/App';
import { makeStore } from './app/store';
import { createAppRouter } from './app/router';
import { connectionRestored } from './app/events';
import { sessionDetected } from './features/session/sessionSlice';
import { hasLoginCookie, loginCountFromCookie } from './features/session/loginCookie';
import { accountAtStart, setStorageAccount } from './features/persistence/accountStorage';
import { hasShell } from './shell/removeShell';

const container = document.getElementById('root');
if (!container) throw new Error('public/index.html must contain <div id="root">.');

const isLoggedIn = hasLoginCookie();
// The staff view shows another person's answers: nothing of it is kept on this device or shared with other tabs.
const isStaffView = new URLSearchParams(window.location.search).has('service_token');
// The answers on this device belong to the visitor, or to the account whose login cookie this browser holds.
setStorageAccount(accountAtStart(isLoggedIn));
const store = makeStore(undefined, { persist: !isStaffView, crossTab: !isStaffView });
store.dispatch(sessionDetected({ isLoggedIn, numLogins: loginCountFromCookie() }));
window.addEventListener('online', () => store.dispatch(connectionRestored()));

// Development builds check the form definition (SPEC §5 development-only checks) and log what is wrong.
// The production build drops this branch (webpack replaces NODE_ENV), so the definition stays out of main.
if (process.env.NODE_ENV !== 'production') {
  void import('./features/form/devChecks').then(({ reportDefinitionProblems }) => reportDefinitionProblems());
}

// The router (and its start-up loader) is created only once the stored answers are back in the store, so
// nothing can be dispatched before rehydration and overwrite them (redux-persist #244).
function render() {
  const router = createAppRouter(store);
  const root = createRoot(container!);
  // A transition renders in slices that yield to the browser every few milliseconds, instead of one long task
  // that would block input while a slow phone builds the first screen (Total Blocking Time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App store={store} router={router} />
      </StrictMode>,
    ),
  );
}
let started = false;
const start = () => {
  if (started) return;
  started = true;
  if (isStaffView) render();
  else persistStore(store, null, render);
};
// With a pre-rendered shell on screen, let the browser paint it before the app starts building its own screen: on
// a fast connection the scripts can be ready before the first frame, and the shell would never be seen. A tab
// opened in the background runs no animation frames, hence the timer as well.
if (hasShell()) {
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 100);
} else start();
