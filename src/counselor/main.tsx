/**
 * The counselor's page's entry (webpack's "counselor" → dist/counselor.html, served for /counselor/*): a school
 * counselor opens it from a mailed link, without an account, often on an old desktop or a phone. Its own small store
 * and API, plain HTML and one small stylesheet (no antd), apart from the other entries but for the kernel
 * (ARCHITECTURE.md, "The counselor's page").
 *
 * counselor.html has painted the loading state already (firstPaint.ts), and runs this only after that paint
 * (SHELL_START_SCRIPT). The start-up is cut into tasks, as the applicants' app's is (src/firstPaint/start.ts), so an
 * old computer is never blocked for long at a time: evaluating Redux Toolkit, RTK Query and the API definition;
 * React DOM, React Redux and the page's own code; then the render. The imports are `eager`: the code is in the
 * files already downloaded, and runs only when imported.
 */
import { nextTask } from '../kernel/nextTask';
import './counselor.css';

async function start(): Promise<void> {
  await nextTask();
  await import(/* webpackMode: "eager" */ './api');
  await nextTask();
  const { makeCounselorStore } = await import(/* webpackMode: "eager" */ './store');
  const store = makeCounselorStore();
  await nextTask();
  const { renderPage } = await import(/* webpackMode: "eager" */ './renderPage');
  await nextTask();
  renderPage(document.getElementById('root')!, store);
}

void start();
