import { COUNSELOR_API, COUNSELOR_TOKEN_HEADER } from '../../../src/kernel/counselor/paths';
import { counselorLinkToken } from '../../../testing/mail';
import { completeApplication } from '../../../src/kernel/form/definition/sampleAnswers';
import { asUser, multipart, newApplicant, outboxFor, type TestApp } from '../helpers';

/** Signs `to` up, saves a complete application naming `counselor`, and submits it; the session cookie. */
export async function submitted(
  t: TestApp,
  to: string,
  counselorEmail: string,
  extra: Record<string, string> = {},
  submit = true,
) {
  const who = await newApplicant(t, to);
  const answers = {
    ...completeApplication(),
    first_name: 'Ngozi',
    last_name: 'Okafor',
    counselor_first_name: 'Grace',
    counselor_last_name: 'Hopper',
    counselor_email_address: counselorEmail,
    counselor_waiver_request: 'Y',
    ...extra,
  };
  const save = await t.app.inject({ method: 'PUT', url: '/api/answer', ...asUser(who, answers, 'PUT') });
  expect(save.statusCode).toBe(200);
  if (submit) {
    const res = await t.app.inject({ method: 'POST', url: '/api/submit', ...asUser(who, {}) });
    expect(res.statusCode).toBe(200);
  }
  return who;
}

/** Waits (a few seconds at most) until `to` has `count` mails whose text matches `pattern`. */
export async function mailsMatching(t: TestApp, to: string, pattern: RegExp, count = 1): Promise<string[]> {
  for (let i = 0; i < 200; i++) {
    const mails = outboxFor(t.config, to).filter((mail) => pattern.test(mail));
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return outboxFor(t.config, to).filter((mail) => pattern.test(mail));
}

/** The token of the newest counselor link mailed to `to` (waits a few seconds for the `count`-th such mail). */
export async function linkTokenFor(t: TestApp, to: string, count = 1): Promise<string> {
  await mailsMatching(t, to, /school-report#t=/, count);
  const token = counselorLinkToken(t.config.outboxDir, to);
  if (!token) throw new Error(`No counselor link mailed to ${to}`);
  return token;
}

/** A call of the counselor's API as the page makes it: the token in its header, JSON on writes. */
export function asCounselor(t: TestApp, token: string | null, method: string, path: string, payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url: `${COUNSELOR_API}${path}`,
    headers: {
      ...(token ? { [COUNSELOR_TOKEN_HEADER]: token } : {}),
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload ? { payload } : method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });
}

/** Uploads `bytes` as the counselor's `kind` through the local store, then waits until converted (or failed). */
export async function counselorUpload(t: TestApp, token: string, kind: string, name: string, bytes: Buffer) {
  const presign = await asCounselor(t, token, 'POST', '/presigned-url', { kind });
  expect(presign.statusCode).toBe(200);
  const { url, fields } = presign.json() as { url: string; fields: Record<string, string> };
  const body = multipart(fields, { name, bytes });
  const up = await t.app.inject({
    method: 'POST',
    url: new URL(url, 'http://localhost').pathname,
    headers: { ...body.headers, [COUNSELOR_TOKEN_HEADER]: token },
    payload: body.payload,
  });
  if (up.statusCode !== 204) {
    return up;
  }
  const start = await asCounselor(t, token, 'POST', `/document/${kind}`, { file_key: fields.key, file_name: name });
  expect(start.statusCode).toBe(202);
  for (let i = 0; i < 400; i++) {
    const status = await asCounselor(t, token, 'GET', `/document/${kind}`);
    if (['completed', 'failed'].includes(status.json().status)) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('The conversion did not finish');
}

export async function userIdOf(t: TestApp, username: string): Promise<number> {
  const { rows } = await t.app.db.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [username]);
  return Number(rows[0].id);
}

/**
 * What the applicant's status page shows (the service's answer to GET /api/school-report), once this instance's
 * mail worker has finished what was due: a mail's file is written before its row says sent (and before a sent
 * reminder is counted), so reading at the moment a file appears would race the worker.
 */
export async function statusOf(t: TestApp, username: string) {
  await t.app.services.schoolReportWorker.runOnce();
  return t.app.services.schoolReport.status(await userIdOf(t, username));
}
