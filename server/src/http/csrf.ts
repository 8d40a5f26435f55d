import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** GET routes that change state (SPEC §7 has logout as a GET). */
const STATE_CHANGING_GETS = new Set(['/api/logout']);

export interface CsrfOptions {
  /** Paths that take multipart uploads instead of JSON (the Documents issue adds its upload route). */
  multipartPaths?: string[];
  /**
   * Paths that take a form POST from another site by design (SAML's HTTP-POST binding: the identity provider's page
   * posts the browser's answer): the route's own check stands in for this one (a signed answer to its own request).
   */
  crossSiteFormPaths?: string[];
}

function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * CSRF defence without tokens: a state-changing request must be JSON (a cross-site form cannot send
 * application/json without a CORS preflight, which this server never grants), must come from this
 * origin when the browser says where it comes from (Origin, Sec-Fetch-Site), else 403.
 */
export function registerCsrf(app: FastifyInstance, options: CsrfOptions = {}) {
  const multipart = new Set(options.multipartPaths ?? []);
  const crossSiteForms = new Set(options.crossSiteFormPaths ?? []);
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0];
    const unsafe = UNSAFE.has(request.method) || (request.method === 'GET' && STATE_CHANGING_GETS.has(path));
    if (!unsafe) return;
    if (request.method === 'POST' && crossSiteForms.has(path)) return;
    const refuse = () =>
      new AppError(403, 'This request was refused because it did not come from this site.', 'CsrfRefused');
    if (request.headers['sec-fetch-site'] === 'cross-site') throw refuse();
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== ownOrigin(request)) throw refuse();
    if (request.method === 'GET') return;
    const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    const expected = multipart.has(path) ? 'multipart/form-data' : 'application/json';
    if (type !== expected) throw refuse();
  });
}
