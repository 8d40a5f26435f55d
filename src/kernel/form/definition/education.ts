/** The "Your Academics" page (SPEC §3 "Academics", "Test scores", "Activities 1 to 4"). */
import {
  ACT_MAX,
  ACT_MIN,
  ACTIVITY_MAX_ENTRIES,
  SAT_ESSAY_MAX,
  SAT_ESSAY_MIN,
  SAT_SECTION_MAX,
  SAT_SECTION_MIN,
  SAT_SECTION_STEP,
} from '../../constants';
import { PARTNER } from '../../partner';
import {
  answered,
  checkbox,
  checkboxGroup,
  content,
  dependentDropdown,
  dropdown,
  equals,
  lookup,
  monthYear,
  radio,
  text,
  years,
  yesNo,
} from './builders';
import { ACTIVITY_PREFIXES } from './dataModel';
import { FORM_MESSAGES } from './messages';
import { PROGRAMS } from './programs';
import { STATES_BY_COUNTRY } from './parent';
import type { AddAnotherQuestion, Option, Page, Rule } from './types';

export const STUDENT_TYPES: readonly Option[] = [
  { value: 'FY', label: 'First-year student: I will start college for the first time' },
  { value: 'TR', label: 'Transfer student: I have attended college since finishing high school' },
];

export const PRE_PROFESSIONAL_TRACKS: readonly Option[] = [
  { value: 'NONE', label: 'No, not at this time' },
  { value: 'PRELAW', label: 'Pre-law' },
  { value: 'PREMED', label: 'Pre-medicine' },
  { value: 'PREDENT', label: 'Pre-dentistry' },
  { value: 'PREVET', label: 'Pre-veterinary medicine' },
  { value: 'PREPHARM', label: 'Pre-pharmacy' },
  { value: 'PREPT', label: 'Pre-physical therapy' },
];

/** The spec_programs_* flags (SPEC §3 names the family; these are this college's programs). */
export const SPECIAL_PROGRAMS = [
  { key: 'spec_programs_honors', label: 'Honors College' },
  { key: 'spec_programs_athletics', label: 'Intercollegiate athletics' },
  { key: 'spec_programs_eop', label: 'Educational Opportunity Program (EOP)' },
  { key: 'spec_programs_rotc', label: 'Reserve Officers’ Training Corps (ROTC)' },
  { key: 'spec_programs_study_abroad', label: 'Study abroad' },
  { key: 'spec_programs_living_learning', label: 'Living-learning community' },
] as const;

export const GPA_SCALES: readonly Option[] = [
  { value: '4', label: '4.0' },
  { value: '5', label: '5.0' },
  { value: '10', label: '10' },
  { value: '100', label: '100' },
  { value: 'OTHER', label: 'Another scale' },
];

const satTaken = equals('sat_taken', 'Y');
const actTaken = equals('act_taken', 'Y');

const satSection: Rule = {
  kind: 'number',
  min: SAT_SECTION_MIN,
  max: SAT_SECTION_MAX,
  step: SAT_SECTION_STEP,
  when: satTaken,
  message: FORM_MESSAGES.satSection,
};
const satEssay: Rule = {
  kind: 'number',
  min: SAT_ESSAY_MIN,
  max: SAT_ESSAY_MAX,
  step: 1,
  when: satTaken,
  message: FORM_MESSAGES.satEssay,
};

/** School years as a month/year: from up to 10 years back, to (or graduating) up to 4 years ahead. */
const PAST_YEARS = years(10, 'past');
const SCHOOL_YEARS = years(11, 'future', -6);

export const ACTIVITIES: AddAnotherQuestion = {
  type: 'addAnother',
  key: 'activity',
  buttonId: 'activity',
  label: 'Activities',
  hint: 'Clubs, sports, arts, jobs, volunteering, family responsibilities: anything you spend time on.',
  addLabel: 'Add another activity',
  entryLabel: 'Activity',
  maxNumberOfComponents: ACTIVITY_MAX_ENTRIES,
  keyPrefixes: ACTIVITY_PREFIXES,
  questions: [
    text('name', 'Activity Name', { hint: 'For example Debate Club, Varsity Soccer or a part-time job.' }),
    checkboxGroup('grades', 'In which grades did you take part?', [
      { key: 'freshman', label: '9th grade (freshman)' },
      { key: 'sophomore', label: '10th grade (sophomore)' },
      { key: 'junior', label: '11th grade (junior)' },
      { key: 'senior', label: '12th grade (senior)' },
    ]),
    checkbox('continue', 'I plan to continue this activity in college.'),
    text('position', 'Position or Leadership Role', { hint: 'For example Captain, Treasurer or Volunteer.' }),
    text('honors', 'Honors or Awards'),
  ],
};

export const EDUCATION_PAGE: Page = {
  id: 'education',
  path: '/education',
  title: 'Your Academics',
  sections: [
    {
      id: 'plans',
      title: 'Your Plans',
      questions: [
        radio('student_type', 'What type of student will you be?', STUDENT_TYPES),
        dropdown('entry_term', 'When do you plan to enroll?', { source: 'entryTerms', count: 4 }, { required: true }),
        dropdown('applied_major', 'Choose a primary academic program of interest.', PROGRAMS, { required: true }),
        dropdown('app_preprof', 'Are you interested in a pre-professional track?', PRE_PROFESSIONAL_TRACKS),
        checkboxGroup('spec_programs', 'Which special programs interest you? Check all that apply.', SPECIAL_PROGRAMS),
        yesNo('commute', 'Do you plan to commute from home rather than live on campus?'),
        yesNo('financial_aid', 'Do you plan to apply for financial aid?', {
          reveals: {
            Y: `Complete the FAFSA at ${PARTNER.links.financialAid} and list ${PARTNER.name}'s federal school code, ${PARTNER.scoreCodes.fafsa}.`,
          },
        }),
        yesNo('active_spoke', 'Have you spoken with a member of our admission staff?', {
          hint: 'For example at a college fair, on a campus visit or at an online information session.',
        }),
      ],
    },
    {
      id: 'previous-college',
      title: 'Previous College',
      description: 'Transfer students: tell us the college you attended most recently.',
      condition: equals('student_type', 'TR'),
      questions: [
        lookup(
          'ceeb_cd',
          'Search for Your College',
          { category: 'college_ceeb', labelKey: 'name', fills: { name: 'ceeb_cd_desc', ceeb: 'ceeb_cd' } },
          { hint: 'Type the name of the college and choose it from the list.' },
        ),
      ],
    },
    {
      id: 'high-school',
      title: 'Your High School',
      questions: [
        lookup(
          'hs_name',
          'Search for Your School',
          {
            category: 'hs_ceeb',
            labelKey: 'name',
            fills: {
              name: 'hs_name',
              address_line_1: 'hs_address_line_1',
              city: 'hs_city',
              state: 'hs_state',
              zip: 'hs_zip',
              country: 'hs_country',
              ceeb: 'hs_ceeb',
            },
          },
          {
            required: true,
            hint: 'Type the name of your school and choose it from the list. If it is not listed, type its full name and fill in its address below.',
          },
        ),
        text('hs_ceeb', 'School Code (CEEB)', { hint: 'Filled in when you choose your school from the list.' }),
        text('hs_address_line_1', 'School Address'),
        text('hs_city', 'City'),
        dropdown('hs_country', 'Country', { source: 'countries' }),
        dependentDropdown('hs_state', 'State/Province', 'hs_country', STATES_BY_COUNTRY),
        text('hs_zip', 'ZIP/Postal Code'),
        monthYear('hs_attend_from', 'Attended From', PAST_YEARS),
        monthYear('hs_attend_to', 'Attended To', SCHOOL_YEARS, {
          hint: 'If you still attend, your expected last month.',
        }),
        monthYear('grad', 'Graduation Date', SCHOOL_YEARS, { hint: 'Actual or expected.' }),
        text('hs_gpa', 'Cumulative GPA', {
          hint: 'As shown on your transcript, for example 3.75. Leave it blank if your school does not report a GPA.',
          rules: [{ kind: 'number', min: 0, max: 100, step: 0.01, message: FORM_MESSAGES.gpa }],
        }),
        dropdown('gpa_scale', FORM_MESSAGES.gpaScale, GPA_SCALES, { required: answered('hs_gpa') }),
      ],
    },
    {
      id: 'counselor',
      title: 'School Counselor',
      description: 'The counselor who can send us your transcript and a recommendation.',
      questions: [
        text('counselor_first_name', 'Counselor First Name'),
        text('counselor_last_name', 'Counselor Last Name'),
        text('counselor_email_address', 'Counselor Email Address', {
          rules: [{ kind: 'email', message: FORM_MESSAGES.counselorEmail }],
        }),
      ],
    },
    {
      id: 'test-optional',
      title: 'Test Scores',
      description: `Self-reported scores are fine for now. To send official scores, use ${PARTNER.name}'s SAT code ${PARTNER.scoreCodes.sat} or ACT code ${PARTNER.scoreCodes.act}.`,
      questions: [
        yesNo(
          'test_optional_interest',
          'Would you like to be considered for admission without SAT or ACT scores (test-optional)?',
          {
            required: true,
            reveals: {
              Y: 'Please add a personal statement of about 500 words on the Final Steps page explaining why your test scores would not reflect your ability.',
            },
          },
        ),
      ],
    },
    {
      id: 'sat',
      title: 'SAT',
      questions: [
        yesNo('sat_taken', 'Have you taken the SAT?'),
        text('sat_score_reading_writing', 'SAT Evidence-Based Reading and Writing', {
          condition: satTaken,
          rules: [satSection],
        }),
        text('sat_score_math', 'SAT Math', { condition: satTaken, rules: [satSection] }),
        content('sat_essay_note', 'If you took the SAT with Essay, enter your essay scores as well.', {
          condition: satTaken,
        }),
        text('sat_score_essay_reading', 'SAT Essay: Reading', { condition: satTaken, rules: [satEssay] }),
        text('sat_score_essay_analysis', 'SAT Essay: Analysis', { condition: satTaken, rules: [satEssay] }),
        text('sat_score_essay_writing', 'SAT Essay: Writing', { condition: satTaken, rules: [satEssay] }),
        monthYear('sat_plan', 'When do you plan to take the SAT?', years(3, 'future'), {
          condition: equals('sat_taken', 'N'),
        }),
      ],
    },
    {
      id: 'act',
      title: 'ACT',
      questions: [
        yesNo('act_taken', 'Have you taken the ACT?'),
        text('act_score_composite', 'ACT Composite', {
          condition: actTaken,
          rules: [
            {
              kind: 'number',
              min: ACT_MIN,
              max: ACT_MAX,
              step: 1,
              when: actTaken,
              message: FORM_MESSAGES.actComposite,
            },
          ],
        }),
        monthYear('act_plan', 'When do you plan to take the ACT?', years(3, 'future'), {
          condition: equals('act_taken', 'N'),
        }),
      ],
    },
    {
      id: 'activities',
      title: 'Activities',
      description: 'Tell us about up to four activities, most important first.',
      questions: [ACTIVITIES],
    },
  ],
};
