import { createApi } from '@reduxjs/toolkit/query/react';
import type { LookupCategory, WebStatus } from '../kernel/constants';
import { LOOKUP_MAX_RESULTS, WEB_STATUS_RETRIES } from '../kernel/constants';
import type { Profile } from '../features/session/sessionSlice';
import type { StudentAnswers } from '../features/answers/answersSlice';
import { baseQuery } from './baseQuery';

export interface MessageResponse {
  message: string;
}
export type ConversionStatus = 'unprocessed' | 'in_progress' | 'completed' | 'not_answered' | 'failed';
export interface DocumentAnswers {
  [key: string]: { file_name: string; file_size: number };
}
export interface LookupSuggestion {
  text: string;
  id: string;
  sub_text: string;
}
export interface ServiceBundle {
  answer: StudentAnswers;
  add_another: Record<string, number>;
  document_answer: DocumentAnswers;
  tabs: Record<string, string>;
  /** For the staff view's header (the server adds it to SPEC §3's shape); absent from older servers. */
  applicant?: { username: string; id: string; submitted_at: string | null; updated_at: string | null };
}

/**
 * The one RTK Query API: an endpoint for every call of SPEC §7. No refetching on focus, mount or
 * reconnect, and nothing expires from the cache (SPEC §9: infinite cache and stale time).
 * Polling intervals are the spec's constants (CONVERSION_POLL_MS, PDF_POLL_*), passed by the hooks that poll.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  keepUnusedDataFor: Infinity,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  tagTypes: ['Profile', 'Documents', 'Conversion', 'Pdf', 'AddAnother', 'Tabs'],
  endpoints: (build) => ({
    // Session and answers
    getProfile: build.query<Profile, void>({ query: () => '/api/profile', providesTags: ['Profile'] }),
    putLastPage: build.mutation<unknown, { last_page: string }>({
      query: (body) => ({ url: '/api/last-page', method: 'PUT', body }),
    }),
    /** The whole answer map; with `version`, If-Match makes a save based on an old version a 409 (merge). */
    putAnswer: build.mutation<
      MessageResponse & { version: number },
      { answer: StudentAnswers; version?: number | null }
    >({
      query: ({ answer, version }) => ({
        url: '/api/answer',
        method: 'PUT',
        body: answer,
        ...(version === null || version === undefined ? {} : { headers: { 'If-Match': `"${version}"` } }),
      }),
    }),
    postWebStatus: build.mutation<unknown, { web_status: WebStatus }>({
      query: (body) => ({ url: '/api/web-status', method: 'POST', body }),
      extraOptions: { maxRetries: WEB_STATUS_RETRIES },
    }),
    postValidations: build.mutation<unknown, Record<string, string[]>>({
      query: (body) => ({ url: '/api/validations', method: 'POST', body }),
    }),
    submit: build.mutation<MessageResponse, void>({ query: () => ({ url: '/api/submit', method: 'POST' }) }),
    logout: build.mutation<unknown, void>({ query: () => ({ url: '/api/logout', method: 'GET' }) }),

    // Accounts
    signup: build.mutation<MessageResponse, { username: string; password: string }>({
      query: (body) => ({ url: '/public/signup', method: 'POST', body }),
    }),
    confirm: build.mutation<MessageResponse, { username: string; code: string }>({
      query: (body) => ({ url: '/public/confirm', method: 'POST', body }),
    }),
    login: build.mutation<MessageResponse, { username: string; password: string }>({
      query: (body) => ({ url: '/public/login', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<MessageResponse, { username: string }>({
      query: (body) => ({ url: '/public/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<
      MessageResponse,
      { username: string; password: string; confirm_password: string; id: string }
    >({ query: (body) => ({ url: '/public/reset-password', method: 'POST', body }) }),
    resendConfirm: build.mutation<MessageResponse, { username: string }>({
      query: (body) => ({ url: '/public/resend-confirm', method: 'POST', body }),
    }),

    // Add another and tabs
    getAddAnother: build.query<Record<string, number>, void>({
      query: () => '/api/add-another',
      providesTags: ['AddAnother'],
    }),
    putAddAnother: build.mutation<unknown, { button_id: string; num_components: number }>({
      query: (body) => ({ url: '/api/add-another', method: 'PUT', body }),
    }),
    getTabs: build.query<Record<string, string>, void>({ query: () => '/api/tabs', providesTags: ['Tabs'] }),
    putTabs: build.mutation<unknown, { tab_id: string; chosen_tab: string }>({
      query: (body) => ({ url: '/api/tabs', method: 'PUT', body }),
    }),

    // Documents and the PDF copy (their UI comes with the Documents issue)
    getDocumentAnswers: build.query<DocumentAnswers, void>({
      query: () => '/api/document-answer',
      providesTags: ['Documents'],
    }),
    getPresignedUrl: build.mutation<{ url: string; fields: Record<string, string> }, { answer_key: string }>({
      query: (body) => ({ url: '/api/presigned-url', method: 'POST', body }),
    }),
    startConversion: build.mutation<unknown, { key: string; file_key: string; file_name: string }>({
      query: ({ key, ...body }) => ({
        url: `/api/pdf/document-answer/${encodeURIComponent(key)}`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_r, _e, { key }) => [{ type: 'Conversion', id: key }],
    }),
    getConversionStatus: build.query<{ status: string; message?: string }, string>({
      query: (key) => `/api/pdf/document-answer/${encodeURIComponent(key)}`,
      providesTags: (_r, _e, key) => [{ type: 'Conversion', id: key }],
    }),
    deleteConversion: build.mutation<unknown, string>({
      query: (key) => ({ url: `/api/pdf/document-answer/${encodeURIComponent(key)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, key) => [{ type: 'Conversion', id: key }],
    }),
    deleteDocumentAnswer: build.mutation<unknown, string>({
      query: (key) => ({ url: `/api/document-answer/${encodeURIComponent(key)}`, method: 'DELETE' }),
      invalidatesTags: ['Documents'],
    }),
    getPdf: build.query<{ status: string; url?: string }, void>({ query: () => '/api/pdf', providesTags: ['Pdf'] }),

    // Public links and the staff view
    getPublicAnswers: build.query<StudentAnswers, string>({
      query: (token) => ({ url: '/public/tmp', params: { token } }),
    }),
    getServiceBundle: build.query<ServiceBundle, string>({
      query: (serviceToken) => ({ url: '/service/tmp-pdf', params: { service_token: serviceToken } }),
    }),

    // Look-ups
    lookupSuggestions: build.query<LookupSuggestion[], { text: string; category: LookupCategory }>({
      query: ({ text, category }) => ({
        url: '/lookup/find',
        params: { text, category, max_results: String(LOOKUP_MAX_RESULTS) },
      }),
    }),
    lookupDetail: build.query<Record<string, string>, { id: string; category: LookupCategory }>({
      query: ({ id, category }) => ({ url: '/lookup/find', params: { id, category } }),
    }),
  }),
});

export const {
  useGetProfileQuery,
  useSignupMutation,
  useConfirmMutation,
  useLoginMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useResendConfirmMutation,
  useGetConversionStatusQuery,
  useGetPdfQuery,
} = api;
