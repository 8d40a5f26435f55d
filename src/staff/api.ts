/**
 * The staff console's one RTK Query API ('staffApi', /staff/api), apart from the applicants' (src/services/api.ts):
 * a short cache (staff read personal data: what a page shows is fetched when it opens, and dropped soon after it
 * closes), and a 401 on any call but /me and /sign-in sends the browser to the sign-in page. Pages add their calls
 * with staffApi.injectEndpoints; the shapes are the contract's (src/kernel/staff/contract.ts, types only).
 */
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import type { MeReply, MessageReply, StaffConfigReply, StaffShape } from '../kernel/staff/contract';
import { STAFF_API } from '../kernel/staff/paths';
import { STAFF_MESSAGES } from '../kernel/staff/messages';
import { GENERIC_ERROR } from '../kernel/messages';

export type Me = StaffShape<typeof MeReply>;
export type Message = StaffShape<typeof MessageReply>;
export type StaffConfig = StaffShape<typeof StaffConfigReply>;

/** What every failed call becomes: the server's message, as the page shows it. */
export interface StaffApiError {
  /** HTTP status, or 'FETCH_ERROR' / 'TIMEOUT_ERROR' when no answer came. */
  status: number | string;
  message: string;
  /** The server's code (e.g. 'EnrolLinkBad'). */
  code?: string;
}

/** Seconds an unused answer stays cached (RTK Query's default is 60; staff pages fetch again when they open). */
export const STAFF_CACHE_SECONDS = 5;

/** The calls whose 401 is their own answer (not signed in yet, wrong credentials), not a session that ended. */
const OWN_401 = new Set(['me', 'signIn']);

type SignedOutHandler = () => void;
let onSignedOut: SignedOutHandler = () => window.location.assign('/staff/sign-in');

/** The router registers how to go to the sign-in page when a call finds the session gone (router.tsx). */
export function whenSessionEnds(handler: SignedOutHandler) {
  onSignedOut = handler;
}

const rawBaseQuery = fetchBaseQuery({
  // Absolute, so it also works in jsdom (STACK.md); the API is on the console's own origin.
  baseUrl: `${window.location.origin}${STAFF_API}`,
  credentials: 'same-origin',
  prepareHeaders(headers) {
    // JSON on every call: the server's CSRF rule refuses a state-changing request that is not JSON.
    headers.set('Content-Type', 'application/json');
    headers.set('Accept', 'application/json');
    return headers;
  },
});

/** The server's message, or the console's own for a status whose answer carried none (a proxy's page, say). */
function messageOf(status: number, data: unknown): string {
  const message = (data as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message.trim() !== '') return message;
  if (status === 401) return STAFF_MESSAGES.notSignedIn;
  if (status === 403) return STAFF_MESSAGES.forbidden;
  return GENERIC_ERROR;
}

const staffBaseQuery: BaseQueryFn<string | FetchArgs, unknown, StaffApiError> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  if (!result.error) return { data: result.data, meta: result.meta };
  const error: FetchBaseQueryError = result.error;
  const status = error.status === 'PARSING_ERROR' ? error.originalStatus : error.status;
  if (status === 401 && !OWN_401.has(api.endpoint)) onSignedOut();
  if (typeof status !== 'number') return { error: { status, message: GENERIC_ERROR } };
  const data = 'data' in error ? error.data : undefined;
  const code = (data as { code?: unknown } | null)?.code;
  return { error: { status, message: messageOf(status, data), ...(typeof code === 'string' ? { code } : {}) } };
};

export const staffApi = createApi({
  reducerPath: 'staffApi',
  baseQuery: staffBaseQuery,
  keepUnusedDataFor: STAFF_CACHE_SECONDS,
  // A page that opens asks again: another admin may have changed what it shows.
  refetchOnMountOrArgChange: true,
  tagTypes: ['Me', 'Accounts', 'SchoolReport', 'Applicant'],
  endpoints: (build) => ({
    /** Who is signed in (401 when nobody): the layout's guard and header. */
    me: build.query<Me, void>({ query: () => '/me', providesTags: ['Me'] }),
    /** Single sign-on (whether set up, its button's name) and the college's time zone, which every time shows in. */
    staffConfig: build.query<StaffConfig, void>({ query: () => '/config', keepUnusedDataFor: 3600 }),
    signOut: build.mutation<Message, void>({ query: () => ({ url: '/sign-out', method: 'POST', body: {} }) }),
  }),
});

export const { useMeQuery, useSignOutMutation, useStaffConfigQuery } = staffApi;

/** The message to show for a failed call (an RTK Query error of this API, or anything else). */
export const errorMessage = (error: unknown): string =>
  (error as Partial<StaffApiError> | undefined)?.message ?? GENERIC_ERROR;
