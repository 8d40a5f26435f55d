import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PARTNER } from '../../src/kernel/partner';
import { collegeTimeToInstant } from './collegeDays';

/**
 * Everything the server reads from the environment, in one place, with the embedded defaults:
 * no variable set → PGlite in ./data/db, mail written to ./data/outbox, SPA from ./dist.
 * The README's configuration table lists the same variables; keep the two together.
 */
/** Settings the SPA reads at run time from index.html's app-config meta tag (only those that are set). */
export interface ClientConfig {
  inactivityTimeoutMs?: number;
  inactivityWarningMs?: number;
  /** COLLEGE_TIME_ZONE when set: the deadline banners' windows are computed in it. */
  collegeTimeZone?: string;
  /** APPLICATION_DEADLINE when set, as an instant (ISO 8601): the form pages count down to it (features/deadline). */
  deadline?: string;
}

export interface Config {
  host: string;
  port: number;
  /** Where the embedded database, the outbox and uploaded files (files/) live. */
  dataDir: string;
  /** PostgreSQL connection string; when unset the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Only with databaseUrl: a schema to work in (tests use one schema per file). */
  databaseSchema?: string;
  /** In-memory PGlite (tests); `loadDataDir` restores a migrated template. */
  memoryDb?: { loadDataDir?: Blob };
  smtpUrl?: string;
  mailFrom: string;
  outboxDir: string;
  /** The address applicants use, for links in mail (reset link). Never taken from the Host header. */
  publicUrl: string;
  /** Built SPA; served when the folder exists. */
  staticDir: string;
  logLevel: string;
  /** Requests per minute and IP on /public, /service and /lookup. */
  publicRateLimit: number;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  trustProxy: boolean;
  /** Enables /admin/* (token commands over HTTP) for callers presenting it as a Bearer token. */
  adminApiToken?: string;
  clientConfig: ClientConfig;
  /** Tests capture the log here to check that no secret is written. */
  logStream?: NodeJS.WritableStream;
  /** Uploaded documents and PDFs when S3 is not configured (Documents issue). */
  filesDir: string;
  /**
   * Signs the upload policies of local storage (HMAC-SHA256). When unset, one is generated once and kept in the
   * database (server_secrets), so restarts and every instance on the same database agree.
   */
  uploadSecret?: string;
  /** S3-compatible storage for documents; when unset, files live in filesDir. */
  s3?: S3Config;
  /** pdfkit stream compression; tests turn it off to read the PDFs' text. */
  pdfCompress: boolean;
  /** How often the conversion worker looks for new jobs (it is also woken on every new job). */
  documentPollMs: number;
  /**
   * How long an instance serves the operator's notice and maintenance mode from memory before reading them again:
   * what one instance sets, the others serve within this (serviceStatus/service.ts).
   */
  serviceStatusCacheMs: number;
  /**
   * A conversion job's lease (documents/worker.ts): renewed while it converts; when an instance crashes, another
   * takes its job once the lease lapses. 15 s keeps that within 30 s with room for a slow renewal.
   */
  jobLeaseMs: number;
  /** The whole request must arrive within this (REQUEST_TIMEOUT_MS); a 1 MB upload needs ~130 kbit/s. */
  requestTimeoutMs: number;
  /**
   * Server processes sharing the port (SERVER_PROCESSES, processes.ts): one per core (up to 4) by default on
   * PostgreSQL, where they are instances on the shared database; always 1 on the embedded database, which one
   * process owns.
   */
  serverProcesses: number;
  /** The staff console's sign-in (server/src/staff/). */
  staff: StaffConfig;
  /** The college's name in mail and on the PDF copy (COLLEGE_NAME; the partner configuration's by default). */
  collegeName: string;
  /**
   * The IANA time zone every time shown to applicants and staff is written in, with the zone named
   * (COLLEGE_TIME_ZONE, default America/New_York): the receipt, the PDF copy, the print view, the deadline banners.
   */
  collegeTimeZone: string;
  /** The application deadline (APPLICATION_DEADLINE, DEADLINE_GRACE_MINUTES); unset, Submit never closes. */
  deadline?: DeadlineConfig;
  /** The PDF copy's paper (PAPER_SIZE: LETTER by default, or A4). */
  paperSize: 'LETTER' | 'A4';
  /**
   * The admission cycle's last day (SCHOOL_REPORT_CYCLE_END, YYYY-MM-DD, a day in the college's zone): counselors'
   * links die and reminders stop at its end. By default the coming 31 July.
   */
  schoolReportCycleEnd: string;
  /** How often each instance looks for school report mails that are due (reminders are queued days ahead). */
  schoolReportPollMs: number;
  /** Running it as a service (server/src/health, server/src/metrics, README "Running it as a service"). */
  service: ServiceConfig;
}

/** When Submit closes (server/src/deadline/): a submit that arrived before closesAt + graceMs is accepted. */
export interface DeadlineConfig {
  closesAt: Date;
  /** Submits still accepted this long after closesAt (and after a staff reopening's end): a slow network's last try. */
  graceMs: number;
}

export interface ServiceConfig {
  /** GET /metrics on the server's port, for callers sending `Authorization: Bearer <token>` (METRICS_TOKEN). */
  metricsToken?: string;
  /** Prometheus text on http://127.0.0.1:<port>/metrics (METRICS_PORT); with several processes, their sum. */
  metricsPort?: number;
  /** After SIGTERM, /readyz answers 503 this long while requests are still served, before the drain. */
  shutdownDelayMs: number;
  /** 503 with Retry-After while the event loop lags more than this (0: never); the rule: health/lag.ts. */
  shedEventLoopDelayMs: number;
  /** … or while the heap holds more than this (0: never). */
  shedHeapUsedBytes: number;
  /** Seconds the Retry-After of an overloaded answer says. */
  shedRetryAfterSeconds: number;
}

export interface StaffConfig {
  /** A staff session ends after this long unused (30 minutes) or this long after sign-in (12 hours). */
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** Single sign-on with the college's OpenID Connect provider: on when STAFF_OIDC_ISSUER is set. */
  oidc?: StaffOidcConfig;
  /**
   * The AES-256 key the authenticator secrets are encrypted under (STAFF_TOTP_KEY, 32 bytes). Unset, the server
   * keeps its own in DATA_DIR/staff-totp.key, never in the database (staff/accounts/totpKey.ts).
   */
  totpKey?: Buffer;
  /** SAML 2.0 sign-in (Shibboleth, InCommon…): on when STAFF_SAML_METADATA_URL or STAFF_SAML_METADATA_FILE is set. */
  saml?: StaffSamlConfig;
}

export interface StaffSamlConfig {
  /** Where the identity provider's metadata is read: an http(s) URL (read again every few hours) or a file. */
  metadata: { url: string } | { file: string };
  /** The entity id of the identity provider to use when the metadata describes several (a federation's). */
  idpEntityId?: string;
  /** The service provider's own key and certificate (PEM): requests are signed, encrypted assertions decrypted. */
  spKey: string;
  spCert: string;
  /** Refuse assertions whose AuthnContextClassRef is not REFEDS MFA (https://refeds.org/profile/mfa). */
  requireMfa: boolean;
  /** The button's words: "Sign in with …" (STAFF_SAML_NAME). */
  name: string;
}

export interface StaffOidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Refuse ID tokens whose amr/acr does not show multi-factor authentication. */
  requireMfa: boolean;
  /** acr values that count as multi-factor (STAFF_OIDC_MFA_ACR, comma-separated), besides amr's MFA methods. */
  mfaAcrValues: string[];
  /** The button's words: "Sign in with …" (STAFF_OIDC_NAME). */
  name: string;
  /**
   * STAFF_OIDC_TRUST_EMAIL=true: the provider's emails are the college's own (managed, not chosen by users), so an
   * email without `email_verified: true` may still bind an invited account at its first sign-in.
   */
  trustEmail: boolean;
}

export interface S3Config {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2…): their URL. */
  endpoint?: string;
  /** Without keys the AWS SDK's default credential chain is used (instance role, ~/.aws, …). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

const MINUTE = 60_000;
/**
 * SERVER_PROCESSES's default on PostgreSQL is one per core, but at most this many: each process holds up to
 * DB_POOL_SIZE connections (db/client.ts), and 4 × 10 leaves room within PostgreSQL's default max_connections (100)
 * for another instance and the admin's tools. More cores: set SERVER_PROCESSES and max_connections together.
 */
const DEFAULT_MAX_PROCESSES = 4;

/**
 * SHED_EVENT_LOOP_DELAY_MS's default. Off under jest: its workers run many servers in one process and load modules
 * (transpiled on the fly) for seconds at a time, which would turn other tests' answers into 503s; the shedding's
 * own test turns it on.
 */
const DEFAULT_SHED_LAG_MS = process.env.JEST_WORKER_ID ? 0 : 1_000;

function s3FromEnv(env: NodeJS.ProcessEnv): S3Config | undefined {
  if (!env.S3_BUCKET) return undefined;
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  if (env.S3_ENDPOINT && !/^https?:\/\//.test(env.S3_ENDPOINT)) throw new Error('S3_ENDPOINT must be an http(s) URL');
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    endpoint: env.S3_ENDPOINT || undefined,
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
  };
}

function staffOidcFromEnv(env: NodeJS.ProcessEnv): StaffOidcConfig | undefined {
  if (!env.STAFF_OIDC_ISSUER) return undefined;
  if (!env.STAFF_OIDC_CLIENT_ID || !env.STAFF_OIDC_CLIENT_SECRET) {
    throw new Error('STAFF_OIDC_ISSUER needs STAFF_OIDC_CLIENT_ID and STAFF_OIDC_CLIENT_SECRET');
  }
  if (!/^https?:\/\//.test(env.STAFF_OIDC_ISSUER)) throw new Error('STAFF_OIDC_ISSUER must be an http(s) URL');
  return {
    issuer: env.STAFF_OIDC_ISSUER,
    clientId: env.STAFF_OIDC_CLIENT_ID,
    clientSecret: env.STAFF_OIDC_CLIENT_SECRET,
    requireMfa: env.STAFF_OIDC_REQUIRE_MFA === 'true',
    mfaAcrValues: (env.STAFF_OIDC_MFA_ACR || 'http://schemas.openid.net/pape/policies/2007/06/multi-factor')
      .split(',')
      .map((value) => value.trim())
      .filter(Boolean),
    name: env.STAFF_OIDC_NAME || 'your college account',
    trustEmail: env.STAFF_OIDC_TRUST_EMAIL === 'true',
  };
}

/** STAFF_TOTP_KEY: 32 bytes as 64 hex digits or as base64 (`openssl rand -base64 32`), else a start-up error. */
function totpKeyFromEnv(value: string | undefined): Buffer | undefined {
  if (!value) return undefined;
  const text = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(text)
    ? Buffer.from(text, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(text)
      ? Buffer.from(text, 'base64')
      : undefined;
  if (key?.length !== 32) {
    throw new Error('STAFF_TOTP_KEY must be 32 bytes, as 64 hex digits or base64 (e.g. openssl rand -base64 32)');
  }
  return key;
}

/** A PEM given as such, or read from the file the value names (STAFF_SAML_SP_KEY, STAFF_SAML_SP_CERT). */
function pemOrFile(value: string, name: string, kind: 'PRIVATE KEY' | 'CERTIFICATE'): string {
  // A PEM in one environment line often has its line breaks written as \n.
  const pem = value.includes('-----BEGIN') ? value.replace(/\\n/g, '\n') : readFileOf(value, name);
  if (!new RegExp(`-----BEGIN ([A-Z]+ )?${kind}-----`).test(pem)) {
    throw new Error(`${name} must be a PEM ${kind.toLowerCase()} or the path of a file holding one`);
  }
  return pem;
}

function readFileOf(file: string, name: string): string {
  try {
    return fs.readFileSync(path.resolve(file), 'utf8');
  } catch {
    throw new Error(`${name}: cannot read the file ${file}`);
  }
}

function staffSamlFromEnv(env: NodeJS.ProcessEnv): StaffSamlConfig | undefined {
  const url = env.STAFF_SAML_METADATA_URL;
  const file = env.STAFF_SAML_METADATA_FILE;
  if (!url && !file) return undefined;
  if (url && file) throw new Error('Set STAFF_SAML_METADATA_URL or STAFF_SAML_METADATA_FILE, not both');
  if (url && !/^https?:\/\//.test(url)) throw new Error('STAFF_SAML_METADATA_URL must be an http(s) URL');
  if (!env.STAFF_SAML_SP_KEY || !env.STAFF_SAML_SP_CERT) {
    throw new Error("SAML sign-in needs STAFF_SAML_SP_KEY and STAFF_SAML_SP_CERT (this service provider's own)");
  }
  return {
    metadata: url ? { url } : { file: path.resolve(file!) },
    idpEntityId: env.STAFF_SAML_IDP_ENTITY_ID || undefined,
    spKey: pemOrFile(env.STAFF_SAML_SP_KEY, 'STAFF_SAML_SP_KEY', 'PRIVATE KEY'),
    spCert: pemOrFile(env.STAFF_SAML_SP_CERT, 'STAFF_SAML_SP_CERT', 'CERTIFICATE'),
    requireMfa: env.STAFF_SAML_REQUIRE_MFA === 'true',
    name: env.STAFF_SAML_NAME || 'your college account',
  };
}

/** An IANA time zone the runtime knows (COLLEGE_TIME_ZONE), else a start-up error. */
function timeZone(value: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    throw new Error(`COLLEGE_TIME_ZONE must be an IANA time zone such as America/New_York, got "${value}"`);
  }
}

/** APPLICATION_DEADLINE, a local date and time in the college's zone, and its grace; else a start-up error. */
function deadlineFromEnv(env: NodeJS.ProcessEnv, zone: string): DeadlineConfig | undefined {
  const graceMs = int(env.DEADLINE_GRACE_MINUTES, 0, 'DEADLINE_GRACE_MINUTES') * MINUTE;
  const local = env.APPLICATION_DEADLINE?.trim();
  if (!local) return undefined;
  const closesAt = collegeTimeToInstant(local, zone);
  if (closesAt) return { closesAt, graceMs };
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local) && collegeTimeToInstant(local, 'UTC')) {
    throw new Error(
      `APPLICATION_DEADLINE ${local} does not exist in ${zone}: its clocks skip that hour (daylight saving). Choose another time`,
    );
  }
  throw new Error(
    `APPLICATION_DEADLINE must be a local date and time in COLLEGE_TIME_ZONE (${zone}) as YYYY-MM-DDTHH:MM, without an offset, e.g. 2027-01-15T23:59; got "${env.APPLICATION_DEADLINE}"`,
  );
}

function paperSize(value: string | undefined): 'LETTER' | 'A4' {
  const size = (value || 'LETTER').toUpperCase();
  if (size === 'LETTER' || size === 'A4') return size;
  throw new Error(`PAPER_SIZE must be LETTER or A4, got "${value}"`);
}

/** A YYYY-MM-DD that is a real day, or the coming 31 July (the end of a US admission cycle). */
function cycleEnd(value: string | undefined): string {
  if (value) {
    const day = new Date(`${value}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) {
      throw new Error(`SCHOOL_REPORT_CYCLE_END must be a day as YYYY-MM-DD, got "${value}"`);
    }
    return value;
  }
  const now = new Date();
  const year = now.getUTCMonth() > 6 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
  return `${year}-07-31`;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const root = process.cwd();
  const dataDir = path.resolve(root, env.DATA_DIR || 'data');
  const port = int(env.PORT, 3000, 'PORT');
  const collegeTimeZone = timeZone(env.COLLEGE_TIME_ZONE || PARTNER.timeZone);
  const deadline = deadlineFromEnv(env, collegeTimeZone);
  const config: Config = {
    host: env.HOST || '0.0.0.0',
    port,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Admissions <admissions@localhost>',
    outboxDir: path.resolve(root, env.OUTBOX_DIR || path.join(dataDir, 'outbox')),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    staticDir: path.resolve(root, env.STATIC_DIR || 'dist'),
    logLevel: env.LOG_LEVEL || 'info',
    publicRateLimit: int(env.PUBLIC_RATE_LIMIT, 120, 'PUBLIC_RATE_LIMIT'),
    sessionIdleMs: int(env.SESSION_IDLE_MINUTES, 30, 'SESSION_IDLE_MINUTES') * MINUTE,
    sessionAbsoluteMs: int(env.SESSION_ABSOLUTE_HOURS, 12, 'SESSION_ABSOLUTE_HOURS') * 60 * MINUTE,
    trustProxy: env.TRUST_PROXY === 'true',
    adminApiToken: env.ADMIN_API_TOKEN || undefined,
    clientConfig: {
      ...(env.INACTIVITY_TIMEOUT_MS
        ? { inactivityTimeoutMs: int(env.INACTIVITY_TIMEOUT_MS, 0, 'INACTIVITY_TIMEOUT_MS') }
        : {}),
      ...(env.INACTIVITY_WARNING_MS
        ? { inactivityWarningMs: int(env.INACTIVITY_WARNING_MS, 0, 'INACTIVITY_WARNING_MS') }
        : {}),
      ...(env.COLLEGE_TIME_ZONE ? { collegeTimeZone } : {}),
      ...(deadline ? { deadline: deadline.closesAt.toISOString() } : {}),
    },
    collegeName: env.COLLEGE_NAME || PARTNER.name,
    collegeTimeZone,
    deadline,
    paperSize: paperSize(env.PAPER_SIZE),
    schoolReportCycleEnd: cycleEnd(env.SCHOOL_REPORT_CYCLE_END),
    schoolReportPollMs: 5_000,
    filesDir: path.resolve(root, env.FILES_DIR || path.join(dataDir, 'files')),
    uploadSecret: env.UPLOAD_SECRET || undefined,
    s3: s3FromEnv(env),
    pdfCompress: env.PDF_COMPRESS !== 'false',
    documentPollMs: 250,
    serviceStatusCacheMs: 2_000,
    jobLeaseMs: 15_000,
    requestTimeoutMs: int(env.REQUEST_TIMEOUT_MS, 60_000, 'REQUEST_TIMEOUT_MS'),
    serverProcesses: int(env.SERVER_PROCESSES, 0, 'SERVER_PROCESSES'),
    staff: {
      sessionIdleMs: int(env.STAFF_SESSION_IDLE_MINUTES, 30, 'STAFF_SESSION_IDLE_MINUTES') * MINUTE,
      sessionAbsoluteMs: int(env.STAFF_SESSION_ABSOLUTE_HOURS, 12, 'STAFF_SESSION_ABSOLUTE_HOURS') * 60 * MINUTE,
      oidc: staffOidcFromEnv(env),
      totpKey: totpKeyFromEnv(env.STAFF_TOTP_KEY),
      saml: staffSamlFromEnv(env),
    },
    service: {
      metricsToken: env.METRICS_TOKEN || undefined,
      metricsPort: env.METRICS_PORT ? int(env.METRICS_PORT, 0, 'METRICS_PORT') : undefined,
      shutdownDelayMs: int(env.SHUTDOWN_DELAY_MS, 0, 'SHUTDOWN_DELAY_MS'),
      shedEventLoopDelayMs: int(env.SHED_EVENT_LOOP_DELAY_MS, DEFAULT_SHED_LAG_MS, 'SHED_EVENT_LOOP_DELAY_MS'),
      shedHeapUsedBytes: int(env.SHED_HEAP_USED_MB, 0, 'SHED_HEAP_USED_MB') * 1024 * 1024,
      shedRetryAfterSeconds: 5,
    },
    ...overrides,
  };
  // Unset: one process per core (up to DEFAULT_MAX_PROCESSES) where processes can share the database, else one.
  if (!env.SERVER_PROCESSES && overrides.serverProcesses === undefined) {
    config.serverProcesses = config.databaseUrl ? Math.min(os.availableParallelism(), DEFAULT_MAX_PROCESSES) : 1;
  }
  if (config.databaseUrl && !/^postgres(ql)?:\/\//.test(config.databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  }
  if (config.serverProcesses < 1) throw new Error('SERVER_PROCESSES must be at least 1');
  if (config.serverProcesses > 1 && !config.databaseUrl) {
    throw new Error('SERVER_PROCESSES above 1 needs DATABASE_URL: the embedded database serves one process');
  }
  if (config.adminApiToken && config.adminApiToken.length < 32) {
    throw new Error('ADMIN_API_TOKEN must be at least 32 characters (e.g. openssl rand -hex 32)');
  }
  if (config.service.metricsToken && config.service.metricsToken.length < 32) {
    throw new Error('METRICS_TOKEN must be at least 32 characters (e.g. openssl rand -hex 32)');
  }
  if (config.smtpUrl && !/^smtps?:\/\//.test(config.smtpUrl)) {
    throw new Error('SMTP_URL must start with smtp:// or smtps://');
  }
  if (config.uploadSecret !== undefined && config.uploadSecret.length < 32) {
    throw new Error('UPLOAD_SECRET must be at least 32 characters');
  }
  return config;
}
