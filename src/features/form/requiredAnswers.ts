/**
 * The required-answer rules of SPEC §5 that the server re-checks at submit (it never trusts the client).
 * No React or yup here, so the server imports it. The Application form issue generates the full yup
 * schema from the form definition; until then this list is the one home of "what must be answered".
 */
export type AnswerMap = Record<string, string | boolean>;

const filled = (answer: AnswerMap, key: string) => {
  const value = answer[key];
  return typeof value === 'boolean' ? value : typeof value === 'string' && value.trim() !== '';
};

export const ALWAYS_REQUIRED = [
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
] as const;

/** Required only when another answer says so: [key, when]. */
const CONDITIONALLY_REQUIRED: [string, (a: AnswerMap) => boolean][] = [
  ['state', (a) => a.country === 'USA' || a.country === 'CAN'],
  ['zip', (a) => a.country === 'USA'],
  ['phone_mobile', (a) => a.optin_sms_ind === true || (!filled(a, 'phone_home') && !filled(a, 'phone_mobile'))],
  ['gpa_scale', (a) => filled(a, 'hs_gpa')],
  ['conviction_comment', (a) => a.conviction === 'Y'],
  ['suspended_comment', (a) => a.suspended === 'Y'],
  ['personal_statement_doc', (a) => a.test_optional_interest === 'Y' && !filled(a, 'personal_statement_essay')],
];

/** Keys that must be answered before submission and are not, in a stable order. */
export function missingRequiredKeys(answer: AnswerMap): string[] {
  const missing: string[] = ALWAYS_REQUIRED.filter((key) => !filled(answer, key));
  for (const [key, when] of CONDITIONALLY_REQUIRED) {
    if (when(answer) && !filled(answer, key)) missing.push(key);
  }
  // The certification must be agreed to, not merely answered.
  if (answer.legal_agree !== true) missing.push('legal_agree');
  return missing;
}
