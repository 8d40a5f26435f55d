import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { LOOKUP_CATEGORIES, type LookupCategory } from '../../../src/kernel/constants';
import { DEMO_DOMAIN } from '../demo/seedDemo';
import { MAX_DEMO_APPLICANTS, MAX_TOKEN_DAYS, type AdminOperations } from './operations';
import { serviceStatusCommand } from './serviceStatusCommands';
import { staffCommand } from './staffCommands';

const OPTIONS = {
  days: { type: 'string' },
  append: { type: 'boolean' },
  role: { type: 'string' },
  clear: { type: 'boolean' },
} as const;

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

/** Whether the command writes a link that starts with PUBLIC_URL (printed, or mailed as the enrolment link). */
export function makesLink(argv: string[]): boolean {
  const [command, sub] = argv;
  return (
    ((command === 'service-token' || command === 'public-link') && sub === 'create') ||
    (command === 'staff' && sub === 'add')
  );
}

/**
 * Runs one admin command with `ops` (on the database itself, or through the running server: the same words either
 * way) and returns what to print; null when the arguments name no command (the caller prints the usage).
 */
export async function adminCommand(ops: AdminOperations, argv: string[]): Promise<string | null> {
  const { values, positionals } = parseArgs({ args: optionsFirst(argv), allowPositionals: true, options: OPTIONS });
  const [command, sub, ...rest] = positionals;
  const days = values.days === undefined ? undefined : Number(values.days);
  if (days !== undefined && !(days > 0 && days <= MAX_TOKEN_DAYS)) {
    throw new Error(`--days must be a positive number, at most ${MAX_TOKEN_DAYS}`);
  }

  if (command === 'users') {
    const rows = await ops.listApplicants();
    if (rows.length === 0) return 'No users yet.';
    return rows
      .map(
        (r) =>
          `${r.username}\t${r.confirmed_at ? 'confirmed' : 'unconfirmed'}\t${r.submitted_at ? 'submitted' : 'not submitted'}\tcreated ${new Date(r.created_at).toISOString()}`,
      )
      .join('\n');
  }
  if (command === 'service-token' && sub === 'create' && rest[0]) {
    const { token, url } = await ops.mintServiceToken(rest[0], days);
    return `Service token for ${rest[0]} (keep it secret; it opens this applicant's answers):\n${token}\n${url}`;
  }
  if ((command === 'service-token' || command === 'public-link') && sub === 'revoke' && rest[0]) {
    return (await ops.revoke(rest[0])) ? 'Revoked.' : 'No live token matches.';
  }
  if (command === 'service-token' && sub === 'revoke-all' && rest[0]) {
    return `Revoked ${await ops.revokeServiceTokens(rest[0])} token(s).`;
  }
  if (command === 'public-link' && sub === 'create' && rest[0]) {
    const answer = JSON.parse(fs.readFileSync(rest[0], 'utf8'));
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) {
      throw new Error('The answers file must hold one JSON object of question key → answer');
    }
    return `Public link:\n${(await ops.mintPublicLink(answer, days)).url}`;
  }
  if (command === 'import-lookup' && sub && rest[0]) {
    if (!LOOKUP_CATEGORIES.includes(sub as LookupCategory)) throw new Error(`Unknown category ${sub}`);
    const csv = fs.readFileSync(rest[0], 'utf8');
    return `Imported ${await ops.importLookup(sub as LookupCategory, csv, values.append ?? false)} ${sub} record(s).`;
  }
  if (command === 'seed-demo' && sub) {
    const count = Number(sub);
    if (!Number.isInteger(count) || count < 1 || count > MAX_DEMO_APPLICANTS)
      throw new Error('seed-demo takes a number of applicants');
    await ops.seedDemo(count);
    return `Added ${count} fictional applicants (@${DEMO_DOMAIN}).`;
  }
  if (command === 'staff') return staffCommand(ops.staff, sub, rest, values.role);
  if (command === 'notice' || command === 'maintenance') {
    return serviceStatusCommand(ops, command, positionals.slice(1), values.clear ?? false);
  }
  if (command === 'audit' && sub === 'verify') {
    const result = await ops.verifyAudit();
    if (result.ok) return `The audit log is intact: ${result.rows} row(s) checked.`;
    throw new Error(`The audit log was altered: ${result.problem}.`);
  }
  return null;
}
