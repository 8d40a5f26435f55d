import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { launch } from '../../../testing/serverProcess';
import { withoutDeploymentSettings } from '../../../scripts/serverCommand.mjs';

describe('APPLICATION_DEADLINE and DEADLINE_GRACE_MINUTES', () => {
  it('read a local date and time in the college’s zone, and tell the SPA the instant', () => {
    const config = loadConfig({ APPLICATION_DEADLINE: '2027-01-15T23:59' });
    // New York in January is UTC-5.
    expect(config.deadline).toEqual({ closesAt: new Date('2027-01-16T04:59:00.000Z'), graceMs: 0 });
    expect(config.clientConfig.deadline).toBe('2027-01-16T04:59:00.000Z');
    const chicago = loadConfig({
      APPLICATION_DEADLINE: '2027-07-01T17:00:30',
      COLLEGE_TIME_ZONE: 'America/Chicago',
      DEADLINE_GRACE_MINUTES: '15',
    });
    expect(chicago.deadline).toEqual({ closesAt: new Date('2027-07-01T22:00:30.000Z'), graceMs: 15 * 60_000 });
  });

  it('take the first of a time the clocks show twice (the autumn change)', () => {
    // 1:30 on 7 November 2027 in New York: first in EDT (UTC-4), an hour later in EST.
    expect(loadConfig({ APPLICATION_DEADLINE: '2027-11-07T01:30' }).deadline?.closesAt).toEqual(
      new Date('2027-11-07T05:30:00.000Z'),
    );
  });

  it('unset, there is no deadline and the SPA is told none (a grace alone changes nothing)', () => {
    for (const env of [{}, { APPLICATION_DEADLINE: '' }, { DEADLINE_GRACE_MINUTES: '5' }]) {
      const config = loadConfig(env);
      expect(config.deadline).toBeUndefined();
      expect(config.clientConfig).not.toHaveProperty('deadline');
    }
  });

  it.each([
    ['January 15', 'got "January 15"'],
    ['2027-01-15', 'got "2027-01-15"'],
    ['2027-01-15T23:59Z', 'without an offset'],
    ['2027-01-15T23:59-05:00', 'without an offset'],
    ['2027-02-30T12:00', 'got "2027-02-30T12:00"'],
    ['2027-01-15T24:00', 'got "2027-01-15T24:00"'],
  ])('refuse %s with a message that says how to write it', (value, part) => {
    expect(() => loadConfig({ APPLICATION_DEADLINE: value })).toThrow(
      'APPLICATION_DEADLINE must be a local date and time in COLLEGE_TIME_ZONE (America/New_York) as YYYY-MM-DDTHH:MM',
    );
    expect(() => loadConfig({ APPLICATION_DEADLINE: value })).toThrow(part);
  });

  it('refuse a time the college’s clocks skip (the spring change)', () => {
    expect(() => loadConfig({ APPLICATION_DEADLINE: '2027-03-14T02:30' })).toThrow(
      'APPLICATION_DEADLINE 2027-03-14T02:30 does not exist in America/New_York: its clocks skip that hour',
    );
  });

  it.each(['-5', '2.5', 'ten'])('refuse a grace of %s minutes', (value) => {
    expect(() => loadConfig({ APPLICATION_DEADLINE: '2027-01-15T23:59', DEADLINE_GRACE_MINUTES: value })).toThrow(
      `DEADLINE_GRACE_MINUTES must be a whole number, got "${value}"`,
    );
  });

  it('a bad value stops the server at start, saying why', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'deadline-'));
    const server = launch({
      env: {
        ...withoutDeploymentSettings(process.env),
        DATA_DIR: dataDir,
        PORT: '0',
        STATIC_DIR: '/nonexistent',
        APPLICATION_DEADLINE: '15/01/2027 23:59',
      },
    });
    try {
      await new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
      expect(server.exitCode()).toBe(1);
      expect(server.output()).toContain(
        'APPLICATION_DEADLINE must be a local date and time in COLLEGE_TIME_ZONE (America/New_York) as YYYY-MM-DDTHH:MM',
      );
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
