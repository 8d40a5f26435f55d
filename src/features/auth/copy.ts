/** Wording of the account cards that is not in the spec (the spec's own wording lives in rules.ts and config/). */
export const UNCONFIRMED_TITLE = 'Your account is not confirmed yet.';
export const INCOMPLETE_LINK_TITLE = 'This password reset link is incomplete.';
