import { FORM_MESSAGES } from '../form/definition/messages';

/** The school report's messages that the server sends and the applicant's status page or the console shows. */
export const SCHOOL_REPORT_MESSAGES = {
  needsAnswers:
    'Before we can contact your counselor, give their first and last name and email address (Your Academics) and answer the waiver question (Final Steps).',
  counselorIsApplicant: 'Your counselor’s email address must be theirs, not your own.',
  /** The same words as the Your Academics question's own check. */
  counselorEmailInvalid: FORM_MESSAGES.counselorEmail,
  requested: 'We emailed your counselor to ask for your school report.',
  alreadyRequested: 'Your counselor has already been asked. You can send a reminder or change the counselor.',
  reminded: 'We emailed your counselor a reminder.',
  reminderUsed: 'You have already sent your reminder. We keep reminding your counselor automatically.',
  notWaiting: 'This request is not waiting for the counselor, so there is nothing to remind them of.',
  changed: 'We emailed the new request. The previous link no longer works.',
  cancelled: 'The request was cancelled. Its link no longer works.',
  noRequest: 'There is no request for a school report yet.',
  finished: 'The school report has already arrived: there is nothing to change.',
  waiverRevoked: 'Your waiver is revoked for recommendations that arrive from now on.',
  nothingToRevoke: 'You have not waived your right to see the recommendation, so there is nothing to revoke.',
  cycleEnded: 'This admission cycle has ended: we can no longer request school reports.',
  markedReceived: 'The school report is marked received by other means.',
  markedWaived: 'The school report is marked as not needed.',
  noteRequired: 'Please write a note saying why.',
} as const;
