import { COUNSELOR_SIZE_LIMIT } from '../schoolReport/rules';

/** The counselor's page's messages, shared by the server (which sends them) and the page (which shows them). */
export const COUNSELOR_MESSAGES = {
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
