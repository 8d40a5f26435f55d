/**
 * Every business constant of SPEC §9, with the spec's name for it. One home: import from here.
 * No React here: the server imports this file too.
 */

/** Inactivity: idle after 15 minutes, the warning shows 60 s before. */
export const INACTIVITY_TIMEOUT_MS = 900_000;
export const INACTIVITY_WARNING_MS = 60_000;

export const PASSWORD_MIN_LENGTH = 12;
export const CONFIRMATION_CODE_LENGTH = 6;
export const INPUT_MAX_LENGTH = 45;
export const TEXTAREA_MAX_LENGTH = 1500;

export const FILE_MAX_BYTES = 1_000_000;
export const FILE_TYPES = ['png', 'jpeg', 'jpg', 'pdf', 'docx'] as const;
export const FILE_NAME_MAX_LENGTH = 32;

export const ADD_ANOTHER_DEFAULT_COUNT = 1;
export const ADD_ANOTHER_MAX_COUNT = 10;
export const MINIMUM_AGE_YEARS = 13;
export const BIRTH_YEAR_MAX_YEARS_BACK = 100;

export const SAT_SECTION_MIN = 200;
export const SAT_SECTION_MAX = 800;
export const SAT_SECTION_STEP = 10;
export const SAT_ESSAY_MIN = 2;
export const SAT_ESSAY_MAX = 8;
export const ACT_MIN = 1;
export const ACT_MAX = 36;

export const CONVERSION_POLL_MS = 2000;
export const PDF_POLL_FIRST_MS = 1000;
export const PDF_POLL_AFTER_RESULT_MS = 600_000;
export const WEB_STATUS_RETRIES = 2;

/**
 * How long answers that a session could not send stay on this device for the next login of that account. Past
 * it they are deleted when the app next starts here: a shared computer does not keep a person's answers forever.
 */
export const UNSENT_ANSWERS_KEPT_DAYS = 30;

export const TOAST_DEFAULT_MS = 5000;
export const TOAST_ERROR_MS = 300_000;
export const TOAST_SWIPE_CLOSE_PX = 50;
export const TOAST_HOTKEY = 'F8';
/** How long a toast with Undo stays (paused while hovered or focused; F8 reaches it from the keyboard). */
export const UNDO_TOAST_MS = 10_000;

export const LOOKUP_MAX_RESULTS = 5;
export const LOOKUP_DEBOUNCE_MS = 200;
export const LOOKUP_MAX_WAIT_MS = 500;
export const ACCOUNT_POPOVER_OFFSET = 5;

/** The welcome banner shows while num_logins is below this and no page change happened. */
export const WELCOME_BANNER_MAX_LOGINS = 3;

export const BREAKPOINT_MOBILE_PX = 675;
export const BREAKPOINT_TABLET_PX = 900;

/** Server-side limits of the answer store (Foundation issue). */
export const ANSWER_KEY_MAX_LENGTH = 100;
export const ANSWER_VALUE_MAX_LENGTH = 7000;
export const ANSWER_MAP_MAX_BYTES = 1_000_000;

export const WEB_STATUSES = ['started', 'validating', 'submitted'] as const;
export type WebStatus = (typeof WEB_STATUSES)[number];

export const LOOKUP_CATEGORIES = ['college_ceeb', 'hs_ceeb', 'address'] as const;
export type LookupCategory = (typeof LOOKUP_CATEGORIES)[number];

/** Answer outbox (Answers-are-never-lost issue): autosave after typing stops, retry back-off for failed saves. */
export const AUTOSAVE_DELAY_MS = 3000;
export const SAVE_RETRY_DELAYS_MS = [2000, 4000, 8000, 16_000, 30_000, 60_000] as const;

/** Application form (SPEC §5): ZIP/Postal Code minimum length for the USA; the mailing-address effective date
 * lies within this many years either side of the current year. */
export const ZIP_MIN_LENGTH = 5;
export const EFFECTIVE_DATE_WINDOW_YEARS = 3;
/** Activities 1 to 4 (SPEC §3 data model: activity_, activity_2_, activity_3_, activity_4_). */
export const ACTIVITY_MAX_ENTRIES = 4;
