import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCommand, USAGE } from '../../src/cli';
import { makeApp, newApplicant, outboxFor, type TestApp } from '../helpers';
import { auditRows } from '../staff/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

describe('admin CLI', () => {
  it('lists users', async () => {
    expect(await runCommand(t.app, ['users'])).toBe('No users yet.');
    await newApplicant(t, 'listed@example.com');
    expect(await runCommand(t.app, ['users'])).toMatch(/^listed@example\.com\tconfirmed\tnot submitted\tcreated /);
  });

  it('creates a service token that opens the print view, and revokes it', async () => {
    const out = await runCommand(t.app, ['service-token', 'create', 'listed@example.com', '--days', '1']);
    const token = out.match(/service_token=(\S+)/)![1];
    expect((await t.app.inject({ method: 'GET', url: `/service/tmp-pdf?service_token=${token}` })).statusCode).toBe(
      200,
    );
    expect(await runCommand(t.app, ['service-token', 'revoke', token])).toBe('Revoked.');
    expect((await t.app.inject({ method: 'GET', url: `/service/tmp-pdf?service_token=${token}` })).statusCode).toBe(
      404,
    );
    await expect(runCommand(t.app, ['service-token', 'create', 'nobody@example.com'])).rejects.toThrow(/No applicant/);
  });

  it('takes a token that starts with a dash as the token, not as an option', async () => {
    // base64url: one token in 64 starts with '-', one in 4,096 with '--'.
    expect(await runCommand(t.app, ['service-token', 'revoke', '-Uq3x'])).toBe('No live token matches.');
    expect(await runCommand(t.app, ['public-link', 'revoke', '--dQw4'])).toBe('No live token matches.');
    expect(await runCommand(t.app, ['public-link', 'revoke', '--', '-x'])).toBe('No live token matches.');
    const out = await runCommand(t.app, ['service-token', 'create', '--days', '2', 'listed@example.com']);
    expect(out).toMatch(/^Service token for listed@example\.com /);
    for (const days of ['0', '3651']) {
      await expect(
        runCommand(t.app, ['service-token', 'create', 'listed@example.com', '--days', days]),
      ).rejects.toThrow('--days must be a positive number, at most 3650');
    }
  });

  it('creates a public link from a JSON answers file', async () => {
    const file = path.join(os.tmpdir(), `answers-${process.pid}.json`);
    fs.writeFileSync(file, JSON.stringify({ first_name: 'Linked' }));
    const out = await runCommand(t.app, ['public-link', 'create', file]);
    const token = out.match(/\?token=(\S+)/)![1];
    expect((await t.app.inject({ method: 'GET', url: `/public/tmp?token=${token}` })).json()).toEqual({
      first_name: 'Linked',
    });
    fs.writeFileSync(file, '[1,2]');
    await expect(runCommand(t.app, ['public-link', 'create', file])).rejects.toThrow(/one JSON object/);
  });

  it('imports look-up CSVs', async () => {
    const file = path.join(os.tmpdir(), `addr-${process.pid}.csv`);
    fs.writeFileSync(
      file,
      'id,address_line_1,address_line_2,city,state,zip,country\nz1,9 Test Way,,Troy,NY,12180,USA\n',
    );
    expect(await runCommand(t.app, ['import-lookup', 'address', file])).toBe('Imported 1 address record(s).');
    expect(await t.app.services.lookup.count('address')).toBe(1);
    await expect(runCommand(t.app, ['import-lookup', 'planets', file])).rejects.toThrow('Unknown category planets');
  });

  it('adds, lists, changes and removes staff, and audits each command as the CLI', async () => {
    expect(await runCommand(t.app, ['staff', 'list'])).toBe('No staff accounts yet.');
    expect(await runCommand(t.app, ['staff', 'add', 'Dean@College.edu', '--role', 'admin'])).toBe(
      'Added Dean@College.edu (admin). An enrolment link was mailed to them (valid 24 hours, single use).',
    );
    expect(outboxFor(t.config, 'dean@college.edu').at(-1)).toMatch(/\/staff\/enrol\?token=/);
    await expect(runCommand(t.app, ['staff', 'add', 'r@college.edu', '--role', 'owner'])).rejects.toThrow(
      'The role must be one of: reader, admin.',
    );
    await runCommand(t.app, ['staff', 'add', 'r@college.edu', '--role', 'reader']);
    expect(await runCommand(t.app, ['staff', 'list'])).toBe(
      'dean@college.edu\tadmin\tnot enrolled\tlast sign-in never\nr@college.edu\treader\tnot enrolled\tlast sign-in never',
    );
    expect(await runCommand(t.app, ['staff', 'role', 'r@college.edu', 'admin'])).toBe(
      'r@college.edu is now admin; their sessions have ended.',
    );
    expect(await runCommand(t.app, ['staff', 'remove', 'r@college.edu'])).toBe(
      'Removed r@college.edu; their sessions have ended.',
    );
    const actor = `cli:${os.userInfo().username}`;
    expect((await auditRows(t)).filter((r) => r.action.startsWith('staff-') && r.action !== 'staff-listed')).toEqual([
      expect.objectContaining({ actor, action: 'staff-added', target: 'dean@college.edu' }),
      expect.objectContaining({ actor, action: 'staff-added', target: 'r@college.edu' }),
      expect.objectContaining({
        actor,
        action: 'staff-role-changed',
        target: 'r@college.edu',
        detail: 'reader → admin',
      }),
      expect.objectContaining({ actor, action: 'staff-removed', target: 'r@college.edu' }),
    ]);
  });

  it('verifies the audit log, and names the row changed or removed by hand', async () => {
    expect(await runCommand(t.app, ['audit', 'verify'])).toMatch(/^The audit log is intact: \d+ row\(s\) checked\.$/);
    // The app itself can neither change nor delete a row (the trigger).
    await expect(t.app.db.query(`UPDATE audit_log SET actor = 'someone else'`)).rejects.toThrow(/append-only/);
    await expect(t.app.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    const rows = await auditRows(t);
    const third = rows[2].id;
    // By hand, as a database owner who turns the trigger off.
    await t.app.db.exec('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change');
    await t.app.db.query(`UPDATE audit_log SET detail = 'nothing to see' WHERE id = $1`, [third]);
    await expect(runCommand(t.app, ['audit', 'verify'])).rejects.toThrow(
      `The audit log was altered: row ${third} was changed after it was written.`,
    );
    const fifth = rows[4].id;
    await t.app.db.query(`DELETE FROM audit_log WHERE id <= $1 AND id > $2`, [rows[3].id, third]);
    await t.app.db.query(`DELETE FROM audit_log WHERE id <= $1`, [third]);
    await expect(runCommand(t.app, ['audit', 'verify'])).rejects.toThrow(
      `The audit log was altered: row ${fifth} does not follow the row before it: a row before it was removed or changed.`,
    );
    await t.app.db.exec('ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change');
  });

  it('seeds fictional applicants for a demo', async () => {
    const before = (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0].n;
    expect(await runCommand(t.app, ['seed-demo', '40'])).toBe('Added 40 fictional applicants (@demo.example.invalid).');
    const { rows } = await t.app.db.query<{ n: number; submitted: number; named: number }>(
      `SELECT count(*)::int AS n, count(a.submitted_at)::int AS submitted, count(a.answer->>'first_name')::int AS named
         FROM users u LEFT JOIN applications a ON a.user_id = u.id WHERE u.username LIKE '%@demo.example.invalid'`,
    );
    expect(rows[0]).toEqual({ n: 40, submitted: 20, named: 36 });
    expect((await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0].n).toBe(before + 40);
    await expect(runCommand(t.app, ['seed-demo', 'many'])).rejects.toThrow('seed-demo takes a number of applicants');
  });

  it('prints the usage for an unknown command', async () => {
    await expect(runCommand(t.app, ['frobnicate'])).rejects.toThrow(USAGE);
  });
});
