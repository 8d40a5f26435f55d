import type { LightMyRequestResponse } from 'fastify';
import { IDENTITY_MESSAGES } from '../../src/identity/service';
import {
  json,
  latestCode,
  logIn,
  makeApp,
  newApplicant,
  outboxFor,
  PASSWORD,
  settled,
  signUp,
  type TestApp,
} from '../helpers';

/**
 * Whether an email address has an account cannot be told from sign-up, resend-confirm or forgot-password (OWASP
 * ASVS V6.3): the status, the body and the time of the answer are the same for a known and an unknown address.
 * What only a known account needs (mail, writes) happens after the answer.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

const RUNS = 20;
const WARM_UP = 3;
/** The slower of the two medians may be at most this much slower than the other, either way. */
const MAX_RATIO = 1.3;

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, ...json(payload) });

interface Timed {
  status: number;
  body: unknown;
  ms: number;
}

/** One call, timed until its answer; then (untimed) what it does after answering, so it cannot slow the next. */
async function timed(call: () => Promise<LightMyRequestResponse>): Promise<Timed> {
  const start = process.hrtime.bigint();
  const res = await call();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  await settled(t);
  return { status: res.statusCode, body: res.json(), ms };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * RUNS calls for a known and for an unknown account, alternating (and which goes first alternates too), so that
 * whatever else the machine does slows both alike; after a warm-up of both.
 */
async function compare(known: () => Promise<LightMyRequestResponse>, unknown: () => Promise<LightMyRequestResponse>) {
  for (let i = 0; i < WARM_UP; i += 1) {
    await timed(known);
    await timed(unknown);
  }
  const answers = { known: [] as Timed[], unknown: [] as Timed[] };
  for (let i = 0; i < RUNS; i += 1) {
    if (i % 2) {
      answers.known.push(await timed(known));
      answers.unknown.push(await timed(unknown));
    } else {
      answers.unknown.push(await timed(unknown));
      answers.known.push(await timed(known));
    }
  }
  const medians = { known: median(answers.known.map((a) => a.ms)), unknown: median(answers.unknown.map((a) => a.ms)) };
  return { ...answers, medians };
}

/** Same status and body every time, and the two medians within MAX_RATIO of each other (both ways). */
function expectAlike(result: Awaited<ReturnType<typeof compare>>, status: number, body: object) {
  for (const answer of [...result.known, ...result.unknown])
    expect({ status: answer.status, body: answer.body }).toEqual({ status, body });
  const { known, unknown } = result.medians;
  const ratio = Math.max(known / unknown, unknown / known);
  if (process.env.ENUMERATION_TIMINGS)
    console.info(`medians: known ${known.toFixed(2)} ms, unknown ${unknown.toFixed(2)} ms`);
  expect({ known, unknown, withinRatio: ratio <= MAX_RATIO }).toEqual({ known, unknown, withinRatio: true });
}

const confirmCodesOf = async (username: string) =>
  Number(
    (
      await t.app.db.query<{ n: string }>(
        `SELECT count(*) AS n FROM one_time_codes
          WHERE purpose = 'confirm' AND user_id = (SELECT id FROM users WHERE username = $1)`,
        [username],
      )
    ).rows[0].n,
  );

let fresh = 0;
const unknownAddress = (label: string) => `${label}-${(fresh += 1)}@example.com`;

describe('sign-up', () => {
  it('answers an existing account as a new one (201, same message, same time) and mails its owner instead', async () => {
    const owner = 'owner@example.com';
    await newApplicant(t, owner);
    const mailsBefore = outboxFor(t.config, owner).length;
    const codesBefore = await confirmCodesOf(owner);

    const result = await compare(
      () => post('/public/signup', { username: owner, password: 'Attacker-Chosen-2024!' }),
      () => post('/public/signup', { username: unknownAddress('newcomer'), password: 'Attacker-Chosen-2024!' }),
    );
    expectAlike(result, 201, { message: IDENTITY_MESSAGES.signedUp });

    // The owner was told (a few times an hour at most), with the ways in; no confirmation code was issued.
    const mails = outboxFor(t.config, owner).slice(mailsBefore);
    expect(mails.length).toBeGreaterThan(0);
    expect(mails[0]).toContain('Subject: Someone tried to create an account with your email');
    expect(mails[0]).toContain('Someone (maybe you) tried to create an application account with this email address');
    expect(mails[0]).toContain(`${t.config.publicUrl}/login`);
    expect(mails[0]).toContain(`${t.config.publicUrl}/forgot`);
    expect(mails.some((m) => /confirmation code is \d{6}/.test(m))).toBe(false);
    expect(await confirmCodesOf(owner)).toBe(codesBefore);
    // The password stays the owner's.
    expect((await logIn(t, owner, 'Attacker-Chosen-2024!')).statusCode).toBe(400);
    expect((await logIn(t, owner, PASSWORD)).statusCode).toBe(200);
    // Each new address got its code.
    expect(latestCode(t.config, `newcomer-${fresh}@example.com`)).toMatch(/^\d{6}$/);
  }, 120_000);
});

describe('resend-confirm', () => {
  it('answers an account waiting for confirmation as an unknown address (200, same message, same time)', async () => {
    const waiting = 'waiting@example.com';
    expect((await signUp(t, waiting)).statusCode).toBe(201);
    const result = await compare(
      () => post('/public/resend-confirm', { username: waiting }),
      () => post('/public/resend-confirm', { username: unknownAddress('nobody') }),
    );
    expectAlike(result, 200, { message: IDENTITY_MESSAGES.resent });
    expect(outboxFor(t.config, waiting).length).toBeGreaterThan(1);
    expect(outboxFor(t.config, `nobody-${fresh}@example.com`)).toHaveLength(0);
  }, 60_000);
});

describe('forgot-password', () => {
  it('answers an account as an unknown address (200, same message, same time)', async () => {
    const forgetful = 'forgetful@example.com';
    await newApplicant(t, forgetful);
    const result = await compare(
      () => post('/public/forgot-password', { username: forgetful }),
      () => post('/public/forgot-password', { username: unknownAddress('ghost') }),
    );
    expectAlike(result, 200, { message: IDENTITY_MESSAGES.forgot });
    expect(outboxFor(t.config, forgetful).some((m) => m.includes('/reset?'))).toBe(true);
    expect(outboxFor(t.config, `ghost-${fresh}@example.com`)).toHaveLength(0);
  }, 60_000);
});
