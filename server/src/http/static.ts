import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ClientConfig } from '../config';

export const API_PREFIXES = ['/api/', '/public/', '/service/', '/lookup/'];

/**
 * Serves the built SPA (pre-compressed .br/.gz when the browser accepts them) and answers every other
 * page route with index.html, so deep links like /reset?username=… work. Hashed assets are immutable.
 */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** index.html with the SPA's run-time settings written into its app-config meta tag. */
export function renderIndex(html: string, clientConfig: ClientConfig): string {
  return html.replace(
    /<meta name="app-config" content="[^"]*"\s*\/?>/,
    `<meta name="app-config" content="${escapeAttribute(JSON.stringify(clientConfig))}" />`,
  );
}

export async function registerSpa(app: FastifyInstance, staticDir: string, clientConfig: ClientConfig) {
  const indexFile = path.join(staticDir, 'index.html');
  const hasSpa = fs.existsSync(indexFile);
  const index = hasSpa ? renderIndex(fs.readFileSync(indexFile, 'utf8'), clientConfig) : '';
  const sendIndex = (reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(index);
  if (hasSpa) {
    // '/' is the app page itself (the static plugin would answer the folder with 403).
    app.get('/', async (_request, reply) => sendIndex(reply));
    await app.register(fastifyStatic, {
      root: staticDir,
      preCompressed: true,
      index: false,
      setHeaders(reply, filePath) {
        reply.header('Cache-Control', filePath.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    if (isPage && hasSpa) return sendIndex(reply);
    return reply.status(404).send({ message: 'Not found.', code: 'NotFound' });
  });
}
