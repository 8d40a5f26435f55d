import path from 'node:path';

/**
 * Everything the server reads from the environment, in one place, with the embedded defaults:
 * no variable set → PGlite in ./data/db, mail written to ./data/outbox, SPA from ./dist.
 * The README's configuration table lists the same variables; keep the two together.
 */
/** Settings the SPA reads at run time from index.html's app-config meta tag (only those that are set). */
export interface ClientConfig {
  inactivityTimeoutMs?: number;
  inactivityWarningMs?: number;
}

export interface Config {
  host: string;
  port: number;
  /** Where the embedded database, the outbox and (later) uploaded files live. */
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
  clientConfig: ClientConfig;
  /** Tests capture the log here to check that no secret is written. */
  logStream?: NodeJS.WritableStream;
}

const MINUTE = 60_000;

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
    clientConfig: {
      ...(env.INACTIVITY_TIMEOUT_MS
        ? { inactivityTimeoutMs: int(env.INACTIVITY_TIMEOUT_MS, 0, 'INACTIVITY_TIMEOUT_MS') }
        : {}),
      ...(env.INACTIVITY_WARNING_MS
        ? { inactivityWarningMs: int(env.INACTIVITY_WARNING_MS, 0, 'INACTIVITY_WARNING_MS') }
        : {}),
    },
    ...overrides,
  };
  if (config.databaseUrl && !/^postgres(ql)?:\/\//.test(config.databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  }
  if (config.smtpUrl && !/^smtps?:\/\//.test(config.smtpUrl)) {
    throw new Error('SMTP_URL must start with smtp:// or smtps://');
  }
  return config;
}
