import { createAction } from '@reduxjs/toolkit';

/** The server answered 401: the session is gone (SPEC §8). The session listener clears the cache and redirects. */
export const sessionInvalidated = createAction('api/sessionInvalidated');
