import { parse } from 'csv-parse/sync';
import { SCHOOL_REPORT_MESSAGES } from '../../../src/kernel/schoolReport/messages';
import { STAFF_MESSAGES } from '../../../src/kernel/staff/messages';
import { waiverText } from '../../../src/kernel/schoolReport/rules';
import { applicationIdOf } from '../../../src/kernel/applicationId';
import { makeApp, type TestApp } from '../helpers';
import * as files from '../../../testing/files';
import { asCounselor, counselorUpload, linkTokenFor, submitted, userIdOf } from '../schoolReport/support';
import { asStaff, auditRows, newStaff, type EnrolledStaff } from './helpers';

let t: TestApp;
let admin: EnrolledStaff;
let reader: EnrolledStaff;

beforeAll(async () => {
  t = await makeApp();
  admin = await newStaff(t, 'dean@college.edu', 'admin');
  reader = await newStaff(t, 'reader@college.edu', 'reader');
});
afterAll(async () => t.close());

const call = (who: EnrolledStaff, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/staff/api${url}`,
    ...asStaff(who.cookie, payload ?? (method === 'GET' ? undefined : {})),
  });
const lastAudit = async () => (await auditRows(t)).at(-1)!;
const list = async (query: string) => (await call(reader, 'GET', `/applicants${query}`)).json();

describe('the school report panel', () => {
  it('reads the status, the history, the waiver and the answered counselor, audited as a read', async () => {
    await submitted(t, 'panel@example.com', 'grace@school.example');
    const id = await userIdOf(t, 'panel@example.com');
    const res = await call(reader, 'GET', `/applicants/${id}/school-report`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status.request).toEqual(
      expect.objectContaining({
        state: 'requested',
        counselor: expect.objectContaining({ email: 'grace@school.example' }),
      }),
    );
    expect(body.status.waiver).toEqual(expect.objectContaining({ choice: 'Y', text: waiverText('Y'), version: 1 }));
    expect(body.history.map((r: { state: string }) => r.state)).toEqual(['requested']);
    expect(body.answered).toEqual({ first_name: 'Grace', last_name: 'Hopper', email: 'grace@school.example' });
    expect(await lastAudit()).toEqual(
      expect.objectContaining({
        actor: 'reader@college.edu',
        action: 'school-report-read',
        target: applicationIdOf(String(id)),
      }),
    );
  });

  it('a reader may not change it: 403, and the refusal is in the log', async () => {
    const id = await userIdOf(t, 'panel@example.com');
    const res = await call(reader, 'POST', `/applicants/${id}/school-report/cancel`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(STAFF_MESSAGES.forbidden);
    expect(await lastAudit()).toEqual(
      expect.objectContaining({ action: 'access-refused', detail: 'needs school-report-manage, has reader' }),
    );
  });

  it('an admin corrects the address (a resend): the new request goes, the answers stay as submitted', async () => {
    const id = await userIdOf(t, 'panel@example.com');
    const res = await call(admin, 'PUT', `/applicants/${id}/school-report/counselor`, {
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'g.hopper@school.example',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SCHOOL_REPORT_MESSAGES.changed });
    expect(await lastAudit()).toEqual(
      expect.objectContaining({
        actor: 'dean@college.edu',
        action: 'school-report-counselor-changed',
        target: applicationIdOf(String(id)),
        detail: 'to g.hopper@school.example',
      }),
    );
    await linkTokenFor(t, 'g.hopper@school.example');
    const body = (await call(reader, 'GET', `/applicants/${id}/school-report`)).json();
    expect(body.status.request.counselor.email).toBe('g.hopper@school.example');
    expect(body.answered.email).toBe('grace@school.example');
    expect(body.history.map((r: { state: string }) => r.state)).toEqual(['requested', 'cancelled']);
    expect(body.history[0].counselor.email).toBe('g.hopper@school.example');
  });

  it('marks it received by other means with its note; a second mark is refused with the service’s words', async () => {
    const id = await userIdOf(t, 'panel@example.com');
    const empty = await call(admin, 'POST', `/applicants/${id}/school-report/mark`, { mark: 'waived', note: '' });
    expect(empty.statusCode).toBe(400);
    const res = await call(admin, 'POST', `/applicants/${id}/school-report/mark`, {
      mark: 'received_other_means',
      note: 'Transcript came by post on Dec 1.',
    });
    expect(res.json()).toEqual({ message: SCHOOL_REPORT_MESSAGES.markedReceived });
    expect(await lastAudit()).toEqual(
      expect.objectContaining({
        action: 'school-report-marked',
        detail: 'received_other_means: Transcript came by post on Dec 1.',
      }),
    );
    const again = await call(admin, 'POST', `/applicants/${id}/school-report/mark`, { mark: 'waived', note: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SCHOOL_REPORT_MESSAGES.finished);
    expect((await lastAudit()).action).toBe('school-report-marked');

    const timeline = (await call(reader, 'GET', `/applicants/${id}`))
      .json()
      .timeline.map((e: { what: string }) => e.what);
    expect(timeline).toEqual(
      expect.arrayContaining([
        'School report requested from grace@school.example',
        'School report requested from g.hopper@school.example',
        'School report request cancelled',
        'School report marked received by other means: Transcript came by post on Dec 1.',
      ]),
    );
  });

  it('a needed checklist item keeps the application from complete until it is marked done', async () => {
    const id = await userIdOf(t, 'panel@example.com');
    expect((await list('?report=complete')).rows.map((r: { email: string }) => r.email)).toEqual(['panel@example.com']);
    const added = await call(admin, 'POST', `/applicants/${id}/checklist`, { label: 'Official SAT scores' });
    expect(added.statusCode).toBe(201);
    expect(await lastAudit()).toEqual(
      expect.objectContaining({ action: 'checklist-item-added', detail: 'Official SAT scores' }),
    );
    expect((await list('?report=complete')).rows).toEqual([]);
    const body = (await call(reader, 'GET', `/applicants/${id}/school-report`)).json();
    expect(body.status.checklist.at(-1)).toEqual(
      expect.objectContaining({ label: 'Official SAT scores', done: false, status: 'Needed' }),
    );
    const item = body.items[0];
    const done = await call(admin, 'POST', `/applicants/${id}/checklist/${item.id}/done`);
    expect(done.statusCode).toBe(200);
    expect(await lastAudit()).toEqual(expect.objectContaining({ action: 'checklist-item-done' }));
    expect((await list('?report=complete')).rows.map((r: { email: string }) => r.email)).toEqual(['panel@example.com']);
    const twice = await call(admin, 'POST', `/applicants/${id}/checklist/${item.id}/done`);
    expect(twice.statusCode).toBe(404);
  });

  it('an unknown applicant is a 404 for reads and changes', async () => {
    expect((await call(reader, 'GET', '/applicants/999999/school-report')).statusCode).toBe(404);
    expect((await call(admin, 'POST', '/applicants/999999/school-report/cancel')).statusCode).toBe(404);
  });
});

describe('the counselor’s documents and typed recommendation', () => {
  it('are listed with the file, and opening the typed text is audited as a document opened', async () => {
    await submitted(t, 'typed@example.com', 'typed.counselor@school.example');
    const id = await userIdOf(t, 'typed@example.com');
    const token = await linkTokenFor(t, 'typed.counselor@school.example');
    await asCounselor(t, token, 'PUT', '/recommendation', { text: 'A careful thinker.' });
    const upload = await counselorUpload(t, token, 'transcript', 'grades.pdf', await files.pdf(2, 'Grades'));
    expect(upload.json().status).toBe('completed');
    const detail = (await call(reader, 'GET', `/applicants/${id}`)).json();
    expect(detail.documents.school_report_transcript).toEqual(expect.objectContaining({ file_name: 'grades.pdf' }));
    const opened = await call(reader, 'GET', `/applicants/${id}/documents/school_report_transcript`);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(await lastAudit()).toEqual(
      expect.objectContaining({ action: 'document-opened', detail: 'school_report_transcript' }),
    );
    const panel = (await call(reader, 'GET', `/applicants/${id}/school-report`)).json();
    expect(panel.hasRecommendationText).toBe(true);
    const res = await call(reader, 'GET', `/applicants/${id}/school-report/recommendation`);
    expect(res.json()).toEqual({ text: 'A careful thinker.', waived: null });
    expect(await lastAudit()).toEqual(
      expect.objectContaining({ action: 'document-opened', detail: 'school_report_recommendation_text' }),
    );
  });
});

describe('the list’s school report filter and counts', () => {
  it('counts awaiting, overdue, declined, bounced and complete, and filters by each (export too)', async () => {
    await submitted(t, 'declines@example.com', 'busy@school.example');
    await asCounselor(t, await linkTokenFor(t, 'busy@school.example'), 'POST', '/decline', { reason: 'Left.' });
    const overdueId = await userIdOf(t, 'typed@example.com');
    await t.app.db.query(`UPDATE school_report_requests SET state = 'overdue' WHERE user_id = $1 AND current`, [
      overdueId,
    ]);
    await submitted(t, 'waits@example.com', 'slow@school.example');
    const all = await list('');
    expect(all.reportCounts).toEqual({ complete: 1, awaiting: 1, overdue: 1, declined: 1, bounced: 0 });
    expect((await list('?report=awaiting')).rows.map((r: { email: string }) => r.email)).toEqual(['waits@example.com']);
    expect((await list('?report=declined')).rows.map((r: { email: string }) => r.email)).toEqual([
      'declines@example.com',
    ]);
    expect((await list('?report=overdue')).rows.map((r: { email: string }) => r.email)).toEqual(['typed@example.com']);
    // With another filter the counts are of its rows.
    expect((await list('?q=declines')).reportCounts).toEqual({
      complete: 0,
      awaiting: 0,
      overdue: 0,
      declined: 1,
      bounced: 0,
    });
    // The counts kept by triggers agree with a count of the rows.
    const { rows } = await t.app.db.query<{ bucket: string; n: number }>(
      `SELECT c.bucket, c.n::int AS n, (SELECT count(*)::int FROM applicant_list l WHERE l.school_report_filter = c.bucket) AS counted
         FROM applicant_school_report_counts c WHERE c.n <> (SELECT count(*) FROM applicant_list l WHERE l.school_report_filter = c.bucket)`,
    );
    expect(rows).toEqual([]);
    expect((await call(reader, 'GET', '/applicants?report=nope')).statusCode).toBe(400);

    const csv = await call(admin, 'GET', '/export/applications.csv?report=complete');
    const records = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(records.map((r) => [r.email, r.school_report_waiver, r.school_report_state])).toEqual([
      ['panel@example.com', 'Y', 'received'],
    ]);
    expect(records[0].school_report_received_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const declined = parse((await call(admin, 'GET', '/export/applications.csv?report=declined')).body, {
      columns: true,
    }) as Record<string, string>[];
    expect(declined.map((r) => [r.school_report_state, r.school_report_received_at])).toEqual([['declined', '']]);
  });
});
