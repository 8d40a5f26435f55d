/** The "Final Steps" page (SPEC §3 "Personal statement" and "Final"). */
import { PARTNER } from '../../partner';
import { confirmation, documentUpload, dropdown, equals, notAnswered, radio, textarea, yesNo } from './builders';
import { FORM_MESSAGES } from './messages';
import type { Option, Page, TabsQuestion } from './types';

export const HEAR_ABOUT_US: readonly Option[] = [
  { value: 'WEBSITE', label: 'Our website' },
  { value: 'SEARCH', label: 'An internet search' },
  { value: 'SOCIAL', label: 'Social media' },
  { value: 'COUNSELOR', label: 'A school counselor or teacher' },
  { value: 'FAIR', label: 'A college fair or school visit' },
  { value: 'VISIT', label: 'A campus visit or tour' },
  { value: 'MAIL', label: 'Email or mail from us' },
  { value: 'FAMILY', label: 'Family or friends' },
  { value: 'OTHER', label: 'Somewhere else' },
];

export const WAIVER_OPTIONS: readonly Option[] = [
  { value: 'Y', label: 'Yes, I waive my right to see my counselor’s recommendation' },
  { value: 'N', label: 'No, I do not waive my right to see my counselor’s recommendation' },
];

export const COUNSELOR_WAIVER_LABEL =
  'Do you waive your right to see the recommendation your school counselor sends us?';

export const CERTIFICATION_LABEL =
  'I certify that the information in this application is complete and accurate and that my personal statement is my own work. I understand that false or missing information may lead to the withdrawal of an offer of admission.';

export const PERSONAL_STATEMENT: TabsQuestion = {
  type: 'tabs',
  key: 'personal_statement',
  tabId: 'personal_statement',
  label: 'Personal Statement',
  hint: 'Write your statement here or upload it as a document: the one you use replaces the other.',
  defaultTab: 'essay',
  tabs: [
    {
      id: 'essay',
      label: 'Write your statement',
      clears: ['personal_statement_essay'],
      questions: [
        textarea('personal_statement_essay', 'Personal Statement', {
          maxLength: PARTNER.characterLimit,
          hint: 'About 500 words.',
        }),
      ],
    },
    {
      id: 'upload',
      label: 'Upload a document',
      clears: ['personal_statement_doc'],
      questions: [
        documentUpload('personal_statement_doc', 'Personal Statement Document', {
          hint: 'A .pdf, .docx, .png, .jpeg or .jpg file of at most 1 MB.',
          rules: [
            {
              kind: 'required',
              when: [equals('test_optional_interest', 'Y'), notAnswered('personal_statement_essay')],
              message: FORM_MESSAGES.personalStatement,
            },
          ],
        }),
      ],
    },
  ],
};

export const FINAL_STEPS_PAGE: Page = {
  id: 'final-steps',
  path: '/final-steps',
  title: 'Final Steps',
  sections: [
    {
      id: 'personal-statement',
      title: 'Personal Statement',
      description:
        'Tell us about yourself in about 500 words: an experience, a challenge or an interest that shaped who you are. If you applied test-optional, please also explain why your test scores would not reflect your ability.',
      questions: [PERSONAL_STATEMENT],
    },
    {
      id: 'background',
      title: 'Disciplinary History',
      description: 'Answering Yes does not automatically prevent your admission.',
      questions: [
        yesNo('conviction', 'Have you been convicted of a felony?', { required: true }),
        textarea('conviction_comment', 'Please describe the circumstances of the conviction.', {
          condition: equals('conviction', 'Y'),
          required: true,
        }),
        yesNo('suspended', 'Have you been suspended from any school?', { required: true }),
        textarea('suspended_comment', 'Please describe the circumstances of the suspension.', {
          condition: equals('suspended', 'Y'),
          required: true,
        }),
      ],
    },
    {
      id: 'additional',
      title: 'Additional Information',
      questions: [
        yesNo(
          'documented_learning_disbility',
          'Do you have a documented learning disability for which you would like support?',
          { hint: 'Optional. Your answer does not affect your admission decision.' },
        ),
        dropdown('hear_about_us', 'How did you hear about us?', HEAR_ABOUT_US),
      ],
    },
    {
      id: 'counselor-waiver',
      title: 'Counselor Recommendation',
      questions: [
        radio('counselor_waiver_request', COUNSELOR_WAIVER_LABEL, WAIVER_OPTIONS, {
          required: true,
          hint: 'Under the Family Educational Rights and Privacy Act (FERPA), once you enroll you may see your admission records unless you waive that right. Some counselors write more candidly when the right is waived. Either answer is accepted.',
        }),
      ],
    },
    {
      id: 'certification',
      title: 'Certification',
      questions: [
        confirmation(
          'legal_agree',
          CERTIFICATION_LABEL,
          'Thank you. You can now submit your application with the Submit Application button below.',
          { required: true },
        ),
      ],
    },
  ],
};
