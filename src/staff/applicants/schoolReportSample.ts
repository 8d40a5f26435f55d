/** A school report panel's answer for the console's tests (GET /applicants/:id/school-report). */
import type { SchoolReportPanelData } from './schoolReportEndpoints';

export const SCHOOL_REPORT: SchoolReportPanelData = {
  status: {
    submitted_at: '2026-11-20T15:00:00.000Z',
    complete: false,
    can_request: false,
    request: {
      id: 2,
      state: 'declined',
      state_at: '2026-11-25T15:00:00.000Z',
      counselor: { first_name: 'Grace', last_name: 'Hopper', email: 'g.hopper@school.example' },
      requested_at: '2026-11-21T15:00:00.000Z',
      next_reminder_at: null,
      reminders_sent: 1,
      manual_reminder_available: false,
      received_at: null,
      received_via: null,
      declined_at: '2026-11-25T15:00:00.000Z',
      decline_reason: 'I left this school in June.',
      bounced_at: null,
      cancelled_at: null,
      staff_note: null,
    },
    waiver: {
      choice: 'Y',
      text: 'I waive my right to see the recommendation. Yes',
      version: 1,
      recorded_at: '2026-11-20T15:00:00.000Z',
      revoked_at: null,
      revocation_text: null,
    },
    mails: [],
    checklist: [
      { key: 'application', label: 'Application', done: true, status: 'Submitted', at: '2026-11-20T15:00:00.000Z' },
      {
        key: 'school_report',
        label: 'Counselor’s school report',
        done: false,
        status: 'Declined by the counselor',
        at: '2026-11-25T15:00:00.000Z',
      },
      { key: 'item-5', label: 'Official SAT scores', done: false, status: 'Needed', at: '2026-11-26T15:00:00.000Z' },
    ],
  },
  history: [],
  answered: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@school.example' },
  hasRecommendationText: false,
  items: [
    {
      id: '5',
      label: 'Official SAT scores',
      doneAt: null,
      createdBy: 'staff:dean@college.example',
      createdAt: '2026-11-26T15:00:00.000Z',
    },
  ],
};
