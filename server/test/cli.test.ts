import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCommand, USAGE } from '../src/cli';
import { makeApp, newApplicant, type TestApp } from './helpers';

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
    await expect(runCommand(t.app, ['service-token', 'create', 'listed@example.com', '--days', '0'])).rejects.toThrow(
      '--days must be a positive number',
    );
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

  it('prints the usage for an unknown command', async () => {
    await expect(runCommand(t.app, ['frobnicate'])).rejects.toThrow(USAGE);
  });
});
