/**
 * The first paint: the build's pre-rendered shells (renderShell.tsx, prerenderMain.ts), the start-up in tasks
 * (start.ts, startStore.ts, startApp.tsx) that hands the shell over to the app, and the server's print view
 * (renderPrintView.tsx). It sits above the app; the entry point (src/main.tsx) comes in through here, and the
 * build's Node bundles through their own entries (webpack.config.ts).
 */
export { start } from './start';
