/**
 * The college's programs, apart from the rest of About You's and Your Academics' definition: the staff console's
 * major filter reads this list alone, and the definition would not fit the console's first download.
 */
import type { Option } from './types';

/** The college's programs (placeholder list: the partner replaces it before going live). */
export const PROGRAMS: readonly Option[] = [
  { value: 'ACCT', label: 'Accounting' },
  { value: 'ART', label: 'Art and Design' },
  { value: 'BIOL', label: 'Biology' },
  { value: 'BUS', label: 'Business Administration' },
  { value: 'CHEM', label: 'Chemistry' },
  { value: 'COMM', label: 'Communication' },
  { value: 'CS', label: 'Computer Science' },
  { value: 'CRIM', label: 'Criminal Justice' },
  { value: 'ECON', label: 'Economics' },
  { value: 'EDUC', label: 'Education' },
  { value: 'ENGR', label: 'Engineering' },
  { value: 'ENGL', label: 'English' },
  { value: 'ENVS', label: 'Environmental Science' },
  { value: 'HIST', label: 'History' },
  { value: 'MATH', label: 'Mathematics' },
  { value: 'MUS', label: 'Music' },
  { value: 'NURS', label: 'Nursing' },
  { value: 'PHIL', label: 'Philosophy' },
  { value: 'PHYS', label: 'Physics' },
  { value: 'POLS', label: 'Political Science' },
  { value: 'PSYC', label: 'Psychology' },
  { value: 'SOC', label: 'Sociology' },
  { value: 'UNDECLARED', label: 'Undecided' },
];
