/** One applicant's page answer for the console's tests (GET /applicants/:id): Ngozi Okafor, submitted. */
import type { ApplicantDetail } from './endpoints';

export const sampleDetail = (overrides: Partial<ApplicantDetail> = {}): ApplicantDetail => ({
  id: '7',
  applicationId: 'APP-000007',
  name: 'Ngozi Okafor',
  email: 'ngozi@example.com',
  status: 'submitted',
  submittedAt: '2026-11-20T15:00:00.000Z',
  lastSavedAt: '2026-11-20T14:00:00.000Z',
  answer: {},
  addAnother: {},
  tabs: {},
  documents: {},
  timeline: [],
  deadline: null,
  ...overrides,
});
