import type { WebStatus } from '../../kernel/constants';
import { welcomeMessage, type WelcomeKind } from './welcome';

type Row = [
  string,
  { is_logged_in: boolean; num_logins: number; has_changed_page: boolean; web_status: WebStatus | null },
  WelcomeKind | null,
];

const visitor = { is_logged_in: false, num_logins: 0, has_changed_page: false, web_status: null };
const applicant = (num_logins: number, extra: Partial<Row[1]> = {}) => ({
  is_logged_in: true,
  num_logins,
  has_changed_page: false,
  web_status: 'started' as WebStatus | null,
  ...extra,
});

describe('welcomeMessage', () => {
  it.each<Row>([
    ['a visitor', visitor, 'invitation'],
    ['a visitor after a page change', { ...visitor, has_changed_page: true }, null],
    ['a first login', applicant(1), 'welcome'],
    ['a first login with no web status yet', applicant(1, { web_status: null }), 'welcome'],
    ['a first login while validating', applicant(1, { web_status: 'validating' }), 'welcome'],
    ['a second login', applicant(2), 'encouragement'],
    ['a third login', applicant(3), null],
    ['a tenth login', applicant(10), null],
    ['a first login after a page change', applicant(1, { has_changed_page: true }), null],
    ['a second login after a page change', applicant(2, { has_changed_page: true }), null],
    ['submitted on the first login', applicant(1, { web_status: 'submitted' }), 'submitted'],
    ['submitted on the second login', applicant(2, { web_status: 'submitted' }), 'submitted'],
    ['submitted on the third login', applicant(3, { web_status: 'submitted' }), null],
    ['submitted after a page change', applicant(1, { web_status: 'submitted', has_changed_page: true }), null],
    ['logged in, profile not loaded yet', applicant(0, { web_status: null }), null],
  ])('%s → %s', (_label, session, kind) => {
    expect(welcomeMessage(session)?.kind ?? null).toBe(kind);
  });

  it('words each message for its case', () => {
    expect(welcomeMessage(visitor)?.text).toMatch(/save your answers/i);
    expect(welcomeMessage(applicant(1))?.title).toMatch(/welcome/i);
    expect(welcomeMessage(applicant(2))?.title).toMatch(/welcome back/i);
    expect(welcomeMessage(applicant(1, { web_status: 'submitted' }))?.text).toMatch(/further steps are required/i);
  });
});
