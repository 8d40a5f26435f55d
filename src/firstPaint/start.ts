/**
 * The start-up, cut into tasks with a pause for the browser between them, so that a slow phone is never blocked
 * for long at a time (Total Blocking Time) and stays free to paint and scroll: evaluating RTK Query and its React
 * bindings; the API definition; the rest of the store's code (slices, listeners); creating the store (three tasks of
 * its own: startStore); evaluating React Redux and React Router; React DOM and the app's own code; creating the router
 * (its start-up loads and each lazy page then come in tasks of their own, src/app/router.tsx) and rendering (a
 * transition, which yields by itself; while a shell shows, once the start-up loads are in: startApp). The imports are
 * `eager`: the code is in the files already downloaded, and runs only when imported.
 */
import { nextTask } from '../kernel/nextTask';

export async function start(): Promise<void> {
  // main.js's own evaluation ends its task, and the first import begins the next: together they were a long task
  // on a phone four times slower (figures: bench/HISTORY.md).
  await nextTask();
  // RTK Query and its React bindings (with Redux Toolkit's core, React and react-redux), by way of the base query,
  // then the API definition (createApi builds every endpoint) in a task of its own. An app module, not the package:
  // a package imported as a namespace would keep all its exports in the bundle.
  await import(/* webpackMode: "eager" */ '../services/baseQuery');
  await nextTask();
  await import(/* webpackMode: "eager" */ '../services/api');
  await nextTask();
  const { startStore } = await import(/* webpackMode: "eager" */ './startStore');
  await nextTask();
  const store = await startStore();
  await nextTask();
  // React Redux and React Router (by way of the app's root component), then React DOM and the app's own code.
  await import(/* webpackMode: "eager" */ '../app/App');
  await nextTask();
  const { startApp } = await import(/* webpackMode: "eager" */ './startApp');
  await nextTask();
  await startApp(store);
}
