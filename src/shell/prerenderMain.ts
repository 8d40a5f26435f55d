/**
 * Entry of the Node bundle that webpack.config.ts builds and runs once after a production build: renders every
 * shell of src/config/shells.ts and prints {variants, shells: {name: html}} as JSON on stdout (warnings go to stderr).
 */
import { SHELL_VARIANTS } from '../config/shells';
import { renderShell } from './renderShell';

// The first screen is rendered before any answer arrives: a request the app starts (the profile of a logged-in
// applicant, the staff view's answers) stays pending, as it is at that moment in the browser.
globalThis.fetch = () => new Promise<Response>(() => {});

async function main() {
  const shells: Record<string, string> = {};
  for (const variant of SHELL_VARIANTS) shells[variant.name] = await renderShell(variant);
  process.stdout.write(JSON.stringify({ variants: SHELL_VARIANTS, shells }));
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
