/**
 * The API contract (SPEC §7) as schemas, the one home of each call's shapes: the server validates requests with
 * them (Fastify takes TypeBox schemas as the JSON Schema they are) and the SPA's endpoints take their types from
 * them (`Static`, types only: TypeBox itself never reaches the SPA's bundle). Limits are the server's own; the
 * SPA's messages for them are in the form definition and the file and password rules.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  ADD_ANOTHER_MAX_COUNT,
  LOOKUP_CATEGORIES,
  LOOKUP_MAX_RESULTS,
  WEB_STATUSES,
  type LookupCategory,
  type WebStatus,
} from '../constants';
import { LANGUAGES, type Language } from '../i18n/languages';

/** A closed object: every property required unless optional, nothing else accepted. */
const closed = <T extends Parameters<typeof Type.Object>[0]>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });
const text = (maxLength: number, extra: Record<string, unknown> = {}) => Type.String({ maxLength, ...extra });
/** An enum as JSON Schema's own `enum` (one error message for a wrong value, as before TypeBox). */
const oneOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] });

export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 256;
const ID_MAX = 100;
/** A question key as the routes take it (a path segment or a field). */
export const ANSWER_KEY_PATTERN = '^[A-Za-z0-9_]{1,100}$';

/* ---- Accounts (/public) ---- */

const username = text(EMAIL_MAX);
const password = text(PASSWORD_MAX);
/** The language of the page that asks for a mail: the mail is written in it (English when absent). */
const language = Type.Optional(oneOf<Language>(LANGUAGES));
export const Credentials = closed({ username, password });
export const SignUpBody = closed({ username, password, language });
export const ConfirmBody = closed({ username, code: text(6, { pattern: '^[0-9]{6}$' }) });
/** A request that mails the account (a new code, a reset link). */
export const MailingBody = closed({ username, language });
export const ResetPasswordBody = closed({ username, password, confirm_password: password, id: text(200) });

/* ---- The application (/api) ---- */

/** The answer map: question key → text or a checkbox's true/false (lengths are checked after the schema). */
export const AnswerMap = Type.Record(Type.String(), Type.Union([Type.String(), Type.Boolean()]));
export const LastPageBody = closed({ last_page: text(200, { pattern: '^/[A-Za-z0-9/_-]*$' }) });
export const WebStatusBody = closed({ web_status: oneOf<WebStatus>(WEB_STATUSES) });
export const AddAnotherBody = closed({
  button_id: text(ID_MAX, { minLength: 1 }),
  num_components: Type.Integer({ minimum: 1, maximum: ADD_ANOTHER_MAX_COUNT }),
});
export const TabsBody = closed({ tab_id: text(ID_MAX, { minLength: 1 }), chosen_tab: text(ID_MAX, { minLength: 1 }) });
export const Counts = Type.Record(Type.String(), Type.Number());
export const TabChoices = Type.Record(Type.String(), Type.String());

/* ---- Documents and the PDF copy ---- */

export const KeyParams = closed({ key: text(100, { pattern: ANSWER_KEY_PATTERN }) });
export const PresignBody = closed({ answer_key: text(100, { pattern: ANSWER_KEY_PATTERN }) });
export const PresignedUpload = Type.Object({ url: Type.String(), fields: Type.Record(Type.String(), Type.String()) });
export const ConversionBody = closed({ file_key: text(300, { minLength: 1 }), file_name: text(255, { minLength: 1 }) });
export const CONVERSION_STATUSES = ['unprocessed', 'in_progress', 'completed', 'not_answered', 'failed'] as const;
export const ConversionStatusReply = Type.Object({
  status: oneOf(CONVERSION_STATUSES),
  message: Type.Optional(Type.String()),
});
export const DocumentAnswers = Type.Record(
  Type.String(),
  Type.Object({ file_name: Type.String(), file_size: Type.Number() }),
);
export const PdfStatusReply = Type.Object({
  status: oneOf(['unprocessed', 'in_progress', 'completed', 'failed'] as const),
  url: Type.Optional(Type.String()),
  message: Type.Optional(Type.String()),
});
export const PdfFileQuery = Type.Object({ v: Type.String({ pattern: '^[0-9a-f]{16,64}$' }) });

/* ---- The applicant's profile ---- */

/**
 * GET /api/profile: SPEC §3's profile, with the answers' version (beyond SPEC §3; If-Match on saves) and the
 * application's id (beyond SPEC §3: APP-000123, as staff know it; the completion page shows it).
 */
export const ProfileReply = Type.Object({
  username: Type.String(),
  last_page: Type.Union([Type.String(), Type.Null()]),
  successful_login: Type.Array(Type.String()),
  web_status: Type.Array(Type.Object({ web_status: Type.String() })),
  answer: AnswerMap,
  version: Type.Optional(Type.Number()),
  document_answer: DocumentAnswers,
  application_id: Type.Optional(Type.String({ pattern: '^APP-[0-9]{6,}$' })),
});

/**
 * GET /api/deadline (beyond SPEC §7): the application deadline (null when none is set) and, when staff reopened this
 * applicant's Submit, until when (docs/staff.md). Instants as ISO 8601.
 */
export const DeadlineReply = Type.Object({
  closesAt: Type.Union([Type.String(), Type.Null()]),
  reopenedUntil: Type.Union([Type.String(), Type.Null()]),
});

/* ---- Public links, the print view, look-ups ---- */

export const tokenQuery = <N extends string>(name: N) =>
  closed({ [name]: text(200, { minLength: 1 }) } as Record<N, ReturnType<typeof text>>);
export const ServiceDocumentQuery = closed({
  service_token: text(200, { minLength: 1 }),
  key: text(100, { pattern: '^[a-z0-9_]+$' }),
});
export const PrintViewBundle = Type.Object({
  answer: AnswerMap,
  add_another: Counts,
  document_answer: DocumentAnswers,
  tabs: TabChoices,
  /** For the print view's header (the server adds it to SPEC §3's shape). */
  applicant: Type.Optional(
    Type.Object({
      username: Type.String(),
      id: Type.String(),
      submitted_at: Type.Union([Type.String(), Type.Null()]),
      updated_at: Type.Union([Type.String(), Type.Null()]),
      /** The college's time zone the times are shown in (the server's print view page adds it). */
      time_zone: Type.Optional(Type.String()),
    }),
  ),
  /**
   * Where each attached document lies in the applicant's PDF copy, by answer key (the server's print view page adds
   * it: server/src/pdf lays the copy out).
   */
  document_pages: Type.Optional(Type.Record(Type.String(), Type.Object({ first: Type.Number(), last: Type.Number() }))),
});
export const LookupQuery = closed({
  category: oneOf<LookupCategory>(LOOKUP_CATEGORIES),
  text: Type.Optional(text(100)),
  id: Type.Optional(text(100, { minLength: 1 })),
  max_results: Type.Optional(Type.String({ pattern: `^[1-${LOOKUP_MAX_RESULTS}]$` })),
});
export const LookupSuggestion = Type.Object({ text: Type.String(), id: Type.String(), sub_text: Type.String() });

export const MessageReply = Type.Object({ message: Type.String() });

/**
 * GET /public/service-status (beyond SPEC §7): the operator's notice to every applicant (null: none) and whether the
 * application is in maintenance (changes refused). The same for everyone, so it is cached for a few seconds.
 */
export const ServiceStatusReply = closed({
  notice: Type.Union([Type.String(), Type.Null()]),
  maintenance: Type.Boolean(),
});

/** The TypeScript type of a schema (what the SPA's endpoints and the server's handlers use). */
export type Shape<T extends TSchema> = Static<T>;
