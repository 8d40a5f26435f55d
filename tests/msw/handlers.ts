import type { RequestHandler } from 'msw';
import { documentHandlers } from './documents';
import { serviceStatusHandlers } from './serviceStatus';

/**
 * Default msw handlers shared by every web test. Add one file per API resource (e.g. `session.ts`) and spread its
 * handlers here; a test overrides one with `server.use(...)`, undone after each test by `server.resetHandlers()`.
 */
export const handlers: RequestHandler[] = [...documentHandlers, ...serviceStatusHandlers];
