import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { makeStore } from './app/store';
import { createAppRouter } from './app/router';
import { sessionDetected } from './features/session/sessionSlice';
import { hasLoginCookie } from './features/session/loginCookie';

const container = document.getElementById('root');
if (!container) throw new Error('public/index.html must contain <div id="root">.');

const store = makeStore();
store.dispatch(sessionDetected({ isLoggedIn: hasLoginCookie() }));
const router = createAppRouter(store);

createRoot(container).render(
  <StrictMode>
    <App store={store} router={router} />
  </StrictMode>,
);
