import { WELCOME_BANNER_MAX_LOGINS } from '../../kernel/constants';
import type { SessionState } from '../session';

export type WelcomeKind = 'invitation' | 'welcome' | 'encouragement' | 'submitted';

export interface WelcomeMessage {
  kind: WelcomeKind;
  title: string;
  /** The sentence after the title. The invitation's links (create an account, log in) are added by the banner. */
  text: string;
}

type WelcomeSession = Pick<SessionState, 'is_logged_in' | 'num_logins' | 'has_changed_page' | 'web_status'>;

export const WELCOME_MESSAGES: Record<WelcomeKind, Omit<WelcomeMessage, 'kind'>> = {
  invitation: {
    title: 'Welcome!',
    text: 'To save your answers and come back to your application at any time,',
  },
  welcome: {
    title: 'Welcome to your application!',
    text: 'Your answers are saved each time you move to another page, so you can log out and finish later.',
  },
  encouragement: {
    title: 'Welcome back!',
    text: 'You have already made a start. Keep going: your application is a few pages from done.',
  },
  submitted: {
    title: 'Thank you for applying.',
    text: 'Further steps are required to complete your admission. Watch your email for what to send us next.',
  },
};

/**
 * The welcome banner's message (SPEC §1), or null when there is none. It shows only while num_logins is below
 * WELCOME_BANNER_MAX_LOGINS and no page change has happened. A visitor is invited to create an account or log in;
 * a first login is welcomed, a second encouraged; after submission it says further steps are required. A
 * logged-in applicant whose profile has not loaded yet (num_logins 0) gets nothing rather than the visitor's text.
 */
export function welcomeMessage(session: WelcomeSession): WelcomeMessage | null {
  const { is_logged_in, num_logins, has_changed_page, web_status } = session;
  if (has_changed_page || num_logins >= WELCOME_BANNER_MAX_LOGINS) return null;
  const kind: WelcomeKind | null = !is_logged_in
    ? 'invitation'
    : web_status === 'submitted'
      ? 'submitted'
      : num_logins === 1
        ? 'welcome'
        : num_logins === 2
          ? 'encouragement'
          : null;
  return kind && { kind, ...WELCOME_MESSAGES[kind] };
}
