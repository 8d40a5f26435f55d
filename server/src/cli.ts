import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig } from './config';
import { claimEmbeddedDb } from './db/lock';
import { LOOKUP_CATEGORIES } from '../../src/kernel/constants';
import { adminClient, adminServer, THROUGH_SERVER_HINT } from './admin/client';
import { adminCommand, makesLink } from './admin/commands';
import { adminOperations, type AdminOperations } from './admin/operations';
import { BACKUP_USAGE, backupCommand } from './backup/command';
import type { PgliteDb } from './db/pgliteDb';
import { DEMO_DOMAIN } from './demo/seedDemo';
import { STAFF_ROLES } from './staff';

export const USAGE = `Admin commands (npm run admin -- <command>):
${BACKUP_USAGE}
  users                                   list applicants
  service-token create <username> [--days N]   a read-only staff link for one applicant (default 7 days)
  service-token revoke <token>            revoke one service token
  service-token revoke-all <username>     revoke every service token of an applicant
  public-link create <answers.json> [--days N] a link that loads saved answers for a visitor (default 30 days)
  public-link revoke <token>              revoke a public link
  import-lookup <category> <file.csv> [--append]
                                          import look-up data; category: ${LOOKUP_CATEGORIES.join(' | ')}
  staff add <email> --role <role>         add a staff account and mail it a single-use enrolment link (24 h)
  staff list                              list staff accounts
  staff role <email> <role>               change a staff member's role (their sessions end)
                                          role: ${STAFF_ROLES.join(' | ')} (what each may do: docs/staff.md)
  staff remove <email>                    remove a staff account (its sessions end)
  staff sso-reset <email>                 forget the account's single sign-on link (its sessions end); its next
                                          single sign-on links it again
  audit verify                            check the audit log's hash chain; names the first changed or removed row
  notice "<text>"                         show this notice on every applicant page (within a minute, no deploy)
  notice --clear                          stop showing it;  notice  alone prints what is shown
  maintenance on|off                      on: every change applicants send is refused (503) and their pages say
                                          so, their answers kept on their device; reads keep working. Alone:
                                          prints which it is
  seed-demo <N>                           add N fictional applicants (@${DEMO_DOMAIN}) for demos and benchmarks

While the server runs on the embedded database, every command but restore goes through its admin API (set
ADMIN_API_TOKEN as the server has it, and ADMIN_URL when the server is not at PUBLIC_URL). Otherwise links (and the
enrolment mail) start with this environment's PUBLIC_URL: run the CLI with the server's PUBLIC_URL and DATA_DIR or
DATABASE_URL.`;

/** The CLI's name in the audit log, with the operating-system user who ran it. */
const cliActor = () => `cli:${os.userInfo().username}`;

/** Runs one admin command with `ops` and returns what to print; the usage for arguments that name no command. */
async function run(ops: AdminOperations, argv: string[]): Promise<string> {
  const output = await adminCommand(ops, argv);
  if (output === null) throw new Error(USAGE);
  return output;
}

/** Runs one admin command on the app's database itself (audited as `cli:<user>`) and returns what to print. */
export function runCommand(app: FastifyInstance, argv: string[]): Promise<string> {
  return run(adminOperations(app, loadConfig().publicUrl, { actor: cliActor() }), argv);
}

const QUIET = { logLevel: 'warn', staticDir: '/nonexistent' } as const;

/**
 * Who runs the command: null when this process may open the database (PostgreSQL, which many processes share, or
 * an embedded database no server holds: the CLI claims it), else the running server's admin API.
 */
async function throughServer(env: NodeJS.ProcessEnv): Promise<AdminOperations | null> {
  const config = loadConfig(env);
  if (config.databaseUrl) return null;
  try {
    // No wait: a server that holds the database is asked at once.
    await claimEmbeddedDb(config.dataDir, 0);
    return null;
  } catch (error) {
    const server = adminServer(env, config.publicUrl, cliActor());
    if (!server) {
      throw new Error(`${(error as Error).message}\nTo run admin commands while it runs, ${THROUGH_SERVER_HINT}.`, {
        cause: error,
      });
    }
    return adminClient(server);
  }
}

/**
 * Run directly, a link starts with this environment's PUBLIC_URL, which may not be the server's: without one it is
 * http://localhost:3000, and an enrolment mail once linked there while the server ran elsewhere.
 */
function warnWithoutPublicUrl(env: NodeJS.ProcessEnv, argv: string[]) {
  if (env.PUBLIC_URL || !makesLink(argv)) return;
  console.warn(
    `PUBLIC_URL is not set, so the link starts with ${loadConfig(env).publicUrl}: run the CLI with the server's ` +
      'PUBLIC_URL in its environment if the server is elsewhere.',
  );
}

/**
 * Runs the admin command `argv` as `npm run admin` does, with `env` as its environment: a backup or restore, or any
 * other command on the database itself or through the running server. Returns what to print.
 */
export async function runAdmin(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  // Backups of the embedded database (server/src/backup): before the CLI opens the database, which a running
  // server owns (the backup then goes through it) and which a restore must find empty.
  const done = await backupCommand(argv, {
    env,
    actor: cliActor(),
    openApp: async () => {
      const app = await buildApp(loadConfig(env, QUIET));
      return {
        db: app.db as PgliteDb,
        audit: (entry) => app.staff.audit.append({ ...entry, actor: cliActor() }),
        close: () => app.close(),
      };
    },
  });
  if (done !== null) return done;
  // The admin works on the same database as the server (DATA_DIR or DATABASE_URL), or through the server.
  const server = await throughServer(env);
  if (server) return run(server, argv);
  warnWithoutPublicUrl(env, argv);
  const app = await buildApp(loadConfig(env, QUIET));
  try {
    return await run(adminOperations(app, loadConfig(env).publicUrl, { actor: cliActor() }), argv);
  } finally {
    await app.close();
  }
}

async function main() {
  try {
    console.log(await runAdmin(process.argv.slice(2)));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}

if (require.main === module) void main();
