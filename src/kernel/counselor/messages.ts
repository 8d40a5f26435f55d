import { COUNSELOR_SIZE_LIMIT } from '../schoolReport/rules';

/** The counselor's page's messages, shared by the server (which sends them) and the page (which shows them). */
export const COUNSELOR_MESSAGES = {
  /** What the page is for: in counselor.html's first paint too (src/counselor/firstPaint.ts), before any script. */
  intro:
    'This page is for the student’s school counselor. Upload the transcript, and if you wish the school profile and a recommendation, then submit; or decline the request. No account is needed: the link in the email we sent you opens it, so please do not share that link.',
  loading: 'Loading the school report request…',
  linkDead:
    'This link no longer works: the request was replaced, cancelled or has ended. If you still need to send a school report, ask the student for a new request.',
  linkMissing: 'This page needs the link from the email we sent you. Open the link in that email again.',
  readOnly: 'You have sent this school report. You can look at it here until the link ends.',
  transcriptRequired: 'Upload the transcript before you submit.',
  stillConverting: 'Wait until your files have finished processing, then submit.',
  declineReasonRequired: 'Please tell the student why you are declining.',
  declined: 'Thank you. We told the student you declined, with your reason.',
  submitted: 'Thank you. Your school report was sent to the admission office.',
  recommendationSaved: 'Your recommendation was saved.',
  recommendationTooLong: 'The recommendation is too long.',
  fileTooLarge: COUNSELOR_SIZE_LIMIT.tooLarge,
} as const;
