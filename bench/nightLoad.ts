/**
 * The night's mix in an open loop (nightMix.ts): every kind's requests leave at its own fixed rate whatever the
 * pace of the answers, each timed from when it was due (no coordinated omission). Saves, nearly all the requests,
 * go through openLoop.ts (raw keep-alive sockets: the generator shares the cores it measures); the rarer kinds are
 * flows of several calls over fetch, as the page makes them: an upload asks for its key, posts the file, asks for
 * its conversion, then polls its status every CONVERSION_POLL_MS until done, and its conversion time runs from when
 * the upload was due to the poll that saw it done. Every write the server acknowledged is logged (`AckLog`) for
 * the loss proof (nightProof.ts).
 */
import { CONVERSION_POLL_MS, PDF_POLL_FIRST_MS } from '../src/kernel/constants';
import { STAFF_API } from '../src/kernel/staff/paths';
import { mailedCode, PASSWORD, uniqueUsername, type RunningServer } from './appServer';
import { LOAD_TIMEOUT_S, percentile, round, sleep } from './common';
import type { NightApplicant, NightPools } from './nightApplicants';
import { NIGHT_KINDS, ratePerSec, type NightKind } from './nightMix';
import { openLoop } from './openLoop';
import { UPLOAD_CONTENT_TYPE, uploadForm } from './uploadForm';

/** What the server acknowledged, over the whole area (every step and the kill run). */
export interface AckLog {
  /** Per saver (pools.savers' order): how many of its saves were answered 200. */
  saves: number[];
  /** Uploads whose conversion was accepted (202): the applicant and the stored file's key. */
  uploads: { userId: number; fileKey: string }[];
  /** Applicants whose submit was answered 200. */
  submits: number[];
  /** Sign-ups whose confirmation was answered 200. */
  confirmed: string[];
}

export const emptyAckLog = (savers: number): AckLog => ({
  saves: Array.from({ length: savers }, () => 0),
  uploads: [],
  submits: [],
  confirmed: [],
});

export interface KindFigures {
  /** Due in the step, and finished (answered or failed). */
  due: number;
  done: number;
  perSec: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  errors: number;
  /** A few of the errors, as the client saw them. */
  errorSamples: string[];
}

export interface NightStepFigures {
  applicantsPerHour: number;
  seconds: number;
  kinds: Record<NightKind, KindFigures>;
  /** Upload → conversion done, both kinds of file together (as the page saw it). */
  conversion: { n: number; p50Ms: number; p95Ms: number; maxMs: number };
  /** GET /api/pdf after a submit (the PDF copy built and answered), its own time. */
  pdfCopy: { n: number; p50Ms: number; p99Ms: number };
  /** How late the saves' generator sent (it shares the cores). */
  saveSendLateP99Ms: number;
}

/** Which applicant of the uploaders and the submitters comes next (each is used once; they wrap when used up). */
export interface PoolCursor {
  uploaders: number;
  submitters: number;
  wrapped: boolean;
}

export interface NightFiles {
  pdf: Buffer;
  word: Buffer;
}

/** A failed call: what the client saw. */
class CallError extends Error {}

const ms = (samples: number[], q: number) => (samples.length === 0 ? 0 : round(percentile(samples, q), 1));

async function call(
  server: RunningServer,
  method: string,
  url: string,
  expected: number,
  init: { cookie?: string; json?: unknown; body?: Buffer; contentType?: string } = {},
): Promise<string> {
  const headers: Record<string, string> = {};
  if (init.cookie) headers.cookie = init.cookie;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  if (init.contentType) headers['content-type'] = init.contentType;
  let res: Response;
  try {
    res = await fetch(new URL(url, server.baseUrl), {
      method,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body && new Uint8Array(init.body),
      signal: AbortSignal.timeout(LOAD_TIMEOUT_S * 1000),
    });
  } catch (error) {
    const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : '';
    throw new CallError(`${method} ${url.split('?')[0]}: ${cause}`);
  }
  const text = await res.text();
  if (res.status !== expected) throw new CallError(`${method} ${url.split('?')[0]} → ${res.status}`);
  return text;
}

const next = (pool: NightApplicant[], cursor: PoolCursor, which: 'uploaders' | 'submitters') => {
  if (cursor[which] >= pool.length) cursor.wrapped = true;
  return pool[cursor[which]++ % pool.length];
};

export interface MixContext {
  server: RunningServer;
  pools: NightPools;
  cursor: PoolCursor;
  acks: AckLog;
  files: NightFiles;
  staffCookie: string;
}

/** One flow of a kind (all but saves): the time it counts, from when it was due. */
type Flow = (ctx: MixContext, dueAt: number, extra: FlowExtras) => Promise<number>;
interface FlowExtras {
  conversions: number[];
  pdfCopies: number[];
}

const upload =
  (kind: 'pdf' | 'word'): Flow =>
  async ({ server, pools, cursor, acks, files }, dueAt, { conversions }) => {
    const who = next(pools.uploaders, cursor, 'uploaders');
    const [name, bytes] = kind === 'pdf' ? ['transcript.pdf', files.pdf] : ['essay.docx', files.word];
    const key = 'personal_statement_doc';
    const { url, fields } = JSON.parse(
      await call(server, 'POST', '/api/presigned-url', 200, { cookie: who.cookie, json: { answer_key: key } }),
    ) as { url: string; fields: Record<string, string> };
    await call(server, 'POST', url, 204, {
      cookie: who.cookie,
      body: uploadForm(fields, name, bytes),
      contentType: UPLOAD_CONTENT_TYPE,
    });
    await call(server, 'POST', `/api/pdf/document-answer/${key}`, 202, {
      cookie: who.cookie,
      json: { file_key: fields.key, file_name: name },
    });
    acks.uploads.push({ userId: who.userId, fileKey: fields.key });
    const uploaded = performance.now() - dueAt;
    // As the page does: poll every CONVERSION_POLL_MS while it is unprocessed or in progress.
    for (;;) {
      await sleep(CONVERSION_POLL_MS);
      const { status } = JSON.parse(
        await call(server, 'GET', `/api/pdf/document-answer/${key}`, 200, { cookie: who.cookie }),
      ) as { status: string };
      if (status === 'completed') break;
      if (status !== 'unprocessed' && status !== 'in_progress') throw new CallError(`conversion ${status}`);
      if (performance.now() - dueAt > 6 * 10_000) throw new CallError('conversion not done after 60 s');
    }
    conversions.push(performance.now() - dueAt);
    return uploaded;
  };

const FLOWS: Record<Exclude<NightKind, 'save'>, Flow> = {
  async login({ server, pools }, dueAt) {
    const who = pools.savers[Math.floor(Math.random() * pools.savers.length)];
    await call(server, 'POST', '/public/login', 200, { json: { username: who.username, password: PASSWORD } });
    return performance.now() - dueAt;
  },
  async signup({ server, acks }, dueAt) {
    const username = uniqueUsername('night');
    await call(server, 'POST', '/public/signup', 201, { json: { username, password: PASSWORD } });
    const signedUp = performance.now() - dueAt;
    // The applicant reads the mail (not timed), then confirms: its request is timed from when it left.
    const code = await mailedCode(server.outboxDir, username, LOAD_TIMEOUT_S * 1000);
    const confirmStart = performance.now();
    await call(server, 'POST', '/public/confirm', 200, { json: { username, code } });
    acks.confirmed.push(username);
    return signedUp + (performance.now() - confirmStart);
  },
  uploadPdf: upload('pdf'),
  uploadWord: upload('word'),
  async submit({ server, pools, cursor, acks }, dueAt, { pdfCopies }) {
    const who = next(pools.submitters, cursor, 'submitters');
    await call(server, 'POST', '/api/submit', 200, { cookie: who.cookie, json: {} });
    acks.submits.push(who.userId);
    const submitted = performance.now() - dueAt;
    // As the page does: GET /api/pdf waits a while for the build, then says in_progress; asked again every second.
    const pdfStart = performance.now();
    for (;;) {
      const { status } = JSON.parse(await call(server, 'GET', '/api/pdf', 200, { cookie: who.cookie })) as {
        status: string;
      };
      if (status === 'completed') break;
      if (status !== 'in_progress' && status !== 'unprocessed') throw new CallError(`PDF copy ${status}`);
      if (performance.now() - pdfStart > 60_000) throw new CallError('PDF copy not made after 60 s');
      await sleep(PDF_POLL_FIRST_MS);
    }
    pdfCopies.push(performance.now() - pdfStart);
    return submitted;
  },
  async staffRead({ server, pools, staffCookie }, dueAt) {
    await call(server, 'GET', `${STAFF_API}/applicants?sort=saved&dir=desc`, 200, { cookie: staffCookie });
    const who = pools.submitters[Math.floor(Math.random() * pools.submitters.length)];
    await call(server, 'GET', `${STAFF_API}/applicants/${who.userId}`, 200, { cookie: staffCookie });
    return performance.now() - dueAt;
  },
};

/**
 * The mix at `applicantsPerHour` for `seconds`, then until every flow it started has ended. `during` runs once,
 * `during.afterMs` into it (the kill run's restart), while the load goes on.
 */
export async function runMix(
  ctx: MixContext,
  applicantsPerHour: number,
  seconds: number,
  during?: { afterMs: number; action: () => Promise<void> },
): Promise<NightStepFigures> {
  const samples = Object.fromEntries(NIGHT_KINDS.map((k) => [k, [] as number[]])) as Record<NightKind, number[]>;
  const errors = Object.fromEntries(NIGHT_KINDS.map((k) => [k, [] as string[]])) as Record<NightKind, string[]>;
  const due = Object.fromEntries(NIGHT_KINDS.map((k) => [k, 0])) as Record<NightKind, number>;
  const extras: FlowExtras = { conversions: [], pdfCopies: [] };
  const flows: Promise<void>[] = [];
  const start = performance.now();
  const duringDone = during ? sleep(during.afterMs).then(during.action) : Promise.resolve();

  const saveRate = ratePerSec('save', applicantsPerHour);
  const saves = openLoop(
    ctx.server.baseUrl,
    {
      route: 'PUT /api/answer',
      method: 'PUT',
      path: '/api/answer',
      body: ctx.pools.answersJson,
      cookies: ctx.pools.savers.map((s) => s.cookie),
      expectedStatus: 200,
    },
    ctx.pools.savers.length,
    saveRate,
    seconds,
    (session, status) => {
      if (status === 200) ctx.acks.saves[session] += 1;
    },
  );

  // The other kinds: each at its own rate, the first of each at a random phase of its interval.
  const others = NIGHT_KINDS.filter((k): k is Exclude<NightKind, 'save'> => k !== 'save');
  const schedule = others.map((kind) => {
    const intervalMs = 1000 / ratePerSec(kind, applicantsPerHour);
    return { kind, intervalMs, nextAt: start + Math.random() * intervalMs };
  });
  const end = start + seconds * 1000;
  while (performance.now() < end) {
    const now = performance.now();
    for (const s of schedule) {
      while (s.nextAt <= now && s.nextAt < end) {
        const dueAt = s.nextAt;
        due[s.kind] += 1;
        flows.push(
          FLOWS[s.kind](ctx, dueAt, extras).then(
            (latency) => void samples[s.kind].push(latency),
            (error: unknown) =>
              void errors[s.kind].push(error instanceof CallError ? error.message : String(error).slice(0, 200)),
          ),
        );
        s.nextAt += s.intervalMs;
      }
    }
    await sleep(1);
  }
  const saveRun = await saves;
  await Promise.all(flows);
  await duringDone;
  const elapsedS = (performance.now() - start) / 1000;

  const kinds = Object.fromEntries(
    NIGHT_KINDS.map((kind) => {
      if (kind === 'save') {
        return [
          kind,
          {
            due: Math.round(saveRate * seconds),
            done: saveRun.requests + saveRun.connectionErrors + saveRun.timeouts,
            perSec: saveRun.reqPerSec,
            p50Ms: saveRun.p50Ms,
            p95Ms: NaN,
            p99Ms: saveRun.p99Ms,
            errors: saveRun.errors,
            errorSamples: Object.entries(saveRun.statusCodes)
              .filter(([code]) => code !== '200')
              .map(([code, n]) => `${n}× ${code}`)
              .concat(saveRun.connectionErrors ? [`${saveRun.connectionErrors} connection errors`] : [])
              .concat(saveRun.timeouts ? [`${saveRun.timeouts} time-outs`] : []),
          },
        ];
      }
      const s = samples[kind];
      const failed = errors[kind];
      const distinct = [...new Set(failed)].slice(0, 3).map((m) => `${failed.filter((f) => f === m).length}× ${m}`);
      return [
        kind,
        {
          due: due[kind],
          done: s.length + failed.length,
          perSec: round(s.length / elapsedS, 2),
          p50Ms: ms(s, 0.5),
          p95Ms: ms(s, 0.95),
          p99Ms: ms(s, 0.99),
          errors: failed.length,
          errorSamples: distinct,
        },
      ];
    }),
  ) as Record<NightKind, KindFigures>;
  return {
    applicantsPerHour,
    seconds,
    kinds,
    conversion: {
      n: extras.conversions.length,
      p50Ms: ms(extras.conversions, 0.5),
      p95Ms: ms(extras.conversions, 0.95),
      maxMs: ms(extras.conversions, 1),
    },
    pdfCopy: { n: extras.pdfCopies.length, p50Ms: ms(extras.pdfCopies, 0.5), p99Ms: ms(extras.pdfCopies, 0.99) },
    saveSendLateP99Ms: saveRun.sendLateP99Ms,
  };
}
