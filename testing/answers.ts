/**
 * Answers fixtures. The complete application (every field answered, four activities) is the kernel's
 * `completeApplication` (src/kernel/form/definition/sampleAnswers.ts): tests, e2e and the bench use it as it is.
 * Here, the smallest application the server accepts on submit, for the tests of its required checks (SPEC §5).
 */
import type { AnswerValue } from '../src/kernel/form/definition/types';

/** Answers that pass the server's required checks (SPEC §5) and nothing more: each test adds what it varies. */
export function requiredAnswers(): Record<string, AnswerValue> {
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    birth_date: '2008-12-10',
    gender: 'F',
    phone_mobile: '(212) 555-0101',
    address_line_1: '1 Main St',
    city: 'Albany',
    state: 'New York',
    zip: '12207',
    country: 'USA',
    entry_term: 'Fall 2027',
    applied_major: 'MATH',
    hs_name: 'Sample Central High School',
    test_optional_interest: 'N',
    conviction: 'N',
    suspended: 'N',
    counselor_waiver_request: 'Y',
    legal_agree: true,
  };
}
