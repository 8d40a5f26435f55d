import type { LightMyRequestResponse } from 'fastify';
import { json, makeApp, type TestApp } from '../helpers';
import { auditRows, newStaff, STAFF_PASSWORD, staffSignIn, totpCode, type EnrolledStaff } from './helpers';
import { STAFF_MESSAGES } from '../../../src/kernel/staff/messages';

/**
 * Whether an email belongs to staff cannot be told from the password sign-in (OWASP ASVS V6.3): a staff member's
 * email, one added but not enrolled and one with no account get the same answer at every try (the lockout counts
 * the email typed, so an unknown one locks after five tries too), in the same time.
 */
let t: TestApp;
let staff: EnrolledStaff;
beforeEach(async () => {
  t = await makeApp();
  staff = await newStaff(t, 'dean@college.edu', 'admin');
  await t.app.staff.accounts.add({ email: 'invited@college.edu', role: 'reader' }, { actor: 'cli' });
});
afterEach(() => t.close());

const signIn = (email: string, password = 'Wrong-Password-2024!', code = '123456') =>
  t.app.inject({ method: 'POST', url: '/staff/api/sign-in', ...json({ email, password, code }) });

const answer = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.json() });

const LOCKED_NOW =
  'Incorrect email address, password or authenticator code. After too many failed attempts, sign-in with this ' +
  'email address is locked for 30 seconds.';

describe('a failed sign-in reads the same for every email', () => {
  test('tries 1 to 6 answer alike for staff, invited and unknown emails, the fifth saying it locks', async () => {
    const emails = [staff.email, 'invited@college.edu', 'nobody@college.edu'];
    const steps: { status: number; body: unknown }[][] = [];
    // Interleaved: the n-th try of each email a moment apart, so the time left of a lock reads the same.
    for (let step = 1; step <= 6; step += 1) {
      const answers = [];
      for (const email of emails) answers.push(answer(await signIn(email)));
      steps.push(answers);
    }
    for (const answers of steps) expect(answers[1]).toEqual(answers[0]);
    for (const answers of steps) expect(answers[2]).toEqual(answers[0]);
    expect(steps.map((answers) => answers[0])).toEqual([
      ...Array.from({ length: 4 }, () => ({
        status: 400,
        body: { message: STAFF_MESSAGES.badSignIn, code: 'BadRequest' },
      })),
      { status: 429, body: { message: LOCKED_NOW, code: 'TooManyRequests' } },
      {
        status: 429,
        body: { message: 'Too many failed attempts. Please try again in 30 seconds.', code: 'TooManyRequests' },
      },
    ]);
    // The audit log still tells them apart, for staff to read.
    const details = (await auditRows(t)).filter((r) => r.action === 'sign-in-failed').map((r) => r.detail);
    expect(details.slice(0, 3)).toEqual(['wrong password', 'not enrolled', 'no such staff account']);
    expect(details.slice(-3)).toEqual(['locked', 'not enrolled', 'no such staff account']);
  });

  test('the right password with a wrong code counts the same; a locked email refuses even the right code', async () => {
    const wrongCode = totpCode(staff.secret, 1) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1) expect((await signIn(staff.email, STAFF_PASSWORD, wrongCode)).statusCode).toBe(400);
    expect(answer(await signIn(staff.email, STAFF_PASSWORD, wrongCode)).body.message).toBe(LOCKED_NOW);
    const right = await staffSignIn(t, staff);
    expect(answer(right)).toEqual({
      status: 429,
      body: { message: 'Too many failed attempts. Please try again in 30 seconds.', code: 'TooManyRequests' },
    });
  });

  test('the lock is by the email typed: another email is not locked, and a success clears it', async () => {
    for (let i = 0; i < 5; i += 1) await signIn('attacker-target@college.edu');
    expect((await signIn('attacker-target@college.edu')).statusCode).toBe(429);
    // Spelled otherwise, the same email: the same lock.
    expect((await signIn(' Attacker-Target@College.EDU ')).statusCode).toBe(429);
    for (let i = 0; i < 4; i += 1) expect((await signIn(staff.email)).statusCode).toBe(400);
    expect((await staffSignIn(t, staff)).statusCode).toBe(200);
    // The four failures before the success count no more: four more are refused without a lock.
    for (let i = 0; i < 4; i += 1) expect((await signIn(staff.email)).statusCode).toBe(400);
    // The table holds no address, only its hash.
    const { rows } = await t.app.db.query<{ key_hash: string }>('SELECT key_hash FROM staff_sign_in_attempts');
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toMatch(/college/);
  });

  test('once the lock ends, the next failure locks for twice as long (1 minute), for an unknown email too', async () => {
    for (const email of [staff.email, 'nobody@college.edu']) {
      for (let i = 0; i < 5; i += 1) await signIn(email);
    }
    // As if the 30 s had passed.
    await t.app.db.query('UPDATE staff_sign_in_attempts SET locked_until = now()');
    const next = [answer(await signIn(staff.email)), answer(await signIn('nobody@college.edu'))];
    expect(next[1]).toEqual(next[0]);
    expect(next[0].body.message).toBe(
      'Incorrect email address, password or authenticator code. After too many failed attempts, sign-in with this ' +
        'email address is locked for 1 minute.',
    );
    expect(answer(await signIn('nobody@college.edu')).body.message).toBe(
      'Too many failed attempts. Please try again in 1 minute.',
    );
  });
});

describe('a failed sign-in takes as long for every email', () => {
  const RUNS = 20;
  const WARM_UP = 3;
  /** The slower of the two medians may be at most this much slower than the other, either way. */
  const MAX_RATIO = 1.3;
  /**
   * A loaded machine (other test runs on two cores) can slow a stretch of calls: a round whose medians differ is
   * measured again, up to this many rounds. A real difference (a password not hashed for unknown emails: several
   * times slower) shows in every round; a stall does not.
   */
  const ROUNDS = 3;

  const median = (values: number[]) => {
    const sorted = [...values].sort((x, y) => x - y);
    const middle = sorted.length / 2;
    return sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
  };

  /** One failed call, timed until its answer; then (untimed) its count forgotten, so every call does the full work. */
  async function timed(email: string) {
    const start = process.hrtime.bigint();
    const res = await signIn(email);
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    await t.app.db.query('DELETE FROM staff_sign_in_attempts');
    return { ...answer(res), ms };
  }

  /** RUNS calls each, alternating (and which goes first alternates too), after a warm-up of both. */
  async function round(known: string, unknown: string) {
    for (let i = 0; i < WARM_UP; i += 1) {
      await timed(known);
      await timed(unknown);
    }
    const calls = {
      known: [] as Awaited<ReturnType<typeof timed>>[],
      unknown: [] as Awaited<ReturnType<typeof timed>>[],
    };
    for (let i = 0; i < RUNS; i += 1) {
      if (i % 2) {
        calls.known.push(await timed(known));
        calls.unknown.push(await timed(unknown));
      } else {
        calls.unknown.push(await timed(unknown));
        calls.known.push(await timed(known));
      }
    }
    for (const call of [...calls.known, ...calls.unknown]) {
      expect({ status: call.status, body: call.body }).toEqual({
        status: 400,
        body: { message: STAFF_MESSAGES.badSignIn, code: 'BadRequest' },
      });
    }
    const known_ = median(calls.known.map((c) => c.ms));
    const unknown_ = median(calls.unknown.map((c) => c.ms));
    return { known: known_, unknown: unknown_, ratio: Math.max(known_ / unknown_, unknown_ / known_) };
  }

  test(`${RUNS} calls each for a staff email and an unknown one: medians within ${MAX_RATIO}×`, async () => {
    const rounds = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const result = await round(staff.email, `nobody-${i}@college.edu`);
      rounds.push(result);
      if (result.ratio <= MAX_RATIO) break;
    }
    if (process.env.ENUMERATION_TIMINGS) console.info(rounds);
    expect(rounds.some((r) => r.ratio <= MAX_RATIO)).toBe(true);
  }, 180_000);
});
