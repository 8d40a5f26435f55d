import type { FastifyError, FastifyInstance } from 'fastify';

/** An error whose message is written for the applicant: the SPA shows it as it is. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** A stable machine-readable code the SPA can branch on (e.g. UserNotConfirmedException). */
    readonly code?: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new AppError(400, message, 'BadRequest', extra);
export const unauthorized = () =>
  new AppError(401, 'You are not logged in, or your session has ended.', 'Unauthorized');
export const notFound = (message = 'Not found.') => new AppError(404, message, 'NotFound');
export const conflict = (message: string, code = 'Conflict') => new AppError(409, message, code);
export const tooMany = (message: string) => new AppError(429, message, 'TooManyRequests');

const GENERIC_5XX = 'Something went wrong on our side. Please try again later.';

/** Words for Fastify's own 4xx errors (schema, body parsing, size), so no raw internals reach the page. */
function describeFrameworkError(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'The request must be sent as JSON.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The request body is not valid JSON.';
    default:
      break;
  }
  if (error.validation) {
    const first = error.validation[0];
    const where = first?.instancePath
      ? first.instancePath.replace(/^\//, '').replace(/\//g, '.')
      : error.validationContext;
    return `Invalid request: ${where ? `${where} ` : ''}${first?.message ?? 'is not valid'}.`;
  }
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return 'The request body is not valid JSON.';
  }
  return error.message;
}

/** The one error handler: 4xx carry a message the SPA can show; 5xx never leak internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ message: error.message, ...(error.code ? { code: error.code } : {}), ...error.extra });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: describeFrameworkError(error), code: error.code ?? 'RequestError' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: GENERIC_5XX, code: 'InternalError' });
  });
}
