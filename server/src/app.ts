import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { postgresRateLimitStore } from './http/rateLimitStore';
import { SHELL_START_SCRIPT } from '../../src/kernel/shells';
import type { Config } from './config';
import { openDb, type Db } from './db/client';
import { createVacuumTimer } from './db/vacuum';
import { registerArrivalTime } from './http/arrival';
import { registerCsrf } from './http/csrf';
import { registerErrorHandler } from './http/errors';
import { registerJsonBodyParser } from './http/jsonBody';
import { registerSecurityHeaders } from './http/securityHeaders';
import { loggerOptions } from './http/logging';
import { registerSpa } from './http/static';
import { printViewPages } from './printView/page';
import { createMailer, type Mailer } from './mail/mailer';
import { queueReceipt } from './mail/receiptJobs';
import { createReceiptWorker, RECEIPT_POLL_MS, type ReceiptWorker } from './mail/receiptWorker';
import { createIdentityService, type IdentityService } from './identity/service';
import { createAnswerService, type AnswerService } from './answers/service';
import { createDeadline } from './deadline/rule';
import { createTokenService, type TokenService } from './tokens/service';
import { tokenRoutes } from './tokens/routes';
import { adminRoutes } from './admin/routes';
import { createLookupService, type LookupService } from './lookup/service';
import { prepareDatabase } from './prepare';
import { lookupRoutes } from './lookup/routes';
import { COUNSELOR_UPLOAD_PATH, createStorage, LOCAL_UPLOAD_PATH } from './documents/storage';
import { createDocumentService, type DocumentService } from './documents/service';
import { createConversionWorker, type ConversionWorker } from './documents/worker';
import { createApplicationPdfService, type ApplicationPdfService } from './pdf/service';
import { registerApplicantApi } from './applicantApi';
import { registerStaff, STAFF_CROSS_SITE_POSTS } from './staff';
import { registerCounselor } from './counselor';
import { createSchoolReportService, type SchoolReportService } from './schoolReport/service';
import { createSchoolReportWorker, type SchoolReportWorker } from './schoolReport/worker';
import { createServiceStatus, type ServiceStatusService } from './serviceStatus/service';
import { registerOperations } from './health';
import { createMetrics, type Metrics } from './metrics/registry';

/** CSP source that allows exactly the shell's start script (src/kernel/shells.ts) and no other inline script. */
const SHELL_START_SCRIPT_HASH = `'sha256-${crypto.createHash('sha256').update(SHELL_START_SCRIPT).digest('base64')}'`;

export interface Services {
  identity: IdentityService;
  answers: AnswerService;
  tokens: TokenService;
  lookup: LookupService;
  mailer: Mailer;
  documents: DocumentService;
  conversionWorker: ConversionWorker;
  receiptWorker: ReceiptWorker;
  applicationPdf: ApplicationPdfService;
  schoolReport: SchoolReportService;
  schoolReportWorker: SchoolReportWorker;
  /** The operator's notice and maintenance mode (the admin CLI and API set them; every instance reads them). */
  serviceStatus: ServiceStatusService;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    services: Services;
    /** Running it as a service: the metrics, and drain() (SIGTERM: /readyz says 503 from then on). */
    operations: { metrics: Metrics; drain(): void };
  }
}

/** A request body may be at most this large; the answer map itself is limited to 1 MB (→ 400). */
const BODY_LIMIT = 1_500_000;
/** How often the HTTP server checks for requests that took longer than requestTimeout to arrive. */
const REQUEST_CHECK_EVERY_MS = 2_000;
/** The request's headers must arrive within this (Node's default), or within requestTimeout when shorter. */
const HEADERS_TIMEOUT_MS = 60_000;

/** A start that fails after the database opened closes it (its connections would otherwise linger). */
const closeAndThrow = (db: Db) => async (error: unknown) => {
  await db.close().catch(() => undefined);
  throw error;
};

/** The whole API server, ready to listen or to be driven by app.inject in tests. */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, config.logStream),
    genReqId: () => crypto.randomUUID(),
    bodyLimit: BODY_LIMIT,
    // A request (headers and body) must arrive within this: a body sent slowly (on purpose or not) is ended with
    // 408 instead of holding a connection for minutes.
    requestTimeout: config.requestTimeoutMs,
    // Given to Node's server when it is made: set afterwards (as Fastify sets requestTimeout), the limit was never
    // applied while headersTimeout (60 s) was longer. Node looks for late requests every connectionsCheckingInterval
    // (30 s by default): often enough here that a request is ended close to its limit.
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(REQUEST_CHECK_EVERY_MS, config.requestTimeoutMs),
    },
    trustProxy: config.trustProxy,
    // Types are not coerced: a number where a string belongs is a 400, not silently "123".
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false, allowUnionTypes: true } },
  });

  // First of all the hooks: a request's arrival is dated before any of them can make it wait.
  registerArrivalTime(app);

  const db = await openDb(config);
  app.addHook('onClose', async () => db.close());
  const { uploadSecret } = await prepareDatabase(db, config).catch(closeAndThrow(db));

  const metrics = createMetrics(db);
  const mailer = createMailer(config, app.log);
  // The receipt of a submission: a job queued by the submission's transaction, mailed by a worker in every instance
  // (one sends each), retried with back-off (mail/receiptWorker.ts).
  const receiptWorker = createReceiptWorker({
    db,
    mailer,
    log: app.log,
    collegeName: config.collegeName,
    collegeTimeZone: config.collegeTimeZone,
    publicUrl: config.publicUrl,
    pollMs: RECEIPT_POLL_MS,
    leaseMs: config.jobLeaseMs,
  });
  // The counselor's school report: its mails (the request, reminders days ahead, the applicant's news) are jobs in
  // the database, sent by a worker in every instance (one sends each: schoolReport/worker.ts).
  const schoolReportWorker = createSchoolReportWorker({
    db,
    mailer,
    log: app.log,
    secret: uploadSecret,
    collegeName: config.collegeName,
    collegeTimeZone: config.collegeTimeZone,
    publicUrl: config.publicUrl,
    pollMs: config.schoolReportPollMs,
    leaseMs: config.jobLeaseMs,
  });
  const schoolReport = createSchoolReportService({
    db,
    secret: uploadSecret,
    cycleEnd: config.schoolReportCycleEnd,
    timeZone: config.collegeTimeZone,
    onQueued: () => schoolReportWorker.kick(),
  });
  // Documents: files in a local folder or S3; conversions run by a worker in this process (jobs in the database).
  const storage = createStorage(config, uploadSecret);
  const documents = createDocumentService({
    db,
    storage,
    uploadSecret,
    log: app.log,
    onJobQueued: () => conversionWorker.kick(),
  });
  const conversionWorker = createConversionWorker(documents, storage, {
    pollMs: config.documentPollMs,
    // The embedded database has one process, so whatever is in_progress at start-up was interrupted.
    recoverAllAtStart: db.kind === 'pglite',
    leaseMs: config.jobLeaseMs,
    compress: config.pdfCompress,
    log: app.log,
  });
  // The application deadline (APPLICATION_DEADLINE): Submit closes, but for applicants staff reopened it for.
  const deadline = createDeadline(db, config.deadline);
  const services: Services = {
    identity: createIdentityService(db, mailer, config, app.log),
    answers: createAnswerService(db, {
      admitSubmit: deadline.admitSubmit,
      // The receipt and the counselor's request are made by the submission's transaction: each exists exactly
      // when the submission does.
      recordSubmitted: async (tx, { userId, username, name, submittedAt }) => {
        await queueReceipt(tx, userId, { to: username, name, submittedAt });
        await schoolReport.onSubmitted(tx, userId);
      },
      onSubmitted: () => {
        receiptWorker.kick();
        schoolReport.afterSubmitted();
      },
    }),
    tokens: createTokenService(db),
    lookup: createLookupService(db),
    mailer,
    documents,
    conversionWorker,
    receiptWorker,
    schoolReport,
    schoolReportWorker,
    serviceStatus: createServiceStatus(db, { cacheMs: config.serviceStatusCacheMs }),
    applicationPdf: createApplicationPdfService({
      db,
      storage,
      documents,
      log: app.log,
      compress: config.pdfCompress,
      settings: { paperSize: config.paperSize, timeZone: config.collegeTimeZone, collegeName: config.collegeName },
      onBuilt: metrics.pdfBuilt,
    }),
  };
  app.decorate('db', db);
  app.decorate('services', services);
  app.decorateRequest('user', null);
  // The workers start with the server (not in the admin CLI, which never gets ready) and stop before the
  // database closes, letting a running conversion or mail finish.
  app.addHook('onReady', async () => conversionWorker.start());
  app.addHook('onReady', async () => receiptWorker.start());
  app.addHook('onReady', async () => schoolReportWorker.start());
  // The embedded database has no autovacuum (db/vacuum.ts): the server runs VACUUM itself, from the same hooks.
  const vacuumTimer = createVacuumTimer(db, app.log);
  app.addHook('onReady', async () => vacuumTimer?.start());
  // Mail and writes an account call left for after its answer (identity/afterAnswer.ts) finish before the database
  // closes (onClose hooks run last registered first, once no request is in flight).
  app.addHook('onClose', async () => services.identity.settled());
  app.addHook('preClose', async () => {
    await vacuumTimer?.stop();
    await conversionWorker.stop();
    await receiptWorker.stop();
    await schoolReportWorker.stop();
    await services.applicationPdf.stop();
  });

  registerJsonBodyParser(app);

  // Security headers and the request's id on every response (http/securityHeaders.ts: helmet's, listed once).
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // A shell page's one inline script (it starts the app after the shell has painted), by its hash.
        scriptSrc: ["'self'", SHELL_START_SCRIPT_HASH],
        // antd writes its styles at run time (CSS-in-JS).
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // With S3, the browser posts uploads straight to the bucket.
        connectSrc: ["'self'", ...(storage.uploadOrigin ? [storage.uploadOrigin] : [])],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Tokens travel in query strings (public links, service view): never leak them to other sites.
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    // Several instances on one PostgreSQL database share their counters; PGlite serves one process.
    ...(db.kind === 'postgres' ? { store: postgresRateLimitStore(db, app.log) } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: `Too many requests. Please wait ${context.after} and try again.`,
      code: 'TooManyRequests',
    }),
  });
  registerErrorHandler(app);
  const { drain } = await registerOperations(app, { db, config, storage, metrics });
  app.decorate('operations', { metrics, drain });
  registerCsrf(app, {
    multipartPaths: [LOCAL_UPLOAD_PATH, COUNSELOR_UPLOAD_PATH],
    crossSiteFormPaths: STAFF_CROSS_SITE_POSTS,
  });

  const publicRateLimit = { max: config.publicRateLimit, timeWindow: '1 minute' };
  // The applicants' scope first: its check refuses an /api route registered anywhere outside it.
  await registerApplicantApi(app, {
    db,
    config,
    identity: services.identity,
    answers: services.answers,
    documents,
    applicationPdf: services.applicationPdf,
    schoolReport,
    serviceStatus: services.serviceStatus,
    deadline,
    publicRateLimit,
  });
  tokenRoutes(app, { tokens: services.tokens, publicRateLimit, storage });
  adminRoutes(app, {
    adminToken: config.adminApiToken,
    publicUrl: config.publicUrl,
    rateLimit: publicRateLimit,
    filesDir: config.filesDir,
  });
  lookupRoutes(app, { lookup: services.lookup, publicRateLimit });
  await registerStaff(app, {
    db,
    config,
    mailer,
    rateLimit: publicRateLimit,
    storage,
    applicationPdf: services.applicationPdf,
  });
  await registerCounselor(app, {
    db,
    documents,
    collegeName: config.collegeName,
    rateLimit: publicRateLimit,
    onQueued: () => schoolReportWorker.kick(),
  });
  // The print view's pages (server/src/printView), rendered per request into the shells the SPA's server serves.
  const printView = printViewPages(app, config.staticDir, {
    tokens: services.tokens,
    rateLimit: publicRateLimit,
    attachedPages: services.applicationPdf.attachedPages,
  });
  await registerSpa(app, config.staticDir, config.clientConfig, printView);

  return app;
}
