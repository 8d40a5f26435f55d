import crypto from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { makeApp, type TestApp } from '../helpers';
import { asStaff, auditRows, newStaff, type EnrolledStaff } from './helpers';
import { applicationIdOf } from '../../../src/kernel/applicationId';

/**
 * The export's two forms of each file (docs/export.md): for the student-information system, plain UTF-8; for Excel,
 * the same bytes after a UTF-8 byte-order mark. And checkboxes as true/false.
 */
let t: TestApp;
let admin: EnrolledStaff;
let jose: string;
let empty: string;

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

async function applicant(email: string, answer: Record<string, string | boolean>) {
  const { rows } = await t.app.db.query<{ id: string }>(
    `INSERT INTO users (username, password_hash, confirmed_at) VALUES ($1, 'x', now()) RETURNING id::text AS id`,
    [email],
  );
  await t.app.db.query(`INSERT INTO applications (user_id, answer) VALUES ($1, $2::jsonb)`, [
    rows[0].id,
    JSON.stringify(answer),
  ]);
  return rows[0].id;
}

const exported = (url: string) => t.app.inject({ method: 'GET', url, ...asStaff(admin.cookie) });
const recordsOf = (body: Buffer) => parse(body, { columns: true, bom: true }) as Record<string, string>[];

beforeAll(async () => {
  t = await makeApp();
  admin = await newStaff(t, 'dean@college.edu', 'admin');
  jose = await applicant('jose@example.com', {
    first_name: 'José',
    last_name: 'Núñez',
    // Ticked, left unticked (false), and never touched (absent) in one group.
    spec_programs_honors: true,
    spec_programs_athletics: false,
    optin_sms_ind: true,
    activity_name: 'Fútbol',
    activity_senior: true,
    // A U.S. number (no companion) and one from abroad (its E.164 form stored beside it, as the form does).
    phone_home: '(212) 555-0100',
    phone_mobile: '+52 55 1234 5678',
    phone_mobile_e164: '+525512345678',
    parent_first_name: 'Ana',
    parent_phone: '+44 20 7946 0958',
    parent_phone_e164: '+442079460958',
  });
  empty = await applicant('empty@example.com', {});
});
afterAll(() => t.close());

describe('checkboxes', () => {
  test('true when ticked, false when shown and not ticked, empty when not shown or nothing is answered', async () => {
    const response = await exported('/staff/api/export/applications.csv');
    expect(response.statusCode).toBe(200);
    const records = recordsOf(response.rawPayload);
    const row = records.find((r) => r.application_id === applicationIdOf(jose))!;
    expect(row).toMatchObject({
      spec_programs_honors: 'true',
      spec_programs_athletics: 'false',
      spec_programs_rotc: 'false',
      optin_sms_ind: 'true',
      race_asian: 'false',
      legal_agree: 'false',
    });
    const none = records.find((r) => r.application_id === applicationIdOf(empty))!;
    expect(none).toMatchObject({ spec_programs_honors: '', legal_agree: '', race_asian: '' });

    const activities = recordsOf((await exported('/staff/api/export/activities.csv')).rawPayload);
    expect(activities.filter((r) => r.application_id === applicationIdOf(jose))).toEqual([
      expect.objectContaining({ activity_number: '1', name: 'Fútbol', senior: 'true', freshman: 'false' }),
    ]);
  });
});

test('each phone beside its E.164 form: as stored for a number from abroad, +1 and ten digits for a U.S. one', async () => {
  const applications = recordsOf((await exported('/staff/api/export/applications.csv')).rawPayload);
  expect(applications.find((r) => r.application_id === applicationIdOf(jose))).toMatchObject({
    phone_home: '(212) 555-0100',
    phone_home_e164: '+12125550100',
    // As typed, it starts with '+' and is not E.164: disarmed as any such cell is.
    phone_mobile: "'+52 55 1234 5678",
    phone_mobile_e164: '+525512345678',
  });
  expect(applications.find((r) => r.application_id === applicationIdOf(empty))).toMatchObject({
    phone_home_e164: '',
    phone_mobile_e164: '',
  });
  const parents = recordsOf((await exported('/staff/api/export/parents.csv')).rawPayload);
  expect(parents.filter((r) => r.application_id === applicationIdOf(jose))).toEqual([
    expect.objectContaining({ parent_number: '1', phone: "'+44 20 7946 0958", phone_e164: '+442079460958' }),
  ]);
});

describe('for the student-information system and for Excel', () => {
  for (const file of ['applications', 'parents', 'activities']) {
    test(`${file}.csv: the SIS file has no byte-order mark; ?for=excel is the same bytes after one`, async () => {
      const sis = await exported(`/staff/api/export/${file}.csv`);
      const excel = await exported(`/staff/api/export/${file}.csv?for=excel`);
      expect([sis.statusCode, excel.statusCode]).toEqual([200, 200]);
      expect(sis.rawPayload.subarray(0, 3).equals(BOM)).toBe(false);
      expect(sis.rawPayload.subarray(0, 'application_id'.length).toString()).toBe('application_id');
      expect(excel.rawPayload.subarray(0, 3).equals(BOM)).toBe(true);
      expect(excel.rawPayload.subarray(3).equals(sis.rawPayload)).toBe(true);
      expect(excel.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(sis.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="${file}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      );
      expect(excel.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="${file}-excel-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      );
    });
  }

  test('José round-trips in both; each export audited with its form, and the SHA-256 of the bytes sent', async () => {
    for (const variant of ['sis', 'excel']) {
      const response = await exported(
        `/staff/api/export/applications.csv?q=jose${variant === 'excel' ? '&for=excel' : ''}`,
      );
      const records = recordsOf(response.rawPayload);
      expect(records.map((r) => [r.first_name, r.last_name])).toEqual([['José', 'Núñez']]);
      const sha256 = crypto.createHash('sha256').update(response.rawPayload).digest('hex');
      expect((await auditRows(t)).slice(-2)).toEqual([
        expect.objectContaining({
          action: 'export',
          target: 'applications.csv v3',
          detail: `started for=${variant} q=jose`,
        }),
        expect.objectContaining({
          action: 'export',
          target: 'applications.csv v3',
          detail: `for=${variant} rows=1 sha256=${sha256}`,
        }),
      ]);
    }
  });

  test('any other form is refused', async () => {
    const response = await exported('/staff/api/export/applications.csv?for=numbers');
    expect(response.statusCode).toBe(400);
  });
});
