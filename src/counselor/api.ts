/**
 * The counselor's page's one RTK Query API ('counselorApi', /counselor/api). No account and no cookie: every call
 * carries the mailed link's token (the page's fragment, `#t=…`) in COUNSELOR_TOKEN_HEADER. Every failed call becomes
 * the server's message, which the page shows; a dead link answers 410 with its own words.
 */
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import type { CounselorDocumentT, CounselorViewT } from '../kernel/counselor/contract';
import { COUNSELOR_API, COUNSELOR_TOKEN_HEADER, tokenFromHash } from '../kernel/counselor/paths';
import type { SchoolReportDocumentKind } from '../kernel/schoolReport/rules';
import { GENERIC_ERROR } from '../kernel/messages';

/** What every failed call becomes. */
export interface CounselorApiError {
  /** HTTP status, or 'FETCH_ERROR' / 'TIMEOUT_ERROR' when no answer came. */
  status: number | string;
  message: string;
  /** The server's code (e.g. 'LinkDead'). */
  code?: string;
}

export interface Message {
  message: string;
}
export type Conversion = Pick<CounselorDocumentT, 'status' | 'message'>;
export interface Presigned {
  url: string;
  fields: Record<string, string>;
}

/** The link's token, read from the address bar on each call (the page never stores it). */
export const currentToken = () => tokenFromHash(window.location.hash);

const rawBaseQuery = fetchBaseQuery({
  // Absolute, so it also works in jsdom (STACK.md); the API is on the page's own origin.
  baseUrl: `${window.location.origin}${COUNSELOR_API}`,
  credentials: 'omit',
  prepareHeaders(headers) {
    // JSON on every call: the server's CSRF rule refuses a state-changing request that is not JSON.
    headers.set('Content-Type', 'application/json');
    headers.set('Accept', 'application/json');
    headers.set(COUNSELOR_TOKEN_HEADER, currentToken() ?? '');
    return headers;
  },
});

/** The server's {message} when it sent one. */
export function messageOf(data: unknown): string {
  const message = (data as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : GENERIC_ERROR;
}

const counselorBaseQuery: BaseQueryFn<string | FetchArgs, unknown, CounselorApiError> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  if (!result.error) return { data: result.data, meta: result.meta };
  const error: FetchBaseQueryError = result.error;
  const status = error.status === 'PARSING_ERROR' ? error.originalStatus : error.status;
  if (typeof status !== 'number') return { error: { status, message: GENERIC_ERROR } };
  const data = 'data' in error ? error.data : undefined;
  const code = (data as { code?: unknown } | null)?.code;
  return { error: { status, message: messageOf(data), ...(typeof code === 'string' ? { code } : {}) } };
};

const post = (url: string, body: unknown = {}) => ({ url, method: 'POST', body });

export const counselorApi = createApi({
  reducerPath: 'counselorApi',
  baseQuery: counselorBaseQuery,
  tagTypes: ['Request'],
  endpoints: (build) => ({
    /** What the page shows: the applicant's few facts, the waiver, the documents and the request's state. */
    request: build.query<CounselorViewT, void>({ query: () => '/request', providesTags: ['Request'] }),
    presign: build.mutation<Presigned, SchoolReportDocumentKind>({ query: (kind) => post('/presigned-url', { kind }) }),
    startConversion: build.mutation<
      Conversion,
      { kind: SchoolReportDocumentKind; file_key: string; file_name: string }
    >({ query: ({ kind, ...body }) => post(`/document/${kind}`, body) }),
    /** A GET, as a mutation: the upload polls it and nothing caches it. */
    documentStatus: build.mutation<Conversion, SchoolReportDocumentKind>({ query: (kind) => `/document/${kind}` }),
    removeDocument: build.mutation<unknown, SchoolReportDocumentKind>({
      query: (kind) => ({ url: `/document/${kind}`, method: 'DELETE' }),
      invalidatesTags: ['Request'],
    }),
    saveRecommendation: build.mutation<Message, string>({
      query: (text) => ({ url: '/recommendation', method: 'PUT', body: { text } }),
      invalidatesTags: ['Request'],
    }),
    submit: build.mutation<Message, void>({ query: () => post('/submit'), invalidatesTags: ['Request'] }),
    /** No refetch after it: a declined request's link no longer opens it. */
    decline: build.mutation<Message, string>({ query: (reason) => post('/decline', { reason }) }),
  }),
});

export const {
  useRequestQuery,
  usePresignMutation,
  useStartConversionMutation,
  useDocumentStatusMutation,
  useRemoveDocumentMutation,
  useSaveRecommendationMutation,
  useSubmitMutation,
  useDeclineMutation,
} = counselorApi;

/** The message to show for a failed call (an error of this API, or anything else). */
export const errorMessage = (error: unknown): string =>
  (error as Partial<CounselorApiError> | undefined)?.message ?? GENERIC_ERROR;
