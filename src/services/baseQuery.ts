import { fetchBaseQuery, retry, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { GENERIC_ERROR, SESSION_INVALID } from '../kernel/messages';
import { sessionInvalidated } from '../shared/events';

/** What every failed call turns into: a message the page can show as it is (SPEC §8). */
export interface ApiError {
  /** HTTP status, or 'FETCH_ERROR' / 'TIMEOUT_ERROR' when no answer came. */
  status: number | string;
  message: string;
  /** The server's machine-readable code, e.g. 'UserNotConfirmedException'. */
  code?: string;
  data?: unknown;
}

const rawBaseQuery = fetchBaseQuery({
  // Absolute, so it also works in jsdom (STACK.md); the API is always on the SPA's own origin.
  baseUrl: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  credentials: 'same-origin',
  prepareHeaders(headers) {
    // JSON on every call: the server refuses state-changing requests that are not (CSRF), even bodiless ones.
    headers.set('Content-Type', 'application/json');
    headers.set('Accept', 'application/json');
    return headers;
  },
});

/**
 * Whether a failed call found the session gone (401). Such a failure is never shown where it happened: this query
 * already dispatched sessionInvalidated, and the session listener goes to /login with SPEC §8's message.
 */
export const endedTheSession = (error: unknown): boolean => (error as Partial<ApiError> | null)?.status === 401;

function messageOf(data: unknown): string {
  const message = (data as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : GENERIC_ERROR;
}

/** The error catalogue of SPEC §8 in one place. */
export const catalogueBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  const error = result.error;
  if (!error) return { data: result.data, meta: result.meta };
  const status = error.status === 'PARSING_ERROR' ? error.originalStatus : error.status;
  if (status === 401) {
    // A 401 to the logout call itself means the session is already gone (another tab logged out first): the
    // logout listener finishes the logout with its own message instead of 'Your session is invalid'.
    if (api.endpoint !== 'logout') api.dispatch(sessionInvalidated());
    return { error: { status, message: SESSION_INVALID } };
  }
  if (error.status === 'PARSING_ERROR') {
    // Not JSON (a proxy's HTML error page, say).
    return { error: { status, message: GENERIC_ERROR } };
  }
  if (typeof error.status === 'number') {
    const code = (error.data as { code?: unknown } | null)?.code;
    return {
      error: {
        status: error.status,
        message: messageOf(error.data),
        ...(typeof code === 'string' ? { code } : {}),
        data: error.data,
      },
    };
  }
  return { error: { status: error.status, message: GENERIC_ERROR } };
};

/**
 * No retries by default (SPEC §9); an endpoint opts in with extraOptions.maxRetries (web status: 2).
 * Only failures that may pass are retried: no answer, or a 5xx. A 4xx will not change by asking again.
 */
export const baseQuery = retry(catalogueBaseQuery, {
  retryCondition: (error, _args, { attempt, extraOptions }) => {
    const max = (extraOptions as { maxRetries?: number } | undefined)?.maxRetries ?? 0;
    const status = (error as ApiError).status;
    return attempt <= max && (typeof status !== 'number' || status >= 500);
  },
});
