import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig } from './config';
import { claimEmbeddedDb } from './db/lock';
import { LOOKUP_CATEGORIES, type LookupCategory } from '../../src/kernel/constants';
import { applicantsOverview } from './applications/table';
import { applicationIdOf } from '../../src/kernel/applicationId';
import { BACKUP_USAGE, backupCommand } from './backup/command';
import type { PgliteDb } from './db/pgliteDb';
import { DEMO_DOMAIN, seedDemo } from './demo/seedDemo';
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
  audit verify                            check the audit log's hash chain; names the first changed or removed row
  seed-demo <N>                           add N fictional applicants (@${DEMO_DOMAIN}) for demos and benchmarks`;

const OPTIONS = { days: { type: 'string' }, append: { type: 'boolean' }, role: { type: 'string' } } as const;

/** The CLI's name in the audit log, with the operating-system user who ran it. */
const cliActor = () => `cli:${os.userInfo().username}`;

/**
 * The arguments with the options first and every other argument after `--`, in its order: only OPTIONS are options.
 * A token is base64url, so one in 64 starts with '-' (and one in 4,096 with '--'), which parseArgs would take for an
 * option and refuse: `service-token revoke -U…` failed.
 */
function optionsFirst(argv: string[]): string[] {
  const options: string[] = [];
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    const name = arg.startsWith('--') ? arg.slice(2).split('=')[0] : '';
    if (!Object.hasOwn(OPTIONS, name)) positionals.push(arg);
    else if (OPTIONS[name as keyof typeof OPTIONS].type === 'string' && !arg.includes('=') && i + 1 < argv.length) {
      options.push(arg, argv[++i]);
    } else options.push(arg);
  }
  return [...options, '--', ...positionals];
}

/** Runs one admin command against the app's database and returns what to print. */
export async function runCommand(app: FastifyInstance, argv: string[]): Promise<string> {
  const { values, positionals } = parseArgs({ args: optionsFirst(argv), allowPositionals: true, options: OPTIONS });
  const [command, sub, ...rest] = positionals;
  const { tokens, lookup } = app.services;
  const base = loadConfig().publicUrl;
  const days = values.days === undefined ? undefined : Number(values.days);
  if (days !== undefined && !(days > 0)) throw new Error('--days must be a positive number');

  const by = { actor: cliActor() };
  if (command === 'users') {
    await app.staff.audit.append({ ...by, action: 'applicants-listed', detail: 'every applicant' });
    const rows = await applicantsOverview(app.db);
    if (rows.length === 0) return 'No users yet.';
    return rows
      .map(
        (r) =>
          `${r.username}\t${r.confirmed_at ? 'confirmed' : 'unconfirmed'}\t${r.submitted_at ? 'submitted' : 'not submitted'}\tcreated ${new Date(r.created_at).toISOString()}`,
      )
      .join('\n');
  }
  if (command === 'service-token' && sub === 'create' && rest[0]) {
    const { token, id, applicantId } = await tokens.createServiceToken(rest[0], days);
    await app.staff.audit.append({
      ...by,
      action: 'service-token-minted',
      target: applicationIdOf(applicantId),
      detail: `token ${id}`,
    });
    return `Service token for ${rest[0]} (keep it secret; it opens this applicant's answers):\n${token}\n${base}/about?service_token=${token}`;
  }
  if ((command === 'service-token' || command === 'public-link') && sub === 'revoke' && rest[0]) {
    const revoked = await tokens.revoke(rest[0]);
    if (!revoked) return 'No live token matches.';
    await app.staff.audit.append({
      ...by,
      action: revoked.kind === 'service' ? 'service-token-revoked' : 'public-link-revoked',
      detail: `token ${revoked.id}`,
    });
    return 'Revoked.';
  }
  if (command === 'service-token' && sub === 'revoke-all' && rest[0]) {
    const ids = await tokens.revokeAllFor(rest[0]);
    for (const id of ids) {
      await app.staff.audit.append({ ...by, action: 'service-token-revoked', target: rest[0], detail: `token ${id}` });
    }
    return `Revoked ${ids.length} token(s).`;
  }
  if (command === 'public-link' && sub === 'create' && rest[0]) {
    const answer = JSON.parse(fs.readFileSync(rest[0], 'utf8'));
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) {
      throw new Error('The answers file must hold one JSON object of question key → answer');
    }
    const { token, id } = await tokens.createPublicLink(answer, days);
    await app.staff.audit.append({ ...by, action: 'public-link-minted', detail: `token ${id}` });
    return `Public link:\n${base}/about?token=${token}`;
  }
  if (command === 'import-lookup' && sub && rest[0]) {
    if (!LOOKUP_CATEGORIES.includes(sub as LookupCategory)) throw new Error(`Unknown category ${sub}`);
    const n = await lookup.importCsv(sub as LookupCategory, fs.readFileSync(rest[0], 'utf8'), {
      append: values.append,
    });
    return `Imported ${n} ${sub} record(s).`;
  }
  if (command === 'seed-demo' && sub) {
    const count = Number(sub);
    if (!Number.isInteger(count) || count < 1 || count > 1_000_000)
      throw new Error('seed-demo takes a number of applicants');
    await seedDemo(app.db, count);
    await app.staff.audit.append({
      ...by,
      action: 'demo-seeded',
      detail: `${count} fictional applicants`,
    });
    return `Added ${count} fictional applicants (@${DEMO_DOMAIN}).`;
  }
  if (command === 'staff') return staffCommand(app, sub, rest, values.role);
  if (command === 'audit' && sub === 'verify') {
    const result = await app.staff.verifyAudit();
    if (result.ok) return `The audit log is intact: ${result.rows} row(s) checked.`;
    throw new Error(`The audit log was altered: ${result.problem}.`);
  }
  throw new Error(USAGE);
}

/** `staff add|list|role|remove`: the same as the console's Staff accounts page, and audited the same way. */
async function staffCommand(app: FastifyInstance, sub: string | undefined, rest: string[], role: string | undefined) {
  const { accounts } = app.staff;
  const by = { actor: cliActor() };
  if (sub === 'add' && rest[0]) {
    await accounts.add({ email: rest[0], role: role ?? '' }, by);
    return `Added ${rest[0]} (${role}). An enrolment link was mailed to them (valid 24 hours, single use).`;
  }
  if (sub === 'list') {
    const list = await accounts.list(by);
    if (list.length === 0) return 'No staff accounts yet.';
    return list
      .map(
        (a) =>
          `${a.email}\t${a.role}\t${a.enrolled ? 'enrolled' : 'not enrolled'}\tlast sign-in ${a.lastSignInAt ?? 'never'}`,
      )
      .join('\n');
  }
  if (sub === 'role' && rest[0]) {
    await accounts.setRole({ email: rest[0] }, rest[1] ?? '', by);
    return `${rest[0]} is now ${rest[1]}; their sessions have ended.`;
  }
  if (sub === 'remove' && rest[0]) {
    await accounts.remove({ email: rest[0] }, by);
    return `Removed ${rest[0]}; their sessions have ended.`;
  }
  throw new Error(USAGE);
}

async function main() {
  // Backups of the embedded database (server/src/backup): before the CLI opens the database, which a running server
  // owns (the backup then goes through it) and which a restore must find empty.
  try {
    const done = await backupCommand(process.argv.slice(2), {
      openApp: async () => {
        const app = await buildApp(loadConfig(process.env, { logLevel: 'warn', staticDir: '/nonexistent' }));
        return {
          db: app.db as PgliteDb,
          audit: (entry) => app.staff.audit.append({ ...entry, actor: cliActor() }),
          close: () => app.close(),
        };
      },
    });
    if (done !== null) {
      console.log(done);
      return;
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
    return;
  }
  // The admin works on the same database as the server (DATA_DIR or DATABASE_URL); quiet logs.
  const env = loadConfig();
  // No wait: while the server runs, an admin command is refused at once (README: use ADMIN_API_TOKEN then).
  if (!env.databaseUrl) await claimEmbeddedDb(env.dataDir, 0);
  const app = await buildApp(loadConfig(process.env, { logLevel: 'warn', staticDir: '/nonexistent' }));
  try {
    console.log(await runCommand(app, process.argv.slice(2)));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await app.close();
  }
}

if (require.main === module) void main();
