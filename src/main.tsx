/**
 * The entry point: the start-up (src/firstPaint/start.ts), cut into tasks so a slow phone stays free to paint.
 * A shell page (src/kernel/shells.ts) runs this script only after the shell has painted.
 */
import { start } from './firstPaint';
import { loadDevChecks } from './features/form';

void start();

// Development builds check the form definition (SPEC §5 development-only checks) and log what is wrong.
// The production build drops this branch (webpack replaces NODE_ENV), so the definition stays out of main.
if (process.env.NODE_ENV !== 'production') {
  void loadDevChecks().then(({ reportDefinitionProblems }) => reportDefinitionProblems());
}
