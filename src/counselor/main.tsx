/**
 * The counselor's page's entry (webpack's "counselor" → dist/counselor.html, served for /counselor/*): a school
 * counselor opens it from a mailed link, without an account, often on an old desktop or a phone. Its own small store
 * and API, plain HTML and one small stylesheet (no antd), apart from the other entries but for the kernel
 * (ARCHITECTURE.md, "The counselor's page").
 */
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { CounselorPage } from './CounselorPage';
import { makeCounselorStore } from './store';
import './counselor.css';

// counselor.html already shows the loading state (firstPaint.ts), so nothing is waiting on this render: as a
// transition, React renders in slices that leave the main thread free between them, instead of one long task.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <Provider store={makeCounselorStore()}>
      <CounselorPage />
    </Provider>,
  );
});
