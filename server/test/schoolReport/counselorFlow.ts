import { COUNSELOR_MESSAGES } from '../../../src/kernel/counselor/messages';
import { SCHOOL_REPORT_MESSAGES } from '../../../src/kernel/schoolReport/messages';
import { WAIVER_VERSION, waiverText } from '../../../src/kernel/schoolReport/rules';
import { DOCUMENT_MESSAGES } from '../../src/documents/service';
import * as files from '../../../testing/files';
import { asUser, outboxFor, type TestApp } from '../helpers';
import { asCounselor, counselorUpload, linkTokenFor, mailsMatching, statusOf, submitted, userIdOf } from './support';

/**
 * The counselor's request from submission to the report received, the decline, the replaced link, the bounce,
 * reminders, the waiver and staff's mark: run on the embedded database (counselorFlow.test.ts) and on PostgreSQL
 * (counselorFlow.instances.test.ts) by the same steps.
 */
export function counselorFlowSuite(start: () => Promise<TestApp>) {
  let t: TestApp;
  beforeAll(async () => {
    t = await start();
  });
  afterAll(async () => t.close());

  describe('the counselor’s request, from submission to the report received', () => {
    it('is mailed on submit; the counselor sees only what they need, uploads, types, submits; the applicant is told', async () => {
      await submitted(t, 'flow@example.com', 'counselor.flow@school.example');
      const mail = (await mailsMatching(t, 'counselor.flow@school.example', /School report request/))[0];
      expect(mail).toContain('Subject: School report request for Ngozi Okafor (Lakeside College)');
      const token = await linkTokenFor(t, 'counselor.flow@school.example');

      const view = await asCounselor(t, token, 'GET', '/request');
      expect(view.statusCode).toBe(200);
      const body = view.json();
      expect(body.applicant).toEqual(
        expect.objectContaining({ first_name: 'Ngozi', last_name: 'Okafor', high_school: expect.any(String) }),
      );
      expect(Object.keys(body.applicant).sort()).toEqual(
        ['birth_date', 'entry_term', 'first_name', 'high_school', 'last_name'].sort(),
      );
      expect(body).not.toHaveProperty('answer');
      expect(body.waiver).toEqual(expect.objectContaining({ waived: true, text: waiverText('Y') }));
      expect(body.state).toBe('requested');
      expect(body.documents.map((d: { kind: string; status: string }) => [d.kind, d.status])).toEqual([
        ['transcript', 'not_answered'],
        ['school_profile', 'not_answered'],
        ['recommendation', 'not_answered'],
      ]);

      // Submitting before the transcript is refused with the page's words.
      const early = await asCounselor(t, token, 'POST', '/submit');
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(COUNSELOR_MESSAGES.transcriptRequired);

      const transcript = await counselorUpload(t, token, 'transcript', 'transcript.pdf', await files.pdf(3, 'Grades'));
      expect(transcript.json().status).toBe('completed');
      const saved = await asCounselor(t, token, 'PUT', '/recommendation', { text: 'Ngozi is a careful thinker.' });
      expect(saved.json()).toEqual({ message: COUNSELOR_MESSAGES.recommendationSaved });

      const done = await asCounselor(t, token, 'POST', '/submit');
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ message: COUNSELOR_MESSAGES.submitted });

      const status = await statusOf(t, 'flow@example.com');
      expect(status.request).toEqual(expect.objectContaining({ state: 'received', received_via: 'counselor' }));
      expect(status.request!.received_at).toEqual(expect.any(String));
      expect(status.complete).toBe(true);
      expect(status.checklist.map((i) => [i.key, i.done])).toEqual([
        ['application', true],
        ['school_report', true],
      ]);
      expect(await mailsMatching(t, 'flow@example.com', /your school report arrived/)).toHaveLength(1);

      // Read-only for a day: the page opens, nothing changes.
      expect((await asCounselor(t, token, 'GET', '/request')).json().read_only_until).toEqual(expect.any(String));
      const late = await asCounselor(t, token, 'PUT', '/recommendation', { text: 'Changed' });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(COUNSELOR_MESSAGES.readOnly);

      // The documents are the applicant's for staff only: not in the applicant's profile or list.
      const who = await submittedCookie('flow@example.com');
      const profile = (await t.app.inject({ method: 'GET', url: '/api/profile', ...asUser(who) })).json();
      expect(Object.keys(profile.document_answer)).not.toContain('school_report_transcript');
      const { rows } = await t.app.db.query(
        `SELECT answer_key, page_count FROM document_answers WHERE user_id = $1 AND answer_key = 'school_report_transcript'`,
        [await userIdOf(t, 'flow@example.com')],
      );
      expect(rows).toEqual([{ answer_key: 'school_report_transcript', page_count: 3 }]);
      const recorded = await t.app.db.query(
        'SELECT recommendation_text, recommendation_waived FROM school_report_requests WHERE user_id = $1',
        [await userIdOf(t, 'flow@example.com')],
      );
      expect(recorded.rows).toEqual([
        { recommendation_text: 'Ngozi is a careful thinker.', recommendation_waived: true },
      ]);
      const waivers = await t.app.db.query(
        'SELECT choice, text, version FROM school_report_waivers WHERE user_id = $1',
        [await userIdOf(t, 'flow@example.com')],
      );
      expect(waivers.rows).toEqual([{ choice: 'Y', text: waiverText('Y'), version: WAIVER_VERSION }]);
    });

    it('a missing, forged or dead token is 410 with the page’s words; an applicant’s cookie means nothing there', async () => {
      const who = await submitted(t, 'forged@example.com', 'counselor.forged@school.example');
      for (const token of [null, 'x'.repeat(43)]) {
        const res = await asCounselor(t, token, 'GET', '/request');
        expect(res.statusCode).toBe(410);
        expect(res.json()).toEqual({ message: COUNSELOR_MESSAGES.linkDead, code: 'LinkDead' });
      }
      const withCookie = await t.app.inject({ method: 'GET', url: '/counselor/api/request', headers: { cookie: who } });
      expect(withCookie.statusCode).toBe(410);
    });

    it('a counselor document may be up to 10 MB; an applicant may not upload under a school report key', async () => {
      const who = await submitted(t, 'keys@example.com', 'counselor.keys@school.example', {}, false);
      const presign = await t.app.inject({
        method: 'POST',
        url: '/api/presigned-url',
        ...asUser(who, { answer_key: 'school_report_transcript' }),
      });
      expect(presign.statusCode).toBe(400);
      await t.app.inject({ method: 'POST', url: '/api/submit', ...asUser(who, {}) });
      const token = await linkTokenFor(t, 'counselor.keys@school.example');
      // 2 MB: over the applicant's 1 MB, within the counselor's 10 MB.
      const scan = await counselorUpload(t, token, 'transcript', 'scan.jpg', files.jpeg(10, 10, 2 * 1024 * 1024));
      expect(scan.json().status).toBe('completed');
      const huge = await counselorUpload(t, token, 'school_profile', 'huge.jpg', files.jpeg(10, 10, 11 * 1024 * 1024));
      expect(huge.statusCode).toBe(413);
      expect(huge.json().message).toBe(COUNSELOR_MESSAGES.fileTooLarge);
      // What was uploaded before is still there.
      const view = (await asCounselor(t, token, 'GET', '/request')).json();
      expect(view.documents[0]).toEqual(
        expect.objectContaining({ kind: 'transcript', status: 'completed', file_name: 'scan.jpg' }),
      );
      expect(DOCUMENT_MESSAGES.status.completed).toEqual(view.documents[0].message);
    });

    it('declined with a reason: the applicant is mailed it, and names another counselor, whose link works', async () => {
      await submitted(t, 'declined@example.com', 'counselor.busy@school.example');
      const token = await linkTokenFor(t, 'counselor.busy@school.example');
      const declined = await asCounselor(t, token, 'POST', '/decline', { reason: 'I left this school in June.' });
      expect(declined.json()).toEqual({ message: COUNSELOR_MESSAGES.declined });
      const mail = (await mailsMatching(t, 'declined@example.com', /could not send your school report/))[0];
      expect(mail).toContain('I left this school in June.');
      const userId = await userIdOf(t, 'declined@example.com');
      expect((await t.app.services.schoolReport.status(userId)).request).toEqual(
        expect.objectContaining({ state: 'declined', decline_reason: 'I left this school in June.' }),
      );
      const changed = await t.app.services.schoolReport.replace(
        userId,
        { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@school.example' },
        'applicant',
      );
      expect(changed).toEqual({ message: SCHOOL_REPORT_MESSAGES.changed });
      const next = await linkTokenFor(t, 'ada@school.example');
      expect((await asCounselor(t, next, 'GET', '/request')).json().counselor).toEqual({
        first_name: 'Ada',
        last_name: 'Lovelace',
      });
      const history = await t.app.services.schoolReport.history(userId);
      expect(history.map((r) => r.state)).toEqual(['requested', 'declined']);
    });

    it('a replaced link dies at once and its holder is told; the applicant’s own address is refused', async () => {
      await submitted(t, 'replaced@example.com', 'wrong.counselor@school.example');
      const old = await linkTokenFor(t, 'wrong.counselor@school.example');
      const userId = await userIdOf(t, 'replaced@example.com');
      await expect(
        t.app.services.schoolReport.replace(
          userId,
          { first_name: 'Me', last_name: 'Myself', email: 'Replaced@Example.com' },
          'applicant',
        ),
      ).rejects.toMatchObject({ statusCode: 400, message: SCHOOL_REPORT_MESSAGES.counselorIsApplicant });
      await t.app.services.schoolReport.replace(
        userId,
        { first_name: 'Grace', last_name: 'Hopper', email: 'right.counselor@school.example' },
        'applicant',
      );
      expect((await asCounselor(t, old, 'GET', '/request')).statusCode).toBe(410);
      expect(await mailsMatching(t, 'wrong.counselor@school.example', /no longer works/)).toHaveLength(1);
      const fresh = await linkTokenFor(t, 'right.counselor@school.example');
      expect((await asCounselor(t, fresh, 'GET', '/request')).statusCode).toBe(200);
    });

    it('an address that cannot receive mail bounces: the request says so, and the applicant is told', async () => {
      await submitted(t, 'bounce@example.com', 'nobody@school.invalid');
      await mailsMatching(t, 'bounce@example.com', /could not reach your counselor/);
      const status = await statusOf(t, 'bounce@example.com');
      expect(status.request).toEqual(expect.objectContaining({ state: 'bounced', bounced_at: expect.any(String) }));
      expect(status.can_request).toBe(false);
      expect(status.mails.map((m) => [m.kind, m.status])).toEqual(
        expect.arrayContaining([
          ['request', 'bounced'],
          ['bounced', 'sent'],
        ]),
      );
      expect(outboxFor(t.config, 'nobody@school.invalid')).toHaveLength(0);
    });

    it('reminders go once each when due (day 7, 14, 28: then overdue); the applicant’s one reminder by hand', async () => {
      await submitted(t, 'remind@example.com', 'slow.counselor@school.example');
      await linkTokenFor(t, 'slow.counselor@school.example');
      const userId = await userIdOf(t, 'remind@example.com');
      const before = await statusOf(t, 'remind@example.com');
      const requested = new Date(before.request!.requested_at).getTime();
      expect(new Date(before.request!.next_reminder_at!).getTime() - requested).toBe(7 * 24 * 3600_000);

      expect(await t.app.services.schoolReport.remind(userId)).toEqual({ message: SCHOOL_REPORT_MESSAGES.reminded });
      await expect(t.app.services.schoolReport.remind(userId)).rejects.toMatchObject({
        statusCode: 409,
        message: SCHOOL_REPORT_MESSAGES.reminderUsed,
      });
      expect(await mailsMatching(t, 'slow.counselor@school.example', /they asked us to remind you/)).toHaveLength(1);

      // Fourteen days pass (the request and its mails moved back in time): day 7's and day 14's reminders go, once.
      const daysPass = (days: number) =>
        t.app.db.transaction(async (tx) => {
          const back = `${days} days 1 second`;
          await tx.query(
            `UPDATE school_report_requests SET requested_at = requested_at - $2::interval WHERE user_id = $1`,
            [userId, back],
          );
          await tx.query(
            `UPDATE school_report_mails SET due_at = due_at - $2::interval
            WHERE request_id IN (SELECT id FROM school_report_requests WHERE user_id = $1)`,
            [userId, back],
          );
        });
      await daysPass(14);
      const reminders = () =>
        outboxFor(t.config, 'slow.counselor@school.example').filter((m) => /^Subject: Reminder/m.test(m));
      // The worker's whole pass (statusOf runs it): each due reminder sent and counted before anything is read.
      const reminded = await statusOf(t, 'remind@example.com');
      expect(reminders()).toHaveLength(3);
      expect(reminded.request).toEqual(expect.objectContaining({ state: 'reminded', reminders_sent: 3 }));
      expect(
        new Date(reminded.request!.next_reminder_at!).getTime() - new Date(reminded.request!.requested_at).getTime(),
      ).toBe(28 * 24 * 3600_000);
      // Day 28: the last reminder, and the request is overdue.
      await daysPass(14);
      const overdue = await statusOf(t, 'remind@example.com');
      expect(reminders()).toHaveLength(4);
      expect(overdue.request).toEqual(
        expect.objectContaining({ state: 'overdue', reminders_sent: 4, next_reminder_at: null }),
      );
    });

    it('the waiver may be revoked once, for recommendations that arrive later', async () => {
      await submitted(t, 'revoke@example.com', 'counselor.revoke@school.example');
      const userId = await userIdOf(t, 'revoke@example.com');
      expect(await t.app.services.schoolReport.revokeWaiver(userId)).toEqual({
        message: SCHOOL_REPORT_MESSAGES.waiverRevoked,
      });
      await expect(t.app.services.schoolReport.revokeWaiver(userId)).rejects.toMatchObject({ statusCode: 409 });
      const status = await statusOf(t, 'revoke@example.com');
      expect(status.waiver).toEqual(expect.objectContaining({ choice: 'Y', revoked_at: expect.any(String) }));
      const token = await linkTokenFor(t, 'counselor.revoke@school.example');
      expect((await asCounselor(t, token, 'GET', '/request')).json().waiver.waived).toBe(false);
    });

    it('staff can mark it received by other means, with a note; the link dies and the counselor is told', async () => {
      await submitted(t, 'post@example.com', 'counselor.post@school.example');
      const token = await linkTokenFor(t, 'counselor.post@school.example');
      const userId = await userIdOf(t, 'post@example.com');
      expect(
        await t.app.services.schoolReport.staffMark(
          userId,
          'received_other_means',
          'Came by post',
          'staff:r@college.example',
        ),
      ).toEqual({ message: SCHOOL_REPORT_MESSAGES.markedReceived });
      const status = await statusOf(t, 'post@example.com');
      expect(status.request).toEqual(
        expect.objectContaining({ state: 'received', received_via: 'other_means', staff_note: 'Came by post' }),
      );
      expect(status.complete).toBe(true);
      expect((await asCounselor(t, token, 'GET', '/request')).statusCode).toBe(410);
    });
  });

  async function submittedCookie(username: string) {
    const login = await t.app.inject({
      method: 'POST',
      url: '/public/login',
      headers: { 'content-type': 'application/json' },
      payload: { username, password: 'Maple-Syrup-2024!' },
    });
    return String(login.headers['set-cookie']).split(';')[0];
  }
}
