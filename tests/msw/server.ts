import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The msw server for jest; tests/setup.ts starts it and fails on any request no handler answers. */
export const server = setupServer(...handlers);
