import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../http/errors';
import { objectOf, str } from '../http/schemas';
import type { TokenService } from '../tokens/service';
import { applicationIdOf } from '../../../src/kernel/applicationId';
import { backupStream } from '../backup/archive';
import type { PgliteDb } from '../db/pgliteDb';

/** Compares in constant time, so the token cannot be guessed byte by byte from response times. */
function sameToken(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** The admin API's name in the audit log. */
const ACTOR = 'admin-api';
/** Any text: the accounts service refuses a name that is not a role, naming the roles (one list, in the kernel). */
const role = str(40);
const email = str(254, { minLength: 3 });

/**
 * The admin CLI's commands over HTTP, for staff systems (and the e2e suite) while the server runs — the embedded
 * database serves one process, so the CLI cannot run beside the server. Enabled only when ADMIN_API_TOKEN is set;
 * every call needs `Authorization: Bearer <ADMIN_API_TOKEN>`. Without the setting the routes do not exist. Every
 * call, refused or not, is written to the audit log (app.staff.audit), and so is what it minted, revoked or changed.
 */
export function adminRoutes(
  app: FastifyInstance,
  deps: { tokens: TokenService; adminToken?: string; publicUrl: string; rateLimit: object; filesDir: string },
) {
  const { adminToken } = deps;
  if (!adminToken) return;
  const config = { rateLimit: deps.rateLimit };
  const from = (request: FastifyRequest) => ({
    actor: ACTOR,
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  });
  const authorize = async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    const route = `${request.method} ${request.routeOptions.url}`;
    if (!given || !sameToken(given, adminToken)) {
      await app.staff.audit.append({
        ...from(request),
        action: 'access-refused',
        target: route,
        detail: 'no valid admin token',
      });
      throw new AppError(401, 'A valid admin token is required.', 'Unauthorized');
    }
    await app.staff.audit.append({ ...from(request), action: 'admin-api', target: route });
  };
  const days = { type: 'integer', minimum: 1, maximum: 365 } as const;

  app.post<{ Body: { username: string; days?: number } }>(
    '/admin/service-tokens',
    {
      onRequest: authorize,
      config,
      schema: { body: objectOf({ username: str(254, { minLength: 3 }), days }, ['username']) },
    },
    async (request, reply) => {
      let minted: Awaited<ReturnType<TokenService['createServiceToken']>>;
      try {
        minted = await deps.tokens.createServiceToken(request.body.username, request.body.days);
      } catch {
        throw notFound('No applicant with that username.');
      }
      await app.staff.audit.append({
        ...from(request),
        action: 'service-token-minted',
        target: applicationIdOf(minted.applicantId),
        detail: `token ${minted.id}`,
      });
      return reply
        .status(201)
        .send({ token: minted.token, url: `${deps.publicUrl}/about?service_token=${minted.token}` });
    },
  );

  app.post<{ Body: { answer: Record<string, string | boolean>; days?: number } }>(
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
    async (request, reply) => {
      const { token, id } = await deps.tokens.createPublicLink(request.body.answer, request.body.days);
      await app.staff.audit.append({ ...from(request), action: 'public-link-minted', detail: `token ${id}` });
      return reply.status(201).send({ token, url: `${deps.publicUrl}/about?token=${token}` });
    },
  );

  app.post<{ Body: { token: string } }>(
    '/admin/revoke',
    { onRequest: authorize, config, schema: { body: objectOf({ token: str(200, { minLength: 1 }) }) } },
    async (request) => {
      const revoked = await deps.tokens.revoke(request.body.token);
      if (revoked) {
        await app.staff.audit.append({
          ...from(request),
          action: revoked.kind === 'service' ? 'service-token-revoked' : 'public-link-revoked',
          detail: `token ${revoked.id}`,
        });
      }
      return { revoked: revoked !== null };
    },
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
    accounts: await app.staff.accounts.list(from(request)),
  }));

  app.post<{ Body: { email: string; role: string } }>(
    '/admin/staff',
    { onRequest: authorize, config, schema: { body: objectOf({ email, role }) } },
    async (request, reply) => reply.status(201).send(await app.staff.accounts.add(request.body, from(request))),
  );

  app.post<{ Body: { email: string; role: string } }>(
    '/admin/staff/role',
    { onRequest: authorize, config, schema: { body: objectOf({ email, role }) } },
    async (request) => {
      await app.staff.accounts.setRole({ email: request.body.email }, request.body.role, from(request));
      return { message: 'The role was changed; their sessions have ended.' };
    },
  );

  app.post<{ Body: { email: string } }>(
    '/admin/staff/remove',
    { onRequest: authorize, config, schema: { body: objectOf({ email }) } },
    async (request) => {
      await app.staff.accounts.remove({ email: request.body.email }, from(request));
      return { message: 'The staff account was removed and signed out.' };
    },
  );
}
