/** The "About You" page (SPEC §3 "About you", the parents and the "Also" fields). */
import {
  BIRTH_YEAR_MAX_YEARS_BACK,
  EFFECTIVE_DATE_WINDOW_YEARS,
  MINIMUM_AGE_YEARS,
  ZIP_MIN_LENGTH,
} from '../../constants';
import { PARTNER } from '../../partner';
import {
  answered,
  checkbox,
  checkboxGroup,
  date,
  dependentDropdown,
  dropdown,
  equals,
  isIn,
  lookup,
  notAnswered,
  notEquals,
  phone,
  radio,
  text,
  yesNo,
} from './builders';
import { PHONE_HINT } from '../phones';
import { FORM_MESSAGES } from './messages';
import { parentSection, STATES_BY_COUNTRY } from './parent';
import type { Option, Page } from './types';

export const GENDERS: readonly Option[] = [
  { value: 'F', label: 'Female' },
  { value: 'M', label: 'Male' },
  { value: 'X', label: 'Another gender (X)' },
];

export const GENDER_IDENTITIES: readonly Option[] = [
  { value: 'woman', label: 'Woman' },
  { value: 'man', label: 'Man' },
  { value: 'nonbinary', label: 'Non-binary' },
  { value: 'transgender', label: 'Transgender' },
  { value: 'genderqueer', label: 'Genderqueer or gender non-conforming' },
  { value: 'another', label: 'Another identity' },
  { value: 'no_answer', label: 'I prefer not to answer' },
];

export const CITIZENSHIP_TYPES: readonly Option[] = [
  { value: 'US', label: 'U.S. citizen' },
  { value: 'DUAL', label: 'U.S. citizen with another citizenship (dual citizen)' },
  { value: 'PR', label: 'U.S. permanent resident' },
  { value: 'INTL', label: 'Citizen of another country' },
];

export const VISA_TYPES: readonly Option[] = [
  { value: 'F-1', label: 'F-1 (student)' },
  { value: 'J-1', label: 'J-1 (exchange visitor)' },
  { value: 'H-4', label: 'H-4 (dependent of an H-1B holder)' },
  { value: 'L-2', label: 'L-2 (dependent of an L-1 holder)' },
  { value: 'DACA', label: 'Deferred Action for Childhood Arrivals (DACA)' },
  { value: 'REFUGEE', label: 'Refugee or asylee' },
  { value: 'NONE', label: 'I do not have a U.S. visa yet' },
  { value: 'OTHER', label: 'Another visa type' },
];

export const VETERAN_STATUSES: readonly Option[] = [
  { value: 'N', label: 'No' },
  { value: 'VETERAN', label: 'Yes, I am a veteran' },
  { value: 'ACTIVE', label: 'Yes, I am on active duty' },
  { value: 'RESERVE', label: 'Yes, I serve in the National Guard or Reserve' },
  { value: 'DEPENDENT', label: 'I am the spouse or dependent of a service member or veteran' },
];

export const COMMUNICATION_PREFERENCES: readonly Option[] = [
  { value: 'EMAIL', label: 'By email' },
  { value: 'MAIL', label: 'By mail' },
  { value: 'BOTH', label: 'By email and by mail' },
  { value: 'NONE', label: 'Please do not contact my parents or guardians' },
];

const smsOptIn = equals('optin_sms_ind', true);
const differentMailingAddress = notEquals('mailing_addr_same_as_perm_addr', 'Y');

export const ABOUT_PAGE: Page = {
  id: 'about',
  path: '/about',
  title: 'About You',
  sections: [
    {
      id: 'name',
      title: 'Your Name',
      description: 'Please enter your name as it appears on official documents such as your passport.',
      questions: [
        text('first_name', 'First Name', { required: true }),
        text('middle_name', 'Middle Name'),
        text('last_name', 'Last Name', { required: true }),
        text('birth_name', 'Birth Name', { hint: 'Only if different from your current legal name.' }),
        text('preferred_name', 'Preferred First Name', { hint: 'The name you would like us to use.' }),
      ],
    },
    {
      id: 'personal',
      title: 'Personal Information',
      questions: [
        date('birth_date', 'Date of Birth', {
          required: true,
          rules: [
            { kind: 'yearNotBefore', yearsBack: BIRTH_YEAR_MAX_YEARS_BACK, message: FORM_MESSAGES.minimumYear },
            { kind: 'minimumAge', years: MINIMUM_AGE_YEARS, message: FORM_MESSAGES.minimumAge },
          ],
        }),
        radio('gender', 'Gender', GENDERS, { required: true, hint: 'As shown on your official documents.' }),
        dropdown('gender_iden', 'Gender Identity', GENDER_IDENTITIES, {
          hint: 'Optional. How you describe your gender, if different from the above.',
        }),
        checkboxGroup('marital_status', 'Marital Status', [
          { key: 'marital_status_single', label: 'Single' },
          { key: 'marital_status_married', label: 'Married' },
          { key: 'marital_status_divorced', label: 'Divorced' },
          { key: 'marital_status_separated', label: 'Separated' },
          { key: 'marital_status_widowed', label: 'Widowed' },
        ]),
        yesNo('employed', 'Are you currently employed?'),
      ],
    },
    {
      id: 'phone',
      title: 'Phone',
      description: 'Please give a home phone or a cell phone number (or both).',
      questions: [
        phone('phone_home', 'Home Phone', {
          hint: PHONE_HINT,
          rules: [{ kind: 'phone', message: FORM_MESSAGES.homePhone }],
        }),
        phone('phone_mobile', 'Cell Phone', {
          hint: PHONE_HINT,
          rules: [
            { kind: 'phone', message: FORM_MESSAGES.cellPhone },
            { kind: 'required', when: smsOptIn, message: FORM_MESSAGES.smsNeedsCell },
            {
              kind: 'required',
              when: [notEquals('optin_sms_ind', true), notAnswered('phone_home')],
              message: FORM_MESSAGES.eitherPhone,
            },
          ],
        }),
        checkbox('optin_sms_ind', 'Send me text message updates about my application.', {
          hint: 'Requires a cell phone number. Message and data rates may apply.',
        }),
        yesNo('intl_reside', 'Do you currently live outside the United States?'),
        text('phone_international', 'International Phone Number', {
          hint: 'Include the country code, for example +44 20 7946 0000.',
          condition: equals('intl_reside', 'Y'),
        }),
      ],
    },
    {
      id: 'permanent-address',
      title: 'Permanent Address',
      questions: [
        lookup(
          'address_line_1',
          'Address',
          {
            category: 'address',
            labelKey: 'address_line_1',
            fills: {
              address_line_1: 'address_line_1',
              address_line_2: 'address_line_2',
              city: 'city',
              state: 'state',
              zip: 'zip',
              country: 'country',
            },
          },
          { required: true, hint: 'Start typing and choose your address from the list, or type it in full.' },
        ),
        text('address_line_2', 'Address Line 2', { hint: 'Apartment, suite or unit, if any.' }),
        text('city', 'City', { required: true }),
        dropdown('country', 'Country', { source: 'countries' }, { required: true }),
        dependentDropdown('state', 'State/Province', 'country', STATES_BY_COUNTRY, {
          required: isIn('country', ['USA', 'CAN']),
        }),
        text('zip', 'ZIP/Postal Code', {
          required: equals('country', 'USA'),
          requiredMessage: FORM_MESSAGES.zipRequired,
          rules: [
            {
              kind: 'minLength',
              min: ZIP_MIN_LENGTH,
              when: equals('country', 'USA'),
              message: FORM_MESSAGES.zipMinLength,
            },
          ],
        }),
      ],
    },
    {
      id: 'mailing-address',
      title: 'Mailing Address',
      questions: [
        yesNo('mailing_addr_same_as_perm_addr', 'Is your mailing address the same as your permanent address?'),
        text('mailing_address_line_1', 'Mailing Address', { condition: differentMailingAddress }),
        text('mailing_address_line_2', 'Mailing Address Line 2', { condition: differentMailingAddress }),
        text('mailing_city', 'City', { condition: differentMailingAddress }),
        dropdown('mailing_country', 'Country', { source: 'countries' }, { condition: differentMailingAddress }),
        dependentDropdown('mailing_state', 'State/Province', 'mailing_country', STATES_BY_COUNTRY, {
          condition: differentMailingAddress,
        }),
        text('mailing_zip', 'ZIP/Postal Code', { condition: differentMailingAddress }),
        date('mailing_addr_effective_date', 'Mailing Address Effective Date', {
          hint: 'The date from which we should send mail to this address.',
          condition: differentMailingAddress,
          rules: [
            {
              kind: 'yearWindow',
              yearsBefore: EFFECTIVE_DATE_WINDOW_YEARS,
              yearsAfter: EFFECTIVE_DATE_WINDOW_YEARS,
              minMessage: FORM_MESSAGES.minimumYear,
              maxMessage: FORM_MESSAGES.maximumYear,
            },
          ],
        }),
      ],
    },
    parentSection('parent_', 'Parent 1/Guardian 1', 'parent-1'),
    parentSection('parent_2_', 'Parent 2/Guardian 2', 'parent-2'),
    {
      id: 'family',
      title: 'Family',
      questions: [
        dropdown(
          'parent_communication_preference',
          'How would your parents or guardians like to hear from us?',
          COMMUNICATION_PREFERENCES,
        ),
        yesNo('family_attended', `Has a parent, guardian, brother or sister attended ${PARTNER.name}?`),
        yesNo('first_gen', 'Will you be the first in your family to earn a four-year college degree?', {
          hint: "Answer Yes if no parent or guardian of yours has a bachelor's degree.",
        }),
      ],
    },
    {
      id: 'citizenship',
      title: 'Citizenship',
      conditionGroups: [
        {
          id: 'citizenship',
          branches: [
            { id: 'us', condition: equals('citizenship_type', 'US') },
            { id: 'dual', condition: equals('citizenship_type', 'DUAL') },
            { id: 'resident', condition: equals('citizenship_type', 'PR') },
            { id: 'international', condition: equals('citizenship_type', 'INTL') },
          ],
        },
      ],
      questions: [
        dropdown('citizenship_type', 'What is your citizenship status?', CITIZENSHIP_TYPES),
        dropdown(
          'citizenship',
          'Country of Citizenship',
          { source: 'countriesWithoutUsa' },
          {
            hint: 'Your citizenship other than the United States.',
            conditionGroup: { group: 'citizenship', branches: ['dual', 'resident', 'international'] },
          },
        ),
        dropdown('citizenship_visa_status', 'U.S. Visa Type (current or planned)', VISA_TYPES, {
          conditionGroup: { group: 'citizenship', branches: ['international'] },
        }),
        text('alien_registration_number', 'Alien Registration Number (A-Number)', {
          hint: 'The USCIS number on your permanent resident card.',
          conditionGroup: { group: 'citizenship', branches: ['resident'] },
        }),
      ],
    },
    {
      id: 'military',
      title: 'Military Service',
      questions: [
        dropdown('veteran_question', 'Have you served in the U.S. armed forces?', VETERAN_STATUSES),
        yesNo('mil_ed', 'Do you plan to use military education benefits?', {
          condition: [answered('veteran_question'), notEquals('veteran_question', 'N')],
        }),
      ],
    },
    {
      id: 'ethnicity',
      title: 'Ethnicity and Race',
      description:
        'These questions are optional. Your answers help us describe our applicants and do not affect your admission decision.',
      questions: [
        yesNo('ethnicity', 'Are you Hispanic or Latino?'),
        checkboxGroup('race', 'Which of these describe you? Check all that apply.', [
          { key: 'race_american_indian', label: 'American Indian or Alaska Native' },
          { key: 'race_asian', label: 'Asian' },
          { key: 'race_black', label: 'Black or African American' },
          { key: 'race_native_hawaiian', label: 'Native Hawaiian or Other Pacific Islander' },
          { key: 'race_white', label: 'White' },
        ]),
      ],
    },
  ],
};
