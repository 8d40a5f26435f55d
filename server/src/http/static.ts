import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ClientConfig } from '../config';
import { shellFor, PRINT_VIEW_RENDERER, PRINT_VIEW_VARIANTS } from '../../../src/kernel/shells';
import { LOGIN_MARKER_COOKIE, loginCountOf } from '../../../src/kernel/session/loginCookie';
import { escapeHtml } from './html';

export const API_PREFIXES = ['/api/', '/public/', '/service/', '/lookup/', '/staff/api/', '/counselor/api/'];

/**
 * The audiences with a page of their own, never cached: the staff console's (/staff, /staff/…: dist/staff.html,
 * webpack's "staff" entry; for signed-in staff) and the counselor's (/counselor/…: dist/counselor.html, the
 * "counselor" entry; reached by a mailed link, what it shows is a student's).
 */
const OWN_PAGES = [
  { pages: /^\/staff(?:\/|$)/, file: 'staff.html' },
  { pages: /^\/counselor(?:\/|$)/, file: 'counselor.html' },
];
const ownPagesOf = (url: string) => OWN_PAGES.find(({ pages }) => pages.test(url.split(/[?#]/)[0]));
/** One of those pages by its own name, or its pre-compressed copy. */
const isOwnPageFile = (name: string) => OWN_PAGES.some(({ file }) => [file, `${file}.br`, `${file}.gz`].includes(name));
/** An API path, whatever follows it (/staff/api itself included): never answered with a page. */
const isApiPath = (url: string) =>
  API_PREFIXES.some((prefix) => url.startsWith(prefix) || url.split(/[?#]/)[0] === prefix.slice(0, -1));

/** index.html with the SPA's run-time settings written into its app-config meta tag. */
export function renderIndex(html: string, clientConfig: ClientConfig): string {
  return html.replace(
    /<meta name="app-config" content="[^"]*"\s*\/?>/,
    `<meta name="app-config" content="${escapeHtml(JSON.stringify(clientConfig))}" />`,
  );
}

/** A page document, compressed once at start-up (a shell page is tens of kB of markup). */
interface PageDocument {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function pageDocument(html: string, clientConfig: ClientConfig): PageDocument {
  const identity = Buffer.from(renderIndex(html, clientConfig));
  return {
    identity,
    br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: zlib.gzipSync(identity, { level: 9 }),
  };
}

/** A page rendered for its request, compressed (or not) for the encoding asked. */
export interface RenderedPage {
  body: Buffer;
  encoding?: 'br' | 'gzip';
}

/**
 * Renders a per-request shell (the print view: server/src/printView/page.ts) into its template, or answers undefined
 * and the app's own page is sent. Handed in by app.ts, so this file knows no product area.
 */
export type PerRequestPage = (
  request: FastifyRequest,
  template: string,
  url: URL,
  encoding: 'br' | 'gzip' | undefined,
) => Promise<RenderedPage | undefined>;

interface Shells {
  /** The build-time shells, compressed once here. */
  pages: Map<string, PageDocument>;
  /** The print view's pages (PRINT_VIEW_VARIANTS): templates the server renders into and compresses per request. */
  printViewTemplates: Map<string, string>;
}

/** dist/shells/<name>.html, written by the production build (webpack.config.ts, src/kernel/shells.ts). */
function loadShells(staticDir: string, clientConfig: ClientConfig): Shells {
  const dir = path.join(staticDir, 'shells');
  const shells: Shells = { pages: new Map(), printViewTemplates: new Map() };
  if (!fs.existsSync(dir)) return shells;
  const printViewNames = new Set(PRINT_VIEW_VARIANTS.map((variant) => variant.name));
  for (const file of fs.readdirSync(dir)) {
    if (!file.endsWith('.html')) continue;
    const name = file.slice(0, -'.html'.length);
    const html = fs.readFileSync(path.join(dir, file), 'utf8');
    if (printViewNames.has(name)) shells.printViewTemplates.set(name, renderIndex(html, clientConfig));
    else shells.pages.set(name, pageDocument(html, clientConfig));
  }
  return shells;
}

function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/**
 * Serves the built SPA (pre-compressed .br/.gz when the browser accepts them) and answers every other
 * page route with index.html, so deep links like /reset?username=… work. Hashed assets are immutable.
 * A route with a pre-rendered shell gets the index.html that carries it, chosen by the path, the login marker
 * cookie and ?service_token (so the response varies by Cookie). The print view is rendered per request
 * (`perRequestPage`: server/src/printView/page.ts). The server's own code (the build's ssr/ folder) is never served.
 */
export async function registerSpa(
  app: FastifyInstance,
  staticDir: string,
  clientConfig: ClientConfig,
  perRequestPage: PerRequestPage,
) {
  const indexFile = path.join(staticDir, 'index.html');
  const hasSpa = fs.existsSync(indexFile);
  const index = hasSpa ? pageDocument(fs.readFileSync(indexFile, 'utf8'), clientConfig) : undefined;
  const { pages, printViewTemplates } = hasSpa
    ? loadShells(staticDir, clientConfig)
    : { pages: new Map<string, PageDocument>(), printViewTemplates: new Map<string, string>() };
  const ownPages = new Map<string, PageDocument>();
  for (const { file } of OWN_PAGES) {
    const filePath = path.join(staticDir, file);
    if (fs.existsSync(filePath)) ownPages.set(file, pageDocument(fs.readFileSync(filePath, 'utf8'), clientConfig));
  }

  /** A staff or counselor page: the same page for every path of its audience, never cached. */
  const sendOwnPage = async (page: PageDocument, request: FastifyRequest, reply: FastifyReply) => {
    const encoding = acceptedEncoding(request);
    reply.header('Cache-Control', 'no-store').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(encoding ? page[encoding] : page.identity);
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://localhost');
    const marker = request.cookies[LOGIN_MARKER_COOKIE];
    const shell = shellFor(url.pathname, {
      loggedIn: Boolean(marker),
      numLogins: loginCountOf(marker),
      printView: url.searchParams.has('service_token'),
    });
    const encoding = acceptedEncoding(request);
    reply.header('Vary', 'Cookie, Accept-Encoding').type('text/html; charset=utf-8');
    if (shell?.perRequest) {
      const template = printViewTemplates.get(shell.name);
      const rendered = template && (await perRequestPage(request, template, url, encoding));
      // An applicant's answers: kept by no cache, the browser's included.
      reply.header('Cache-Control', 'no-store');
      if (rendered) {
        if (rendered.encoding) reply.header('Content-Encoding', rendered.encoding);
        return reply.send(rendered.body);
      }
    } else {
      reply.header('Cache-Control', 'no-cache');
    }
    const page = (shell && !shell.perRequest && pages.get(shell.name)) || index!;
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(encoding ? page[encoding] : page.identity);
  };
  if (hasSpa) {
    // '/' is the app page itself (the static plugin would answer the folder with 403).
    app.get('/', async (request, reply) => sendPage(request, reply));
    await app.register(fastifyStatic, {
      root: staticDir,
      preCompressed: true,
      index: false,
      allowedPath: (pathName) => !pathName.startsWith(`/${path.dirname(PRINT_VIEW_RENDERER)}/`),
      setHeaders(reply, filePath) {
        const html = filePath.endsWith('.html');
        reply.header(
          'Cache-Control',
          isOwnPageFile(path.basename(filePath))
            ? 'no-store'
            : html
              ? 'no-cache'
              : 'public, max-age=31536000, immutable',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    const own = ownPagesOf(request.url);
    // Every staff or counselor answer is no-store, an unknown /staff/api/… or /counselor/api/… path's 404 too.
    if (own) reply.header('Cache-Control', 'no-store');
    if (isPage && own) {
      const page = ownPages.get(own.file);
      if (page) return sendOwnPage(page, request, reply);
    } else if (isPage && hasSpa) return sendPage(request, reply);
    return reply.status(404).send({ message: 'Not found.', code: 'NotFound' });
  });
}
