import { createApi } from '@reduxjs/toolkit/query/react';
import type { LookupCategory } from '../kernel/constants';
import { LOOKUP_MAX_RESULTS, SUBMIT_TIMEOUT_MS, WEB_STATUS_RETRIES } from '../kernel/constants';
import type {
  AddAnotherBody,
  AnswerMap,
  ProfileReply,
  ConfirmBody,
  ConversionBody,
  CONVERSION_STATUSES,
  Counts,
  Credentials,
  DocumentAnswers as DocumentAnswersShape,
  LastPageBody,
  LookupSuggestion as LookupSuggestionShape,
  MessageReply,
  PdfStatusReply,
  PresignBody,
  PresignedUpload,
  ResetPasswordBody,
  PrintViewBundle as PrintViewBundleShape,
  Shape,
  TabChoices,
  TabsBody,
  MailingBody,
  SignUpBody,
  WebStatusBody,
  ConversionStatusReply,
} from '../kernel/api/contract';
import { baseQuery } from './baseQuery';

// Every call's shapes come from the API contract the server validates with (types only: no TypeBox here).
export type MessageResponse = Shape<typeof MessageReply>;
export type Profile = Shape<typeof ProfileReply>;
type StudentAnswers = Shape<typeof AnswerMap>;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];
export type DocumentAnswers = Shape<typeof DocumentAnswersShape>;
export type LookupSuggestion = Shape<typeof LookupSuggestionShape>;
export type PrintViewBundle = Shape<typeof PrintViewBundleShape>;

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
    putLastPage: build.mutation<unknown, Shape<typeof LastPageBody>>({
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
    postWebStatus: build.mutation<unknown, Shape<typeof WebStatusBody>>({
      query: (body) => ({ url: '/api/web-status', method: 'POST', body }),
      extraOptions: { maxRetries: WEB_STATUS_RETRIES },
    }),
    postValidations: build.mutation<unknown, Record<string, string[]>>({
      query: (body) => ({ url: '/api/validations', method: 'POST', body }),
    }),
    // Safe to repeat: an answer that has not come within the time limit counts as lost and the submit is sent again.
    submit: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/api/submit', method: 'POST', timeout: SUBMIT_TIMEOUT_MS }),
    }),
    logout: build.mutation<unknown, void>({ query: () => ({ url: '/api/logout', method: 'GET' }) }),

    // Accounts
    signup: build.mutation<MessageResponse, Shape<typeof SignUpBody>>({
      query: (body) => ({ url: '/public/signup', method: 'POST', body }),
    }),
    confirm: build.mutation<MessageResponse, Shape<typeof ConfirmBody>>({
      query: (body) => ({ url: '/public/confirm', method: 'POST', body }),
    }),
    login: build.mutation<MessageResponse, Shape<typeof Credentials>>({
      query: (body) => ({ url: '/public/login', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<MessageResponse, Shape<typeof MailingBody>>({
      query: (body) => ({ url: '/public/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageResponse, Shape<typeof ResetPasswordBody>>({
      query: (body) => ({ url: '/public/reset-password', method: 'POST', body }),
    }),
    resendConfirm: build.mutation<MessageResponse, Shape<typeof MailingBody>>({
      query: (body) => ({ url: '/public/resend-confirm', method: 'POST', body }),
    }),

    // Add another and tabs
    getAddAnother: build.query<Shape<typeof Counts>, void>({
      query: () => '/api/add-another',
      providesTags: ['AddAnother'],
    }),
    putAddAnother: build.mutation<unknown, Shape<typeof AddAnotherBody>>({
      query: (body) => ({ url: '/api/add-another', method: 'PUT', body }),
    }),
    getTabs: build.query<Shape<typeof TabChoices>, void>({ query: () => '/api/tabs', providesTags: ['Tabs'] }),
    putTabs: build.mutation<unknown, Shape<typeof TabsBody>>({
      query: (body) => ({ url: '/api/tabs', method: 'PUT', body }),
    }),

    // Documents and the PDF copy (their UI comes with the Documents issue)
    getDocumentAnswers: build.query<DocumentAnswers, void>({
      query: () => '/api/document-answer',
      providesTags: ['Documents'],
    }),
    getPresignedUrl: build.mutation<Shape<typeof PresignedUpload>, Shape<typeof PresignBody>>({
      query: (body) => ({ url: '/api/presigned-url', method: 'POST', body }),
    }),
    startConversion: build.mutation<unknown, { key: string } & Shape<typeof ConversionBody>>({
      query: ({ key, ...body }) => ({
        url: `/api/pdf/document-answer/${encodeURIComponent(key)}`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_r, _e, { key }) => [{ type: 'Conversion', id: key }],
    }),
    getConversionStatus: build.query<Shape<typeof ConversionStatusReply>, string>({
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
    getPdf: build.query<Shape<typeof PdfStatusReply>, void>({ query: () => '/api/pdf', providesTags: ['Pdf'] }),

    // Public links and the print view
    getPublicAnswers: build.query<StudentAnswers, string>({
      query: (token) => ({ url: '/public/tmp', params: { token } }),
    }),
    getPrintViewBundle: build.query<PrintViewBundle, string>({
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
