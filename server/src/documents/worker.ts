import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { FILE_MAX_BYTES } from '../../../src/kernel/constants';
import { FILE_MESSAGES } from '../../../src/kernel/documents/fileRules';
import { CONVERSION_MESSAGES, ConversionError } from './convert';
import { createConverters, type ConvertersOptions } from './converters';
import { inspectUpload } from './inspect';
import { sizeLimitOf } from '../../../src/kernel/schoolReport/rules';
import { createJobLoop } from '../jobs/loop';
import { whileLeased } from '../jobs/lease';
import { MAX_ATTEMPTS, type DocumentService, type Job } from './service';
import { StoredObjectTooLarge, type Storage } from './storage';

export interface WorkerOptions {
  /** How often the queue is looked at when nobody woke the worker. */
  pollMs: number;
  /**
   * How long a claimed job stays this worker's without renewal: the worker renews it every third of it while it
   * converts, and another worker takes a job whose lease lapsed (its instance crashed).
   */
  leaseMs: number;
  /** The embedded database has one process: at start every job left in_progress is its own, taken back at once. */
  recoverAllAtStart: boolean;
  compress: boolean;
  log: FastifyBaseLogger;
  /** The conversion thread's and LibreOffice's limits (converters.ts); their defaults when absent. */
  converters?: ConvertersOptions;
}

const MAINTENANCE_EVERY_MS = 60_000;
/** How long a job waits for a file store that cannot be reached before it fails (not blaming the file). */
export const STORAGE_RETRY_FOR_MS = 60 * 60_000;
/** The wait before the next try while the file store is unreachable: half the time spent so far, 2 s to 1 min. */
export const storageRetryDelay = (waitedMs: number) => Math.min(60_000, Math.max(2_000, waitedMs / 2));

/**
 * The conversion worker: a loop in the server process that takes one job at a time from conversion_jobs (so a
 * job survives a restart), converts it (converters.ts) and records the outcome.
 * Its loop (jobs/loop.ts) is woken at once by kick() when a job is queued, otherwise it polls. stop() lets the running
 * job finish, then ends the converters; app.close() calls it before the database closes.
 */
export function createConversionWorker(service: DocumentService, storage: Storage, options: WorkerOptions) {
  const { log } = options;
  // Conversions run off the server's thread (LibreOffice, the conversion thread): requests never wait on them.
  const converter = createConverters(options.converters);
  let lastMaintenance = 0;
  const owner = crypto.randomUUID();

  /** The file store did not answer (or failed): the job waits and is tried again, then fails after an hour. */
  async function storageFailed(job: Job, error: unknown, what: string) {
    log.warn({ err: error, job: job.id }, `${what}; the job will be retried`);
    const waited = Date.now() - new Date(job.created_at ?? Date.now()).getTime();
    if (waited < STORAGE_RETRY_FOR_MS) await service.retryLater(job, storageRetryDelay(waited));
    else await service.fail(job, CONVERSION_MESSAGES.unavailable);
  }

  /** Converts a leased job, renewing the lease while it runs. */
  const processLeased = (job: Job) =>
    whileLeased(
      options.leaseMs,
      () => service.renewLease(job, owner, options.leaseMs),
      log,
      () => process(job),
    );

  async function process(job: Job) {
    if (job.attempts > MAX_ATTEMPTS) {
      await service.fail(job, CONVERSION_MESSAGES.failed);
      return;
    }
    let bytes: Buffer | null;
    // A counselor's documents have their own limit (src/kernel/schoolReport/rules.ts).
    const limit = sizeLimitOf(job.answer_key);
    try {
      bytes = await storage.get(job.file_key, limit?.maxBytes ?? FILE_MAX_BYTES);
    } catch (error) {
      if (error instanceof StoredObjectTooLarge) {
        await service.fail(job, limit?.tooLarge ?? FILE_MESSAGES.tooLarge);
        return;
      }
      await storageFailed(job, error, 'could not read an upload');
      return;
    }
    if (!bytes) {
      await service.fail(job, CONVERSION_MESSAGES.missing);
      return;
    }
    // Checked again: with S3 this server never saw the file before.
    const inspection = await inspectUpload(job.file_name, bytes, limit);
    if (!inspection.ok) {
      await service.fail(job, inspection.message);
      return;
    }
    let converted;
    try {
      converted = await converter.convert(inspection.kind, bytes);
    } catch (error) {
      if (!(error instanceof ConversionError)) log.error({ err: error, job: job.id }, 'conversion failed');
      await service.fail(job, error instanceof ConversionError ? error.message : CONVERSION_MESSAGES.failed);
      return;
    }
    const pdfKey = `converted/${job.user_id}/${job.answer_key}/${crypto.randomBytes(16).toString('base64url')}.pdf`;
    try {
      await storage.put(pdfKey, converted.bytes, 'application/pdf');
    } catch (error) {
      await storageFailed(job, error, 'could not store a converted PDF');
      return;
    }
    const recorded = await service.complete(job, { fileSize: bytes.length, pdfKey, pages: converted.pages });
    // Deleted or replaced while converting: the PDF belongs to nobody.
    if (!recorded) await storage.delete(pdfKey).catch(() => undefined);
  }

  async function maintain() {
    if (Date.now() - lastMaintenance < MAINTENANCE_EVERY_MS) return;
    lastMaintenance = Date.now();
    await service.removeAbandonedUploads();
  }

  /** Converts every waiting job, one at a time. */
  async function drain(stopping: () => boolean) {
    for (;;) {
      if (stopping()) return;
      const job = await service.claimNext(owner, options.leaseMs);
      if (!job) break;
      try {
        await processLeased(job);
      } catch (error) {
        log.error({ err: error, job: job.id }, 'conversion job failed');
        await service.fail(job, CONVERSION_MESSAGES.failed).catch(() => undefined);
      }
    }
    await maintain();
  }

  const loop = createJobLoop({ pollMs: options.pollMs, log, name: 'conversion worker', drain });

  return {
    /** Puts jobs a crash left in_progress back in the queue, then starts looking at it. */
    async start() {
      const recovered = options.recoverAllAtStart ? await service.recoverInterrupted(0) : 0;
      if (recovered > 0) log.info({ recovered }, 'conversion jobs interrupted by a restart were queued again');
      loop.start();
    },
    /** A job was queued: look now rather than at the next poll. */
    kick: loop.kick,
    async stop() {
      await loop.stop();
      await converter.stop();
    },
    /** Tests: convert what is waiting now, in this call. */
    runOnce: loop.runOnce,
  };
}

export type ConversionWorker = ReturnType<typeof createConversionWorker>;
