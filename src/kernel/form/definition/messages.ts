/**
 * Validation messages of the application form (SPEC §5 "Application"). Texts quoted by the spec are word for
 * word; the others (marked "not in the spec") are ours. {year} and {max} are filled in when a rule fails.
 * Required questions use their label as the message, so labels live with the questions, not here.
 */
import {
  ACT_MAX,
  ACT_MIN,
  MINIMUM_AGE_YEARS,
  SAT_ESSAY_MAX,
  SAT_ESSAY_MIN,
  SAT_SECTION_MAX,
  SAT_SECTION_MIN,
  SAT_SECTION_STEP,
  ZIP_MIN_LENGTH,
} from '../../constants';

export const FORM_MESSAGES = {
  minimumYear: 'The minimum supported year is {year}. Please contact help support for assistance.',
  maximumYear: 'The maximum supported year is {year}',
  minimumAge: `You must be ${MINIMUM_AGE_YEARS} years or older to apply.`,
  homePhone: 'Please enter a valid home phone number.',
  cellPhone: 'Please enter a valid cell phone number.',
  eitherPhone: 'Please enter either a home phone or cell phone number.',
  smsNeedsCell: 'A cell phone number is required to receive text message updates.',
  zipRequired: 'ZIP/Postal Code is required',
  zipMinLength: `ZIP/Postal Code must be at least ${ZIP_MIN_LENGTH} characters.`,
  counselorEmail: 'Please provide a valid counselor email address.',
  gpaScale: 'What GPA scale is used?',

  // Not in the spec (SPEC §5: "Each has a specific message (texts not shown)").
  satSection: `Please enter an SAT section score from ${SAT_SECTION_MIN} to ${SAT_SECTION_MAX}, in steps of ${SAT_SECTION_STEP} (for example 650).`,
  satEssay: `Please enter an SAT essay score from ${SAT_ESSAY_MIN} to ${SAT_ESSAY_MAX}.`,
  actComposite: `Please enter an ACT composite score from ${ACT_MIN} to ${ACT_MAX}.`,
  gpa: 'Please enter your GPA as a number, for example 3.75.',
  personalStatement:
    'Because you asked to be considered without test scores, please write or upload a personal statement of about 500 words explaining why your test scores would not reflect your ability.',
  maxLength: 'Please use no more than {max} characters.',
  invalidDate: 'Please enter a valid date.',
  ssn: 'Please enter a Social Security number as 123-45-6789.',
} as const;

/** 'Parent 1/Guardian 1: Please enter a valid email address.' (and the same for Parent 2/Guardian 2). */
export const parentEmailMessage = (title: string) => `${title}: Please enter a valid email address.`;
/** 'Parent 1/Guardian 1: Please enter a valid phone number.' (and the same for Parent 2/Guardian 2). */
export const parentPhoneMessage = (title: string) => `${title}: Please enter a valid phone number.`;

/** Fills {name} placeholders. */
export const fillMessage = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
