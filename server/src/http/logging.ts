import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets (links, codes) or personal (username): never logged. */
const SECRET_PARAMS = /([?&](?:token|service_token|id|code|username)=)[^&]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1***');
}

/** pino options: request ids, no cookies, bodies, answers or passwords in the logs. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}
