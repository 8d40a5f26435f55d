/**
 * The data model of the application answers: the field names of SPEC §3 "Application answers", as data.
 * The development checks (SPEC §5) compare the form definition with this list: every key the form declares must
 * be here, and every key here must be on exactly one page. Keys are spelled as the spec spells them (including
 * documented_learning_disbility).
 */

export const PARENT_FIELDS = [
  'relationship',
  'prefix',
  'first_name',
  'last_name',
  'email_address',
  'phone',
  'phone_type',
  'education',
  'education_other',
  'occupation',
  'addr_same_as_stu_perm',
  'address_line_1',
  'address_line_2',
  'city',
  'state',
  'zip',
  'country',
] as const;

export const PARENT_PREFIXES = ['parent_', 'parent_2_'] as const;

export const ACTIVITY_FIELDS = [
  'name',
  'freshman',
  'sophomore',
  'junior',
  'senior',
  'continue',
  'honors',
  'position',
] as const;

/** Activities 1 to 4. */
export const ACTIVITY_PREFIXES = ['activity_', 'activity_2_', 'activity_3_', 'activity_4_'] as const;

export const DATA_MODEL = {
  aboutYou: [
    'first_name',
    'middle_name',
    'last_name',
    'birth_name',
    'preferred_name',
    'birth_date',
    'gender',
    'gender_iden',
    'marital_status_single',
    'marital_status_married',
    'marital_status_divorced',
    'marital_status_separated',
    'marital_status_widowed',
    'phone_home',
    'phone_mobile',
    'optin_sms_ind',
    'phone_international',
    'intl_reside',
    'address_line_1',
    'address_line_2',
    'city',
    'state',
    'zip',
    'country',
    'mailing_addr_same_as_perm_addr',
    'mailing_address_line_1',
    'mailing_address_line_2',
    'mailing_city',
    'mailing_state',
    'mailing_zip',
    'mailing_country',
    'mailing_addr_effective_date',
  ],
  parents: PARENT_PREFIXES.flatMap((prefix) => PARENT_FIELDS.map((field) => `${prefix}${field}`)),
  also: [
    'parent_communication_preference',
    'family_attended',
    'employed',
    'first_gen',
    'citizenship_type',
    'citizenship',
    'citizenship_visa_status',
    'alien_registration_number',
    'veteran_question',
    'mil_ed',
    'ethnicity',
    'race_american_indian',
    'race_asian',
    'race_black',
    'race_native_hawaiian',
    'race_white',
  ],
  academics: [
    'student_type',
    'entry_term',
    'applied_major',
    'app_preprof',
    'commute',
    'financial_aid',
    'ceeb_cd',
    'test_optional_interest',
    'active_spoke',
    'counselor_first_name',
    'counselor_last_name',
    'counselor_email_address',
    'hs_ceeb',
    'hs_name',
    'hs_address_line_1',
    'hs_city',
    'hs_state',
    'hs_zip',
    'hs_country',
    'hs_attend_from_month',
    'hs_attend_from_year',
    'hs_attend_to_month',
    'hs_attend_to_year',
    'hs_gpa',
    'gpa_scale',
    'grad_month',
    'grad_year',
  ],
  testScores: [
    'sat_taken',
    'sat_plan_month',
    'sat_plan_year',
    'sat_score_reading_writing',
    'sat_score_math',
    'sat_score_essay_reading',
    'sat_score_essay_analysis',
    'sat_score_essay_writing',
    'act_taken',
    'act_score_composite',
    'act_plan_month',
    'act_plan_year',
  ],
  activities: ACTIVITY_PREFIXES.flatMap((prefix) => ACTIVITY_FIELDS.map((field) => `${prefix}${field}`)),
  personalStatement: ['personal_statement_essay', 'personal_statement_doc'],
  final: [
    'conviction',
    'conviction_comment',
    'suspended',
    'suspended_comment',
    'counselor_waiver_request',
    'legal_agree',
    'documented_learning_disbility',
    'hear_about_us',
  ],
} as const;

/**
 * "several spec_programs_* flags" (SPEC §3): the spec names the family, not its members. Any key of this shape
 * is in the data model; the definition declares the college's programs (SPECIAL_PROGRAMS in education.ts).
 */
export const DATA_MODEL_PATTERNS: readonly RegExp[] = [/^spec_programs_[a-z0-9_]+$/];

/** Every named key of the data model, in spec order. */
export const DATA_MODEL_KEYS: readonly string[] = Object.values(DATA_MODEL).flat();

const KEY_SET = new Set(DATA_MODEL_KEYS);

/** Whether a key belongs to the data model (a named key or one of the patterns). */
export const isDataModelKey = (key: string) => KEY_SET.has(key) || DATA_MODEL_PATTERNS.some((p) => p.test(key));
