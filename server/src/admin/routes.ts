import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../http/errors';
import { cliActorOf, CLI_ACTOR_HEADER } from '../http/adminActor';
import { objectOf, str } from '../http/schemas';
import { backupStream } from '../backup/archive';
import type { PgliteDb } from '../db/pgliteDb';
import { LOOKUP_CATEGORIES, type LookupCategory } from '../../../src/kernel/constants';
import { NOTICE_MAX_LENGTH } from '../../../src/kernel/serviceStatus/rules';
import type { AnswerMap } from '../../../src/kernel/form/requiredAnswers';
import { adminOperations, MAX_DEMO_APPLICANTS, MAX_TOKEN_DAYS } from './operations';

/** Compares in constant time, so the token cannot be guessed byte by byte from response times. */
function sameToken(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** The admin API's name in the audit log, unless the admin CLI names its user (CLI_ACTOR_HEADER). */
const ACTOR = 'admin-api';
/** Any text: the accounts service refuses a name that is not a role, naming the roles (one list, in the kernel). */
const role = str(40);
const email = str(254, { minLength: 3 });
const username = str(254, { minLength: 3 });
/** As the CLI's --days: a positive number of days (commands.ts checks the same before it calls). */
const days = { type: 'number', exclusiveMinimum: 0, maximum: MAX_TOKEN_DAYS } as const;
/** A look-up CSV (every high school of a country, say) is larger than any other request body. */
const LOOKUP_BODY_LIMIT = 64 * 1024 * 1024;

/**
 * The admin CLI's commands over HTTP, for the CLI itself while the server runs (the embedded database serves one
 * process, so the CLI cannot open it beside the server: it sends its command here), for staff systems and for the
 * e2e suite. Enabled only when ADMIN_API_TOKEN is set; every call needs `Authorization: Bearer <ADMIN_API_TOKEN>`.
 * Without the setting the routes do not exist. Every call, refused or not, is written to the audit log
 * (app.staff.audit), and so is what it minted, revoked or changed: as `admin-api`, or as `cli:<user>` when the
 * CLI sends the call (a refused call is always `admin-api`: its name is not believed without the token).
 * The operations are adminOperations, the same the CLI runs on the database itself, so both paths audit alike.
 */
export function adminRoutes(
  app: FastifyInstance,
  deps: { adminToken?: string; publicUrl: string; rateLimit: object; filesDir: string },
) {
  const { adminToken } = deps;
  if (!adminToken) return;
  const config = { rateLimit: deps.rateLimit };
  const from = (request: FastifyRequest, actor = cliActorOf(request.headers[CLI_ACTOR_HEADER]) ?? ACTOR) => ({
    actor,
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  });
  const operations = (request: FastifyRequest) => adminOperations(app, deps.publicUrl, from(request));
  const authorize = async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    const route = `${request.method} ${request.routeOptions.url}`;
    if (!given || !sameToken(given, adminToken)) {
      await app.staff.audit.append({
        ...from(request, ACTOR),
        action: 'access-refused',
        target: route,
        detail: 'no valid admin token',
      });
      throw new AppError(401, 'A valid admin token is required.', 'Unauthorized');
    }
    await app.staff.audit.append({ ...from(request), action: 'admin-api', target: route });
  };

  /* ---- Applicants, service tokens and public links ---- */

  app.get('/admin/applicants', { onRequest: authorize, config }, async (request) => ({
    applicants: await operations(request).listApplicants(),
  }));

  app.post<{ Body: { username: string; days?: number } }>(
    '/admin/service-tokens',
    { onRequest: authorize, config, schema: { body: objectOf({ username, days }, ['username']) } },
    async (request, reply) =>
      reply.status(201).send(await operations(request).mintServiceToken(request.body.username, request.body.days)),
  );

  app.post<{ Body: { username: string } }>(
    '/admin/service-tokens/revoke-all',
    { onRequest: authorize, config, schema: { body: objectOf({ username }) } },
    async (request) => ({ revoked: await operations(request).revokeServiceTokens(request.body.username) }),
  );

  app.post<{ Body: { answer: AnswerMap; days?: number } }>(
    '/admin/public-links',
    {
      onRequest: authorize,
      config,
      schema: {
        body: objectOf(
          {
            answer: {
              type: 'object',
              maxProperties: 5000,
              additionalProperties: { anyOf: [{ type: 'string', maxLength: 7000 }, { type: 'boolean' }] },
            },
            days,
          },
          ['answer'],
        ),
      },
    },
    async (request, reply) =>
      reply.status(201).send(await operations(request).mintPublicLink(request.body.answer, request.body.days)),
  );

  app.post<{ Body: { token: string } }>(
    '/admin/revoke',
    { onRequest: authorize, config, schema: { body: objectOf({ token: str(200, { minLength: 1 }) }) } },
    async (request) => ({ revoked: await operations(request).revoke(request.body.token) }),
  );

  /* ---- Look-up data, demo applicants and the audit log's check ---- */

  app.post<{ Body: { category: LookupCategory; csv: string; append?: boolean } }>(
    '/admin/lookup',
    {
      onRequest: authorize,
      config,
      bodyLimit: LOOKUP_BODY_LIMIT,
      schema: {
        body: objectOf(
          {
            category: { type: 'string', enum: LOOKUP_CATEGORIES },
            csv: { type: 'string' },
            append: { type: 'boolean' },
          },
          ['category', 'csv'],
        ),
      },
    },
    async (request) => {
      const { category, csv, append = false } = request.body;
      try {
        return { imported: await operations(request).importLookup(category, csv, append) };
      } catch (error) {
        // What is wrong with the CSV (a missing column, a malformed line), in the words the CLI prints.
        throw badRequest((error as Error).message);
      }
    },
  );

  app.post<{ Body: { count: number } }>(
    '/admin/seed-demo',
    {
      onRequest: authorize,
      config,
      schema: { body: objectOf({ count: { type: 'integer', minimum: 1, maximum: MAX_DEMO_APPLICANTS } }) },
    },
    async (request, reply) => {
      await operations(request).seedDemo(request.body.count);
      return reply.status(201).send({ added: request.body.count });
    },
  );

  app.get('/admin/audit/verify', { onRequest: authorize, config }, async (request) =>
    operations(request).verifyAudit(),
  );

  /* ---- The operator's notice to every applicant page, and maintenance mode: the CLI's `notice`, `maintenance` ---- */

  app.get('/admin/service-status', { onRequest: authorize, config }, async (request) =>
    operations(request).serviceStatus(),
  );

  app.post<{ Body: { text: string } }>(
    '/admin/notice',
    {
      onRequest: authorize,
      config,
      // Room for line breaks and spaces the service makes single; it refuses what is still too long, with its length.
      schema: { body: objectOf({ text: str(NOTICE_MAX_LENGTH * 4) }) },
    },
    async (request) => operations(request).setNotice(request.body.text),
  );

  app.post('/admin/notice/clear', { onRequest: authorize, config }, async (request) =>
    operations(request).setNotice(null),
  );

  app.post<{ Body: { on: boolean } }>(
    '/admin/maintenance',
    { onRequest: authorize, config, schema: { body: objectOf({ on: { type: 'boolean' } }) } },
    async (request) => operations(request).setMaintenance(request.body.on),
  );

  /* ---- Backup of the embedded database and its documents: the CLI's `backup` while the server runs ---- */

  app.post('/admin/backup', { onRequest: authorize, config }, async (request, reply) => {
    if (app.db.kind !== 'pglite') {
      throw new AppError(409, 'This server runs on PostgreSQL: back it up with pg_dump (README).', 'NotEmbedded');
    }
    // Before the dump, so the backup holds its own audit row (and `audit verify` of a restored copy checks it).
    await app.staff.audit.append({
      ...from(request),
      action: 'backup',
      target: 'backup',
      detail: 'the embedded database and FILES_DIR',
    });
    const archive = await backupStream(app.db as PgliteDb, deps.filesDir);
    return reply
      .type('application/gzip')
      .header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="admission-backup.tar.gz"')
      .send(archive);
  });

  /* ---- Staff accounts: the CLI's `staff` commands ---- */

  app.get('/admin/staff', { onRequest: authorize, config }, async (request) => ({
    accounts: await operations(request).staff.list(),
  }));

  app.post<{ Body: { email: string; role: string } }>(
    '/admin/staff',
    { onRequest: authorize, config, schema: { body: objectOf({ email, role }) } },
    async (request, reply) =>
      reply.status(201).send(await operations(request).staff.add(request.body.email, request.body.role)),
  );

  app.post<{ Body: { email: string; role: string } }>(
    '/admin/staff/role',
    { onRequest: authorize, config, schema: { body: objectOf({ email, role }) } },
    async (request) => {
      await operations(request).staff.setRole(request.body.email, request.body.role);
      return { message: 'The role was changed; their sessions have ended.' };
    },
  );

  app.post<{ Body: { email: string } }>(
    '/admin/staff/remove',
    { onRequest: authorize, config, schema: { body: objectOf({ email }) } },
    async (request) => {
      await operations(request).staff.remove(request.body.email);
      return { message: 'The staff account was removed and signed out.' };
    },
  );

  app.post<{ Body: { email: string } }>(
    '/admin/staff/sso-reset',
    { onRequest: authorize, config, schema: { body: objectOf({ email }) } },
    async (request) => {
      await operations(request).staff.resetSso(request.body.email);
      return { message: 'The single sign-on link was forgotten; their sessions have ended.' };
    },
  );
}
