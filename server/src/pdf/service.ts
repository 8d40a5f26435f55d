import crypto from 'node:crypto';
import { AppError } from '../http/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { DocumentService } from '../documents/service';
import type { Storage } from '../documents/storage';
import type { PdfSettings, PrintAnswers, PrintDocument } from './types';
import type { PageRange } from './build';
import { printedApplication } from '../applications/table';
import { pdfFileName } from './fileNames';
import { createPdfBuildThread } from './buildInThread';
import { applicationIdOf } from '../../../src/kernel/applicationId';

/** The builder, the form definition and pdf-lib/pdfkit are loaded on the first PDF, not at start-up. */
const loadBuilder = async () => {
  const [{ attachedDocumentPages }, outline, { questionByKey }] = await Promise.all([
    import('./build'),
    import('./outline'),
    import('../../../src/kernel/form/definition'),
  ]);
  const definition = crypto.createHash('sha256').update(outline.definitionFingerprint()).digest('hex');
  return {
    attachedDocumentPages,
    printableApplication: outline.printableApplication,
    questionByKey,
    definition,
  };
};

/** SPEC §4 "PDF download status". */
export type PdfStatus = 'unprocessed' | 'in_progress' | 'completed' | 'failed';

export const PDF_MESSAGES = {
  failed: 'The PDF copy of your application could not be made. Please try again later.',
  notCurrent: 'This PDF copy is out of date. Please ask for a new copy.',
  /** The stored copy (or a document in it) cannot be read: never a copy without its documents, never a false 404. */
  unreadable: 'The PDF copy of your application could not be read from our storage. Please try again later.',
} as const;

/**
 * Bump when the layout changes: every cached copy is then rebuilt (2: Letter by default, the applicant's name and
 * page x of y on every page, times in the college's zone; 3: the college's name and the application id at the top).
 */
const BUILDER_VERSION = 3;
/** How long GET /api/pdf waits for a build before answering in_progress (the SPA polls every second). */
const WAIT_FOR_BUILD_MS = 2000;
/** A failed build is tried again on the next request after this long. */
const RETRY_FAILED_AFTER_MS = 60_000;
/**
 * On PostgreSQL, instances build one applicant's copy one at a time, under this advisory lock (with the user's id):
 * the second to ask waits for the first, then finds the copy built instead of building it again.
 */
const BUILD_LOCK_SQL = `SELECT pg_advisory_xact_lock(hashtext('admission:pdf-build'), $1::int)`;

interface Inputs {
  hash: string;
  answers: PrintAnswers;
  addAnother: Record<string, number>;
  tabs: Record<string, string>;
  submittedAt: Date | null;
  documents: Awaited<ReturnType<DocumentService['convertedPdfs']>>;
}

/**
 * The PDF copy of an application (GET /api/pdf). It is built from the form definition, the applicant's answers
 * and their converted documents, cached by a hash of all of those, and rebuilt when any of them changes.
 */
export function createApplicationPdfService(deps: {
  db: Db;
  storage: Storage;
  documents: DocumentService;
  log: FastifyBaseLogger;
  compress: boolean;
  /** Paper and time zone: part of what a copy shows, so part of its cache key too. */
  settings: PdfSettings;
  /** Each build's outcome (the metrics); 'skipped': another instance had just built the same copy. */
  onBuilt?: (outcome: 'completed' | 'failed' | 'skipped') => void;
}) {
  const { db, storage, documents, log } = deps;
  let builder: ReturnType<typeof loadBuilder> | undefined;
  const builderModules = () => (builder ??= loadBuilder());
  /** Builds running in this process, by user: concurrent requests share one. */
  const building = new Map<number, { hash: string; done: Promise<void> }>();
  /** The builds themselves run off the server's thread (buildInThread.ts). */
  const buildThread = createPdfBuildThread();

  async function inputs(userId: number, username: string): Promise<Inputs> {
    const { definition } = await builderModules();
    const app = await printedApplication(db, userId);
    const docs = await documents.convertedPdfs(userId);
    const hash = crypto
      .createHash('sha256')
      .update(
        JSON.stringify([
          BUILDER_VERSION,
          definition,
          deps.compress,
          deps.settings,
          username,
          app.answer,
          app.add_another,
          app.tabs,
          app.submitted_at ? new Date(app.submitted_at).toISOString() : null,
          docs.map((d) => [d.answer_key, d.pdf_key, d.file_name, d.file_size]),
        ]),
      )
      .digest('hex');
    return {
      hash,
      answers: app.answer,
      addAnother: app.add_another,
      tabs: app.tabs,
      submittedAt: app.submitted_at ? new Date(app.submitted_at) : null,
      documents: docs,
    };
  }

  async function record(userId: number, hash: string, result: { key: string; pages: number } | { message: string }) {
    const { rows } = await db.query<{ storage_key: string | null }>(
      'SELECT storage_key FROM application_pdfs WHERE user_id = $1',
      [userId],
    );
    const completed = 'key' in result;
    await db.query(
      `INSERT INTO application_pdfs (user_id, source_hash, status, message, storage_key, page_count, built_at)
       VALUES ($1, $2, $3, $4, $5, $6, now())
       ON CONFLICT (user_id) DO UPDATE SET source_hash = $2, status = $3, message = $4, storage_key = $5,
              page_count = $6, built_at = now()`,
      [
        userId,
        hash,
        completed ? 'completed' : 'failed',
        completed ? '' : result.message,
        completed ? result.key : null,
        completed ? result.pages : null,
      ],
    );
    const previous = rows[0]?.storage_key;
    if (previous && (!completed || previous !== result.key)) await storage.delete(previous).catch(() => undefined);
  }

  /**
   * Builds the copy once across instances: on PostgreSQL under BUILD_LOCK_SQL, skipped when the copy of these inputs
   * was recorded meanwhile (completed, or failed within RETRY_FAILED_AFTER_MS). The embedded database has one
   * process, whose `building` map already shares a build between requests.
   */
  async function build(userId: number, username: string, input: Inputs) {
    if (db.kind !== 'postgres') return buildNow(userId, username, input);
    await db
      .transaction(async (tx) => {
        await tx.query(BUILD_LOCK_SQL, [userId]);
        const { rows } = await tx.query(
          `SELECT 1 FROM application_pdfs WHERE user_id = $1 AND source_hash = $2
              AND (status = 'completed' OR built_at > now() - make_interval(secs => $3::double precision))`,
          [userId, input.hash, RETRY_FAILED_AFTER_MS / 1000],
        );
        if (rows.length > 0) deps.onBuilt?.('skipped');
        else await buildNow(userId, username, input);
      })
      .catch((error: unknown) => log.error({ err: error }, 'application PDF build lock failed'));
  }

  /**
   * What the copy of these inputs prints: the form as answered, and the documents it appends, in order. The
   * documents of questions the copy leaves out (a tab no longer chosen: its file is kept a few seconds for the
   * switch's Undo, and stays if the page closed meanwhile) are no longer part of the application.
   */
  async function printed(input: Inputs) {
    const { printableApplication, questionByKey } = await builderModules();
    const form = printableApplication({ answers: input.answers, addAnother: input.addAnother, tabs: input.tabs });
    const shown = new Set(
      form.pages.flatMap((page) => page.sections.flatMap((section) => section.questions.map((q) => q.key))),
    );
    const leftOut = (key: string) => questionByKey(key) !== undefined && !shown.has(key);
    const documents = input.documents
      .filter((doc) => !leftOut(doc.answer_key))
      .map((d) => ({
        answerKey: d.answer_key,
        label: questionByKey(d.answer_key)?.label ?? d.answer_key,
        fileName: d.file_name,
        fileSize: Number(d.file_size),
        pdfKey: d.pdf_key,
        pages: Number(d.page_count),
      }));
    return { form, documents };
  }

  async function buildNow(userId: number, username: string, input: Inputs) {
    try {
      const { form, documents: attached } = await printed(input);
      const printDocuments: PrintDocument[] = [];
      for (const { pdfKey, ...d } of attached) {
        const bytes = await storage.get(pdfKey);
        // A copy that leaves a document out must not be reported complete (a folder another instance cannot see).
        if (!bytes) throw new Error(`converted document ${d.answerKey} is missing from storage (${pdfKey})`);
        printDocuments.push({ ...d, bytes });
      }
      const pdf = await buildThread.build({
        form,
        answers: input.answers,
        username,
        applicationId: applicationIdOf(userId),
        submittedAt: input.submittedAt,
        documents: printDocuments,
        compress: deps.compress,
        settings: deps.settings,
      });
      const key = `applications/${userId}/${crypto.randomBytes(16).toString('base64url')}.pdf`;
      await storage.put(key, pdf.bytes, 'application/pdf');
      await record(userId, input.hash, { key, pages: pdf.pages });
      deps.onBuilt?.('completed');
    } catch (error) {
      log.error({ err: error }, 'application PDF build failed');
      deps.onBuilt?.('failed');
      await record(userId, input.hash, { message: PDF_MESSAGES.failed }).catch(() => undefined);
    }
  }

  const urlFor = (hash: string) => `/api/pdf/file?v=${hash.slice(0, 32)}`;

  /** GET /api/pdf: completed with a download URL, or in_progress while the copy is (re)built. */
  async function status(
    userId: number,
    username: string,
    waited = false,
  ): Promise<{ status: PdfStatus; url?: string; message?: string }> {
    const input = await inputs(userId, username);
    const { rows } = await db.query<{ source_hash: string; status: string; message: string; built_at: Date }>(
      'SELECT source_hash, status, message, built_at FROM application_pdfs WHERE user_id = $1',
      [userId],
    );
    const cached = rows[0];
    if (cached?.source_hash === input.hash) {
      if (cached.status === 'completed') return { status: 'completed', url: urlFor(input.hash) };
      if (Date.now() - new Date(cached.built_at).getTime() < RETRY_FAILED_AFTER_MS) {
        return { status: 'failed', message: cached.message || PDF_MESSAGES.failed };
      }
    }
    let running = building.get(userId);
    if (!running || running.hash !== input.hash) {
      const done = build(userId, username, input).finally(() => {
        if (building.get(userId)?.done === done) building.delete(userId);
      });
      running = { hash: input.hash, done };
      building.set(userId, running);
    }
    if (waited) return { status: 'in_progress' };
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      running.done.then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), WAIT_FOR_BUILD_MS);
      }),
    ]);
    clearTimeout(timer);
    if (!finished) return { status: 'in_progress' };
    // Built: answer from what was recorded (the answers may have changed meanwhile; then this says in_progress).
    return status(userId, username, true);
  }

  return {
    status,

    /** The stored copy for GET /api/pdf/file?v=…, only when v names the current copy of this applicant. */
    async file(userId: number, version: string): Promise<Buffer | null> {
      const { rows } = await db.query<{ source_hash: string; storage_key: string | null }>(
        `SELECT source_hash, storage_key FROM application_pdfs WHERE user_id = $1 AND status = 'completed'`,
        [userId],
      );
      const row = rows[0];
      if (!row?.storage_key || version.length < 16 || !row.source_hash.startsWith(version)) return null;
      const bytes = await storage.get(row.storage_key);
      if (!bytes) {
        log.error({ key: row.storage_key }, 'the current application PDF is missing from storage');
        throw new AppError(503, PDF_MESSAGES.unreadable, 'StorageUnavailable');
      }
      return bytes;
    },

    /** The copy's download name, from the applicant's answers (their name). */
    async fileName(userId: number): Promise<string> {
      return pdfFileName((await printedApplication(db, userId)).answer);
    },

    /**
     * Where each document the copy appends lies in it ("pages 7–9"), as the copy of the current answers lays them
     * out, whether or not it was built yet (the print view lists them so).
     */
    async attachedPages(userId: number, username: string): Promise<Record<string, PageRange>> {
      const input = await inputs(userId, username);
      const { form, documents: attached } = await printed(input);
      if (attached.length === 0) return {};
      const { attachedDocumentPages } = await builderModules();
      return attachedDocumentPages({
        form,
        answers: input.answers,
        username,
        applicationId: applicationIdOf(userId),
        submittedAt: input.submittedAt,
        documents: attached,
        compress: deps.compress,
        settings: deps.settings,
      });
    },

    /** Waits for the builds in flight (app.close). */
    async stop() {
      await Promise.all([...building.values()].map((b) => b.done));
      await buildThread.stop();
    },
  };
}

export type ApplicationPdfService = ReturnType<typeof createApplicationPdfService>;
