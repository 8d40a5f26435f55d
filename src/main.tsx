import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Shell } from './app/Shell';

const container = document.getElementById('root');
if (!container) throw new Error('public/index.html must contain <div id="root">.');

createRoot(container).render(
  <StrictMode>
    <Shell />
  </StrictMode>,
);
