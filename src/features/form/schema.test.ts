import { ValidationError } from 'yup';
import { text } from '../../kernel/form/definition/builders';
import { completeApplication, incompleteApplication } from '../../kernel/form/definition/sampleAnswers';
import type { Answers, AnswerValue, Page } from '../../kernel/form/definition/types';
import {
  affectedKeys,
  applicationSchema,
  isApplicationValid,
  pageSchema,
  parseDate,
  validateAnswers,
  validateField,
} from './schema';

/** The injected clock: 15 June 2025, local time. */
const now = new Date(2025, 5, 15, 10, 30);
const complete = completeApplication(now);

/** Errors of one key after changing the complete application. */
const errorsOf = (key: string, change: Record<string, AnswerValue | undefined>) => {
  const answers: Record<string, AnswerValue> = { ...complete };
  for (const [k, v] of Object.entries(change)) {
    if (v === undefined) delete answers[k];
    else answers[k] = v;
  }
  return validateAnswers(answers, { now })[key] ?? [];
};

describe('a complete application', () => {
  it('passes', () => {
    expect(validateAnswers(complete, { now })).toEqual({});
    expect(isApplicationValid(complete, now)).toBe(true);
  });
});

describe('required answers: the message is the label (SPEC §5, word for word)', () => {
  it.each([
    ['first_name', 'First Name'],
    ['last_name', 'Last Name'],
    ['birth_date', 'Date of Birth'],
    ['gender', 'Gender'],
    ['address_line_1', 'Address'],
    ['city', 'City'],
    ['country', 'Country'],
    ['entry_term', 'When do you plan to enroll?'],
    ['applied_major', 'Choose a primary academic program of interest.'],
    ['hs_name', 'Search for Your School'],
    ['conviction', 'Have you been convicted of a felony?'],
    ['suspended', 'Have you been suspended from any school?'],
  ])('%s → %j', (key, label) => {
    expect(errorsOf(key, { [key]: '' })).toEqual([label]);
    expect(errorsOf(key, { [key]: '   ' })).toEqual([label]);
    expect(errorsOf(key, { [key]: undefined })).toEqual([label]);
  });

  it.each([
    ['test_optional_interest', /test-optional/],
    ['counselor_waiver_request', /waive your right/],
  ])('%s is required with its label as the message', (key, pattern) => {
    const errors = errorsOf(key, { [key]: '' });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(pattern);
  });

  it('legal_agree must be true, not merely answered', () => {
    expect(errorsOf('legal_agree', { legal_agree: true })).toEqual([]);
    expect(errorsOf('legal_agree', { legal_agree: false })[0]).toMatch(/^I certify that/);
    expect(errorsOf('legal_agree', { legal_agree: undefined })[0]).toMatch(/^I certify that/);
  });

  it('optional questions may stay empty', () => {
    expect(errorsOf('middle_name', { middle_name: '' })).toEqual([]);
    expect(errorsOf('hear_about_us', { hear_about_us: '' })).toEqual([]);
  });
});

describe('birth_date (clock: 15 June 2025)', () => {
  it.each([
    ['13th birthday today', '2012-06-15', []],
    ['13th birthday tomorrow', '2012-06-16', ['You must be 13 years or older to apply.']],
    ['13th birthday yesterday', '2012-06-14', []],
    ['born this year', '2025-01-01', ['You must be 13 years or older to apply.']],
    ['in the future', '2030-01-01', ['You must be 13 years or older to apply.']],
    ['first day of the year 100 years ago', '1925-01-01', []],
    [
      'the day before (101 years back)',
      '1924-12-31',
      ['The minimum supported year is 1925. Please contact help support for assistance.'],
    ],
    ['long ago', '1800-05-05', ['The minimum supported year is 1925. Please contact help support for assistance.']],
    ['MM/DD/YYYY is read too', '06/15/2012', []],
    ['MM/DD/YYYY, a day short of 13', '06/16/2012', ['You must be 13 years or older to apply.']],
    ['not a date', '2012-02-30', ['Please enter a valid date.']],
    ['not a date at all', 'tomorrow', ['Please enter a valid date.']],
    ['empty', '', ['Date of Birth']],
  ])('%s (%s)', (_, value, expected) => {
    expect(errorsOf('birth_date', { birth_date: value })).toEqual(expected);
  });

  it('a leap-day birthday turns 13 on 1 March in a common year', () => {
    const march1 = new Date(2025, 2, 1);
    const feb28 = new Date(2025, 1, 28);
    const answers = { ...completeApplication(march1), birth_date: '2012-02-29' };
    expect(validateAnswers(answers, { now: march1 }).birth_date).toBeUndefined();
    expect(validateAnswers({ ...answers }, { now: feb28 }).birth_date).toEqual([
      'You must be 13 years or older to apply.',
    ]);
  });

  it('follows the injected clock, not the machine’s', () => {
    expect(validateAnswers({ ...complete, birth_date: '2012-06-16' }, { now: new Date(2025, 5, 16) }).birth_date).toBe(
      undefined,
    );
  });
});

describe('phones', () => {
  it.each([
    ['(212) 555-0100', true],
    ['(912) 955-0100', true],
    ['(200) 200-0000', true],
    ['(112) 555-0100', false],
    ['(012) 555-0100', false],
    ['(212) 155-0100', false],
    ['(212) 055-0100', false],
    ['212-555-0100', false],
    ['(212)555-0100', false],
    ['(212) 555-010', false],
    ['(212) 555-01000', false],
    ['2125550100', false],
    ['(212) 555 0100', false],
  ])('%s valid: %s', (value, valid) => {
    expect(errorsOf('phone_home', { phone_home: value })).toEqual(
      valid ? [] : ['Please enter a valid home phone number.'],
    );
    expect(errorsOf('phone_mobile', { phone_mobile: value })).toEqual(
      valid ? [] : ['Please enter a valid cell phone number.'],
    );
    expect(errorsOf('parent_phone', { parent_phone: value })).toEqual(
      valid ? [] : ['Parent 1/Guardian 1: Please enter a valid phone number.'],
    );
    expect(errorsOf('parent_2_phone', { parent_2_phone: value })).toEqual(
      valid ? [] : ['Parent 2/Guardian 2: Please enter a valid phone number.'],
    );
  });

  // Typed with '+': libphonenumber's rules (complete metadata), with the same messages as U.S. numbers.
  it.each([
    ['+52 55 1234 5678', true],
    ['+525512345678', true],
    ['+44 20 7946 0958', true],
    ['+33 6 12 34 56 78', true],
    ['+1 212 555 0100', true],
    ['+52 55 12', false],
    ['+44 20 7946 095', false],
    ['+1 112 555 0100', false],
    ['+999 123 4567', false],
    ['+', false],
    ['+52 55 1234 5678 ext 9', false],
  ])('international %s valid: %s', (value, valid) => {
    expect(errorsOf('phone_home', { phone_home: value })).toEqual(
      valid ? [] : ['Please enter a valid home phone number.'],
    );
    expect(errorsOf('phone_mobile', { phone_mobile: value })).toEqual(
      valid ? [] : ['Please enter a valid cell phone number.'],
    );
    expect(errorsOf('parent_phone', { parent_phone: value })).toEqual(
      valid ? [] : ['Parent 1/Guardian 1: Please enter a valid phone number.'],
    );
    expect(errorsOf('parent_2_phone', { parent_2_phone: value })).toEqual(
      valid ? [] : ['Parent 2/Guardian 2: Please enter a valid phone number.'],
    );
  });

  it('a valid international cell counts for the text-message opt-in; a bad one is flagged, not missing', () => {
    const answers = { phone_home: '', optin_sms_ind: true };
    expect(errorsOf('phone_mobile', { ...answers, phone_mobile: '+44 7911 123456' })).toEqual([]);
    expect(errorsOf('phone_mobile', { ...answers, phone_mobile: '+44 7911' })).toEqual([
      'Please enter a valid cell phone number.',
    ]);
  });

  const either = 'Please enter either a home phone or cell phone number.';
  const sms = 'A cell phone number is required to receive text message updates.';
  it.each<[string, Record<string, AnswerValue | undefined>, string[], string[]]>([
    ['neither phone, no opt-in', { phone_home: '', phone_mobile: '', optin_sms_ind: false }, [], [either]],
    [
      'neither phone, opt-in absent',
      { phone_home: undefined, phone_mobile: undefined, optin_sms_ind: undefined },
      [],
      [either],
    ],
    ['home only', { phone_home: '(212) 555-0100', phone_mobile: '', optin_sms_ind: false }, [], []],
    ['cell only', { phone_home: '', phone_mobile: '(212) 555-0101', optin_sms_ind: false }, [], []],
    ['opt-in with a cell', { phone_home: '', phone_mobile: '(212) 555-0101', optin_sms_ind: true }, [], []],
    ['opt-in with home only', { phone_home: '(212) 555-0100', phone_mobile: '', optin_sms_ind: true }, [], [sms]],
    ['opt-in with no phone', { phone_home: '', phone_mobile: '', optin_sms_ind: true }, [], [sms]],
    [
      'opt-in with a bad cell',
      { phone_home: '', phone_mobile: '(212) 155-0101', optin_sms_ind: true },
      [],
      ['Please enter a valid cell phone number.'],
    ],
    [
      'a bad home phone does not count as a phone',
      { phone_home: '(112) 555-0100', phone_mobile: '', optin_sms_ind: false },
      ['Please enter a valid home phone number.'],
      [],
    ],
  ])('%s', (_, change, home, cell) => {
    expect(errorsOf('phone_home', change)).toEqual(home);
    expect(errorsOf('phone_mobile', change)).toEqual(cell);
  });
});

describe('address', () => {
  it.each<[string, Record<string, string>, string[], string[]]>([
    [
      'USA without state or zip',
      { country: 'USA', state: '', zip: '' },
      ['State/Province'],
      ['ZIP/Postal Code is required'],
    ],
    [
      'USA with a 4-character zip',
      { country: 'USA', zip: '1220' },
      [],
      ['ZIP/Postal Code must be at least 5 characters.'],
    ],
    ['USA with a 5-character zip', { country: 'USA', zip: '12207' }, [], []],
    ['USA with a ZIP+4', { country: 'USA', zip: '12207-1234' }, [], []],
    ['Canada without state', { country: 'CAN', state: '', zip: '' }, ['State/Province'], []],
    ['Canada with a short postal code', { country: 'CAN', state: 'ON', zip: '123' }, [], []],
    ['Mexico needs neither', { country: 'MEX', state: '', zip: '' }, [], []],
  ])('%s', (_, change, state, zip) => {
    expect(errorsOf('state', change)).toEqual(state);
    expect(errorsOf('zip', change)).toEqual(zip);
  });
});

describe('mailing_addr_effective_date (clock: 2025, window 2022–2028)', () => {
  it.each([
    ['1 January 2022', '2022-01-01', []],
    [
      '31 December 2021',
      '2021-12-31',
      ['The minimum supported year is 2022. Please contact help support for assistance.'],
    ],
    ['31 December 2028', '2028-12-31', []],
    ['1 January 2029', '2029-01-01', ['The maximum supported year is 2028']],
    ['today', '2025-06-15', []],
    ['not given', '', []],
    ['not a date', '2025-13-01', ['Please enter a valid date.']],
  ])('%s', (_, value, expected) => {
    expect(errorsOf('mailing_addr_effective_date', { mailing_addr_effective_date: value })).toEqual(expected);
  });

  it('is not checked while the mailing address is the same as the permanent one (hidden)', () => {
    expect(
      errorsOf('mailing_addr_effective_date', {
        mailing_addr_same_as_perm_addr: 'Y',
        mailing_addr_effective_date: '2029-01-01',
      }),
    ).toEqual([]);
  });
});

describe('emails', () => {
  it.each([
    ['', true],
    ['someone@example.com', true],
    ['first.last+tag@sub.example.org', true],
    ['not-an-email', false],
    ['someone@', false],
    ['someone@example', false],
    ['some one@example.com', false],
  ])('%j valid: %s', (value, valid) => {
    expect(errorsOf('parent_email_address', { parent_email_address: value })).toEqual(
      valid ? [] : ['Parent 1/Guardian 1: Please enter a valid email address.'],
    );
    expect(errorsOf('parent_2_email_address', { parent_2_email_address: value })).toEqual(
      valid ? [] : ['Parent 2/Guardian 2: Please enter a valid email address.'],
    );
    expect(errorsOf('counselor_email_address', { counselor_email_address: value })).toEqual(
      valid ? [] : ['Please provide a valid counselor email address.'],
    );
  });
});

describe('GPA scale', () => {
  it.each([
    ['a GPA without a scale', { hs_gpa: '3.5', gpa_scale: '' }, ['What GPA scale is used?']],
    ['a GPA with a scale', { hs_gpa: '3.5', gpa_scale: '4' }, []],
    ['no GPA, no scale', { hs_gpa: '', gpa_scale: '' }, []],
  ])('%s', (_, change, expected) => {
    expect(errorsOf('gpa_scale', change)).toEqual(expected);
  });
});

describe('test scores', () => {
  const section = 'Please enter an SAT section score from 200 to 800, in steps of 10 (for example 650).';
  const essay = 'Please enter an SAT essay score from 2 to 8.';
  const act = 'Please enter an ACT composite score from 1 to 36.';

  it.each([
    ['199', false],
    ['200', true],
    ['210', true],
    ['205', false],
    ['650', true],
    ['800', true],
    ['801', false],
    ['810', false],
    ['0', false],
    ['650.5', false],
    ['-200', false],
    ['abc', false],
    ['', true],
  ])('SAT section score %j valid: %s', (value, valid) => {
    for (const key of ['sat_score_reading_writing', 'sat_score_math']) {
      expect(errorsOf(key, { sat_taken: 'Y', [key]: value })).toEqual(valid ? [] : [section]);
    }
  });

  it.each([
    ['1', false],
    ['2', true],
    ['5', true],
    ['8', true],
    ['9', false],
    ['2.5', false],
  ])('SAT essay score %j valid: %s', (value, valid) => {
    for (const key of ['sat_score_essay_reading', 'sat_score_essay_analysis', 'sat_score_essay_writing']) {
      expect(errorsOf(key, { sat_taken: 'Y', [key]: value })).toEqual(valid ? [] : [essay]);
    }
  });

  it.each([
    ['0', false],
    ['1', true],
    ['36', true],
    ['37', false],
    ['35.5', false],
    ['x', false],
  ])('ACT composite %j valid: %s', (value, valid) => {
    expect(errorsOf('act_score_composite', { act_taken: 'Y', act_score_composite: value })).toEqual(valid ? [] : [act]);
  });

  it('scores are not checked when the test was not taken (hidden)', () => {
    expect(errorsOf('sat_score_math', { sat_taken: 'N', sat_score_math: '199' })).toEqual([]);
    expect(errorsOf('sat_score_essay_writing', { sat_taken: '', sat_score_essay_writing: '9' })).toEqual([]);
    expect(errorsOf('act_score_composite', { act_taken: 'N', act_score_composite: '37' })).toEqual([]);
  });
});

describe('comments and the personal statement', () => {
  it.each([
    [
      'conviction_comment',
      { conviction: 'Y', conviction_comment: '' },
      ['Please describe the circumstances of the conviction.'],
    ],
    ['conviction_comment', { conviction: 'Y', conviction_comment: 'It was long ago.' }, []],
    ['conviction_comment', { conviction: 'N', conviction_comment: '' }, []],
    [
      'suspended_comment',
      { suspended: 'Y', suspended_comment: '' },
      ['Please describe the circumstances of the suspension.'],
    ],
    ['suspended_comment', { suspended: 'N', suspended_comment: '' }, []],
  ])('%s with %j', (key, change, expected) => {
    expect(errorsOf(key, change)).toEqual(expected);
  });

  it.each<[string, Record<string, string>, boolean]>([
    [
      'test-optional, no essay, no document',
      { test_optional_interest: 'Y', personal_statement_essay: '', personal_statement_doc: '' },
      true,
    ],
    [
      'test-optional, an essay',
      { test_optional_interest: 'Y', personal_statement_essay: 'Essay', personal_statement_doc: '' },
      false,
    ],
    [
      'test-optional, a document',
      { test_optional_interest: 'Y', personal_statement_essay: '', personal_statement_doc: 'ANSWERED' },
      false,
    ],
    [
      'not test-optional, nothing',
      { test_optional_interest: 'N', personal_statement_essay: '', personal_statement_doc: '' },
      false,
    ],
  ])('%s → document required: %s', (_, change, required) => {
    const errors = errorsOf('personal_statement_doc', change);
    expect(errors).toHaveLength(required ? 1 : 0);
    if (required) expect(errors[0]).toMatch(/500 words/);
  });
});

describe('lengths', () => {
  it.each([
    ['first_name', 45],
    ['city', 45],
    ['activity_3_honors', 45],
    ['conviction_comment', 1500],
    ['personal_statement_essay', 7000],
  ])('%s allows %i characters', (key, max) => {
    const change = { conviction: 'Y', [key]: 'x'.repeat(max) };
    expect(errorsOf(key, change)).toEqual([]);
    expect(errorsOf(key, { ...change, [key]: 'x'.repeat(max + 1) })).toEqual([
      `Please use no more than ${max} characters.`,
    ]);
  });

  it('hidden questions are never validated', () => {
    expect(errorsOf('conviction_comment', { conviction: 'N', conviction_comment: 'x'.repeat(2000) })).toEqual([]);
    expect(errorsOf('mailing_city', { mailing_addr_same_as_perm_addr: 'Y', mailing_city: 'x'.repeat(50) })).toEqual([]);
  });
});

describe('collecting messages', () => {
  const pages: Page[] = [
    {
      id: 'about',
      path: '/about',
      title: 'About You',
      sections: [
        {
          id: 's',
          title: 'S',
          questions: [
            text('first_name', 'First', {
              rules: [
                { kind: 'minLength', min: 10, message: 'Too short.' },
                { kind: 'email', message: 'Not an email.' },
                { kind: 'minLength', min: 12, message: 'Too short.' },
              ],
            }),
          ],
        },
      ],
    },
  ];

  it('gives every message of a field once (abortEarly: false, no duplicates)', () => {
    expect(validateAnswers({ first_name: 'abc' }, { now, pages })).toEqual({
      first_name: ['Too short.', 'Not an email.'],
    });
  });

  it('limits the check to one page', () => {
    const incomplete = incompleteApplication(now);
    const all = validateAnswers(incomplete, { now });
    const about = validateAnswers(incomplete, { now, page: 'about' });
    const education = validateAnswers(incomplete, { now, page: 'education' });
    const final = validateAnswers(incomplete, { now, page: 'final-steps' });
    expect(Object.keys(about)).toContain('first_name');
    expect(Object.keys(about)).not.toContain('hs_name');
    expect(Object.keys(education)).toContain('hs_name');
    expect(Object.keys(final)).toContain('legal_agree');
    expect({ ...about, ...education, ...final }).toEqual(all);
  });

  it('the incomplete sample breaks the rules it was written to break', () => {
    expect(Object.keys(validateAnswers(incompleteApplication(now), { now })).sort()).toEqual(
      [
        'first_name',
        'birth_date',
        'gender',
        'phone_home',
        'phone_mobile',
        'address_line_1',
        'city',
        'state',
        'zip',
        'mailing_addr_effective_date',
        'parent_email_address',
        'parent_2_phone',
        'entry_term',
        'applied_major',
        'hs_name',
        'gpa_scale',
        'counselor_email_address',
        'sat_score_reading_writing',
        'sat_score_math',
        'sat_score_essay_reading',
        'act_score_composite',
        'activity_name',
        'personal_statement_doc',
        'conviction_comment',
        'suspended_comment',
        'counselor_waiver_request',
        'legal_agree',
      ].sort(),
    );
  });
});

describe('validateField: the field and those that depend on it', () => {
  it.each([
    ['phone_home', ['phone_home', 'phone_mobile']],
    ['optin_sms_ind', ['optin_sms_ind', 'phone_mobile']],
    ['country', ['country', 'state', 'zip']],
    ['hs_gpa', ['hs_gpa', 'gpa_scale']],
    ['conviction', ['conviction', 'conviction_comment']],
    ['test_optional_interest', ['test_optional_interest', 'personal_statement_doc']],
    ['personal_statement_essay', ['personal_statement_essay', 'personal_statement_doc']],
    ['mailing_addr_same_as_perm_addr', expect.arrayContaining(['mailing_addr_effective_date', 'mailing_city'])],
    ['grad_year', ['grad_month', 'grad_year']],
    ['first_name', ['first_name']],
    ['country_desc', ['country', 'state', 'zip']],
  ])('%s → %j', (key, expected) => {
    expect(affectedKeys(key)).toEqual(expected);
  });

  it('revalidates the cell phone when the home phone is emptied', () => {
    const answers = { ...complete, phone_home: '', phone_mobile: '', optin_sms_ind: false };
    expect(validateField('phone_home', answers, { now })).toEqual({
      phone_home: [],
      phone_mobile: ['Please enter either a home phone or cell phone number.'],
    });
  });

  it('revalidates state and zip when the country changes', () => {
    const answers = { ...complete, country: 'USA', state: '', zip: '123' };
    expect(validateField('country', answers, { now })).toEqual({
      country: [],
      state: ['State/Province'],
      zip: ['ZIP/Postal Code must be at least 5 characters.'],
    });
    expect(validateField('country', { ...answers, country: 'FRA' }, { now })).toEqual({
      country: [],
      state: [],
      zip: [],
    });
  });

  it('gives [] for a field that became hidden', () => {
    expect(validateField('conviction', { ...complete, conviction: 'N', conviction_comment: '' }, { now })).toEqual({
      conviction: [],
      conviction_comment: [],
    });
  });

  it('agrees with validateAnswers', () => {
    const incomplete = incompleteApplication(now);
    const all = validateAnswers(incomplete, { now });
    for (const key of Object.keys(all)) expect(validateField(key, incomplete, { now })[key]).toEqual(all[key]);
  });
});

describe('the yup object schemas', () => {
  const pathsOf = (answers: Answers, schema = applicationSchema()) => {
    try {
      schema.validateSync(answers, { abortEarly: false, context: { answers, now } });
      return {};
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const result: Record<string, string[]> = {};
      for (const inner of error.inner) (result[inner.path!] ??= []).push(...inner.errors);
      return result;
    }
  };

  it('give the same messages as validateAnswers', () => {
    const incomplete = incompleteApplication(now);
    expect(pathsOf(incomplete)).toEqual(validateAnswers(incomplete, { now }));
    expect(pathsOf(complete)).toEqual({});
    expect(pathsOf(incomplete, pageSchema('final-steps'))).toEqual(
      validateAnswers(incomplete, { now, page: 'final-steps' }),
    );
  });

  it('are built once', () => {
    expect(pageSchema('about')).toBe(pageSchema('about'));
    expect(applicationSchema()).toBe(pageSchema('all'));
  });
});

describe('ssn (a type for partners that collect it; the SPEC §3 data model has no SSN field)', () => {
  const pages: Page[] = [
    {
      id: 'about',
      path: '/about',
      title: 'About You',
      sections: [{ id: 's', title: 'S', questions: [{ type: 'ssn', key: 'ssn', label: 'Social Security Number' }] }],
    },
  ];
  it.each([
    ['123-45-6789', []],
    ['', []],
    ['123456789', ['Please enter a Social Security number as 123-45-6789.']],
    ['123-456-789', ['Please enter a Social Security number as 123-45-6789.']],
    ['123-45-678', ['Please enter a Social Security number as 123-45-6789.']],
  ])('%j', (value, expected) => {
    expect(validateAnswers({ ssn: value }, { now, pages }).ssn ?? []).toEqual(expected);
  });
});

describe('parseDate', () => {
  it.each([
    ['2024-02-29', { y: 2024, m: 2, d: 29 }],
    ['2023-02-29', undefined],
    ['2023-04-31', undefined],
    ['2023-00-10', undefined],
    ['12/31/2023', { y: 2023, m: 12, d: 31 }],
    ['2023-1-5', undefined],
    ['', undefined],
  ])('%j → %j', (value, expected) => {
    expect(parseDate(value)).toEqual(expected);
  });
});
