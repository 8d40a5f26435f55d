/** Test helpers: the school report's answers as GET /api/school-report gives them. */
import type { SchoolReportRequestT, SchoolReportStatusT } from '../../kernel/schoolReport/contract';

export const SAMPLE_DAY = '2026-11-20T15:00:00.000Z';

/** A request to Grace Hopper, waiting (requested on SAMPLE_DAY), with `overrides`. */
export const sampleRequest = (overrides: Partial<SchoolReportRequestT> = {}): SchoolReportRequestT => ({
  id: 1,
  state: 'requested',
  state_at: SAMPLE_DAY,
  counselor: { first_name: 'Grace', last_name: 'Hopper', email: 'hopper@school.example' },
  requested_at: SAMPLE_DAY,
  next_reminder_at: null,
  reminders_sent: 0,
  manual_reminder_available: true,
  received_at: null,
  received_via: null,
  declined_at: null,
  decline_reason: null,
  bounced_at: null,
  cancelled_at: null,
  staff_note: null,
  ...overrides,
});

/** Nothing requested yet (the answers allow a request), with `overrides`. */
export const sampleStatus = (overrides: Partial<SchoolReportStatusT> = {}): SchoolReportStatusT => ({
  submitted_at: null,
  complete: false,
  can_request: true,
  request: null,
  waiver: null,
  mails: [],
  checklist: [],
  ...overrides,
});
