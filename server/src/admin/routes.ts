import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../http/errors';
import { objectOf, str } from '../http/schemas';
import type { TokenService } from '../tokens/service';

/** Compares in constant time, so the token cannot be guessed byte by byte from response times. */
function sameToken(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * The admin CLI's token commands over HTTP, for staff systems (and the e2e suite) while the server runs — the
 * embedded database serves one process, so the CLI cannot run beside the server. Enabled only when ADMIN_API_TOKEN
 * is set; every call needs `Authorization: Bearer <ADMIN_API_TOKEN>`. Without the setting the routes do not exist.
 */
export function adminRoutes(
  app: FastifyInstance,
  deps: { tokens: TokenService; adminToken?: string; publicUrl: string; rateLimit: object },
) {
  const { adminToken } = deps;
  if (!adminToken) return;
  const config = { rateLimit: deps.rateLimit };
  const authorize = async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!given || !sameToken(given, adminToken))
      throw new AppError(401, 'A valid admin token is required.', 'Unauthorized');
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
      let token: string;
      try {
        token = await deps.tokens.createServiceToken(request.body.username, request.body.days);
      } catch {
        throw notFound('No applicant with that username.');
      }
      return reply.status(201).send({ token, url: `${deps.publicUrl}/about?service_token=${token}` });
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
      const token = await deps.tokens.createPublicLink(request.body.answer, request.body.days);
      return reply.status(201).send({ token, url: `${deps.publicUrl}/about?token=${token}` });
    },
  );

  app.post<{ Body: { token: string } }>(
    '/admin/revoke',
    { onRequest: authorize, config, schema: { body: objectOf({ token: str(200, { minLength: 1 }) }) } },
    async (request) => ({ revoked: await deps.tokens.revoke(request.body.token) }),
  );
}
