import { completeApplication, requiredAnswers } from '../../kernel/form/definition/sampleAnswers';
import { ALWAYS_REQUIRED, missingRequiredKeys, type AnswerMap } from '../../kernel/form/requiredAnswers';
import { validateAnswers } from './schema';

/** The smallest application the server accepts (its tests submit it too). */
const COMPLETE: AnswerMap = requiredAnswers();

describe('missingRequiredKeys (derived from the definition)', () => {
  it('the always-required keys are those of SPEC §5', () => {
    expect(ALWAYS_REQUIRED).toEqual([
      'first_name',
      'last_name',
      'birth_date',
      'gender',
      'address_line_1',
      'city',
      'country',
      'entry_term',
      'applied_major',
      'hs_name',
      'test_optional_interest',
      'conviction',
      'suspended',
      'counselor_waiver_request',
      'legal_agree',
    ]);
  });

  it('nothing is missing from complete answers', () => {
    expect(missingRequiredKeys(COMPLETE)).toEqual([]);
    expect(missingRequiredKeys(completeApplication())).toEqual([]);
  });

  it('everything always required (and a phone) is missing from nothing, in page order', () => {
    expect(missingRequiredKeys({})).toEqual([
      'first_name',
      'last_name',
      'birth_date',
      'gender',
      'phone_mobile',
      'address_line_1',
      'city',
      'country',
      'entry_term',
      'applied_major',
      'hs_name',
      'test_optional_interest',
      'conviction',
      'suspended',
      'counselor_waiver_request',
      'legal_agree',
    ]);
  });

  it.each<[string, AnswerMap, string[]]>([
    ['first name and conviction comment', { first_name: '', conviction: 'Y' }, ['first_name', 'conviction_comment']],
    ['state for USA', { country: 'USA', state: '' }, ['state']],
    ['state for Canada', { country: 'CAN', state: '', zip: '' }, ['state']],
    ['nothing for Mexico', { country: 'MEX', state: '', zip: '' }, []],
    ['zip for USA', { country: 'USA', zip: '' }, ['zip']],
    [
      'a cell phone for SMS opt-in',
      { optin_sms_ind: true, phone_mobile: '', phone_home: '(212) 555-0100' },
      ['phone_mobile'],
    ],
    ['a home or cell phone', { phone_mobile: '', phone_home: '' }, ['phone_mobile']],
    ['a home phone is enough', { phone_mobile: '', phone_home: '(212) 555-0100' }, []],
    ['the GPA scale with a GPA', { hs_gpa: '3.8' }, ['gpa_scale']],
    ['the suspension comment', { suspended: 'Y' }, ['suspended_comment']],
    ['a personal statement when test-optional', { test_optional_interest: 'Y' }, ['personal_statement_doc']],
    [
      'no document when the essay is written',
      { test_optional_interest: 'Y', personal_statement_essay: 'My essay' },
      [],
    ],
    ['legal_agree to be true', { legal_agree: false }, ['legal_agree']],
    ['blank text is not an answer', { city: '   ' }, ['city']],
  ])('requires %s', (_, change, expected) => {
    expect(missingRequiredKeys({ ...COMPLETE, ...change })).toEqual(expected);
  });

  it('every missing key is also a validation error (the server and the client agree)', () => {
    for (const answers of [{}, { ...COMPLETE, first_name: '', conviction: 'Y', hs_gpa: '3' }]) {
      const errors = validateAnswers(answers);
      for (const key of missingRequiredKeys(answers)) expect([key, errors[key]?.length]).toEqual([key, 1]);
    }
  });
});
