/**
 * Entry of the Node bundle the server loads (src/config/shells.ts, STAFF_SHELL_RENDERER) to render the staff view's
 * shell per request: its own copy of the app and of React, built with the client (webpack.config.ts).
 */
import type { ServiceBundle } from '../services/api';
import { withoutIds } from './inertMarkup';
import { renderStaffShell } from './renderStaffShell';

export async function renderStaffShellMarkup(pathname: string, token: string, bundle: ServiceBundle): Promise<string> {
  return withoutIds(await renderStaffShell(pathname, token, bundle));
}
