/**
 * Parent 1 (prefix parent_) and parent 2 (prefix parent_2_) are the same section with different key prefixes
 * (SPEC §3). One declaration serves both, so they cannot drift apart.
 */
import { dependentDropdown, dropdown, equals, labelled, notEquals, phone, text, yesNo } from './builders';
import { PHONE_HINT } from '../phones';
import { parentEmailMessage, parentPhoneMessage } from './messages';
import type { Option, Section } from './types';

export const RELATIONSHIPS: readonly Option[] = [
  { value: 'mother', label: 'Mother' },
  { value: 'father', label: 'Father' },
  { value: 'stepmother', label: 'Stepmother' },
  { value: 'stepfather', label: 'Stepfather' },
  { value: 'legal_guardian', label: 'Legal guardian' },
  { value: 'grandparent', label: 'Grandparent' },
  { value: 'other', label: 'Other' },
];

export const PARENT_EDUCATION: readonly Option[] = [
  { value: 'some_high_school', label: 'Some high school' },
  { value: 'high_school', label: 'High school diploma or equivalent' },
  { value: 'some_college', label: 'Some college' },
  { value: 'associate', label: "Associate's degree" },
  { value: 'bachelor', label: "Bachelor's degree" },
  { value: 'graduate', label: 'Graduate or professional degree' },
  { value: 'unknown', label: 'I do not know' },
  { value: 'other', label: 'Other' },
];

export const PHONE_TYPES: readonly Option[] = [
  { value: 'mobile', label: 'Cell' },
  { value: 'home', label: 'Home' },
  { value: 'work', label: 'Work' },
];

/** Countries whose state/province list exists (SPEC §5: state matters for USA and CAN). */
export const STATES_BY_COUNTRY = {
  USA: { source: 'states', country: 'US' },
  CAN: { source: 'states', country: 'CA' },
} as const;

/**
 * @param prefix 'parent_' or 'parent_2_'
 * @param title  'Parent 1/Guardian 1' or 'Parent 2/Guardian 2' (it starts the validation messages)
 */
export function parentSection(prefix: string, title: string, id: string): Section {
  const k = (field: string) => `${prefix}${field}`;
  const ownAddress = notEquals(k('addr_same_as_stu_perm'), 'Y');
  return {
    id,
    title,
    description: 'Tell us about a parent or guardian. These questions are optional.',
    questions: [
      dropdown(k('relationship'), 'Relationship to You', RELATIONSHIPS),
      dropdown(k('prefix'), 'Prefix', labelled('Mr.', 'Ms.', 'Mrs.', 'Mx.', 'Dr.')),
      text(k('first_name'), 'First Name'),
      text(k('last_name'), 'Last Name'),
      text(k('email_address'), 'Email Address', { rules: [{ kind: 'email', message: parentEmailMessage(title) }] }),
      phone(k('phone'), 'Phone Number', {
        hint: PHONE_HINT,
        rules: [{ kind: 'phone', message: parentPhoneMessage(title) }],
      }),
      dropdown(k('phone_type'), 'Phone Type', PHONE_TYPES),
      dropdown(k('education'), 'Highest Level of Education', PARENT_EDUCATION),
      text(k('education_other'), 'Please describe their education', {
        condition: equals(k('education'), 'other'),
      }),
      text(k('occupation'), 'Occupation'),
      yesNo(k('addr_same_as_stu_perm'), 'Is their address the same as your permanent address?'),
      text(k('address_line_1'), 'Address', { condition: ownAddress }),
      text(k('address_line_2'), 'Address Line 2', { condition: ownAddress }),
      text(k('city'), 'City', { condition: ownAddress }),
      dropdown(k('country'), 'Country', { source: 'countries' }, { condition: ownAddress }),
      dependentDropdown(k('state'), 'State/Province', k('country'), STATES_BY_COUNTRY, { condition: ownAddress }),
      text(k('zip'), 'ZIP/Postal Code', { condition: ownAddress }),
    ],
  };
}
