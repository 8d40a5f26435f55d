import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const API_PREFIXES = ['/api/', '/public/', '/service/', '/lookup/'];

/**
 * Serves the built SPA (pre-compressed .br/.gz when the browser accepts them) and answers every other
 * page route with index.html, so deep links like /reset?username=… work. Hashed assets are immutable.
 */
export async function registerSpa(app: FastifyInstance, staticDir: string) {
  const index = path.join(staticDir, 'index.html');
  const hasSpa = fs.existsSync(index);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: staticDir,
      preCompressed: true,
      index: ['index.html'],
      setHeaders(reply, filePath) {
        reply.header('Cache-Control', filePath.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    if (isPage && hasSpa) {
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(fs.createReadStream(index));
    }
    return reply.status(404).send({ message: 'Not found.', code: 'NotFound' });
  });
}
