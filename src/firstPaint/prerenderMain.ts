/**
 * Entry of the Node bundle that webpack.config.ts builds and runs once after a production build: renders every
 * shell of src/kernel/shells.ts (a print view page is only its slot) and writes {elementId, scriptsAttribute,
 * startScript, printViewRenderer, variants, shells: {name: html}} as JSON into the file named by its argument (not
 * stdout: a pipe is written asynchronously and would be cut short by the exit).
 */
import fs from 'node:fs';
import {
  SHELL_ELEMENT_ID,
  SHELL_SCRIPTS_ATTRIBUTE,
  SHELL_START_SCRIPT,
  SHELL_VARIANTS,
  PRINT_VIEW_RENDERER,
  PRINT_VIEW_SLOT,
  PRINT_VIEW_VARIANTS,
} from '../kernel/shells';
import { withoutIds } from './inertMarkup';
import { renderShell } from './renderShell';

// The first screen is rendered before any answer arrives: a request the app starts (the profile of a logged-in
// applicant) stays pending, as it is at that moment in the browser.
globalThis.fetch = () => new Promise<Response>(() => {});

async function main() {
  const shells: Record<string, string> = {};
  for (const variant of SHELL_VARIANTS) shells[variant.name] = withoutIds(await renderShell(variant));
  for (const variant of PRINT_VIEW_VARIANTS) shells[variant.name] = PRINT_VIEW_SLOT;
  fs.writeFileSync(
    process.argv[2],
    JSON.stringify({
      elementId: SHELL_ELEMENT_ID,
      scriptsAttribute: SHELL_SCRIPTS_ATTRIBUTE,
      startScript: SHELL_START_SCRIPT,
      printViewRenderer: PRINT_VIEW_RENDERER,
      variants: [...SHELL_VARIANTS, ...PRINT_VIEW_VARIANTS],
      shells,
    }),
  );
  // Requests the app started stay pending forever (above): nothing else would end the process.
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
