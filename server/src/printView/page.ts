import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_ROUTE } from '../../../src/kernel/paths';
import { PRINT_VIEW_RENDERER, PRINT_VIEW_SLOT } from '../../../src/kernel/shells';
import type { TokenService } from '../tokens/service';
import type { ApplicationPdfService } from '../pdf/service';
import type { PageRange } from '../pdf/build';
import { auditServiceTokenUse } from '../tokens/audit';
import { escapeHtml } from '../http/html';
import type { PerRequestPage, RenderedPage } from '../http/static';
import { PARTNER } from '../../../src/kernel/partner';
import { collegeTimeZoneOf } from '../../../src/kernel/time';

type PrintViewBundle = Awaited<ReturnType<TokenService['printViewBundle']>> & {
  applicant?: { time_zone?: string };
  document_pages?: Record<string, PageRange>;
};
/** src/firstPaint/renderPrintView.tsx, built by webpack.config.ts into the build's folder. */
type RenderPrintView = (
  pathname: string,
  token: string,
  bundle: PrintViewBundle,
) => Promise<{ markup: string; title: string }>;

const APP_CONFIG = /<meta name="app-config" content="([^"]*)"/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface PrintViewDeps {
  tokens: TokenService;
  /** The public routes' limit (per address and minute): each print view request reads a token as /service/tmp-pdf does. */
  rateLimit: { max: number; timeWindow: string };
  /** Where each attached document lies in the applicant's PDF copy (pdf/service.ts), listed with the documents. */
  attachedPages?: ApplicationPdfService['attachedPages'];
}

/**
 * The print view's pages (src/kernel/shells.ts, PRINT_VIEW_VARIANTS), rendered per request: the applicant's answers
 * are the HTML, so staff see them as soon as it arrives instead of after the app's scripts, its lazy pages and its
 * own request for the bundle, and the page runs no script. Returns undefined, and the server sends the app's page
 * (the app then asks for the bundle and shows what the server answers, as it always did), when the token is not
 * valid, the address is over the public routes' limit, the build has no renderer, or rendering fails. So the page
 * tells no more about a token than GET /service/tmp-pdf does, and no more often.
 */
export function printViewPages(app: FastifyInstance, staticDir: string, deps: PrintViewDeps): PerRequestPage {
  const rendererFile = path.join(staticDir, PRINT_VIEW_RENDERER);
  // Looked for once: the build does not change under a running server.
  const hasRenderer = fs.existsSync(rendererFile);
  let renderer: RenderPrintView | undefined;
  const loadRenderer = () => {
    renderer ??= (createRequire(rendererFile)(rendererFile) as { renderPrintView: RenderPrintView }).renderPrintView;
    return renderer;
  };
  // Loaded and run once while the server starts: the first load and render take about 180 ms (the app and React,
  // about 33 MiB), which would otherwise fall on the first staff member after each start.
  app.addHook('onReady', async () => {
    if (!hasRenderer) return;
    try {
      await loadRenderer()(DEFAULT_ROUTE, 'warm-up', {
        answer: {},
        add_another: {},
        document_answer: {},
        tabs: {},
        applicant: { username: '', id: '', submitted_at: null, updated_at: null },
      });
    } catch (error) {
      app.log.error({ err: error }, 'print view renderer failed to start');
    }
  });
  const overLimit = app.createRateLimit(deps.rateLimit);

  return async function printViewPage(
    request: FastifyRequest,
    template: string,
    url: URL,
    encoding: 'br' | 'gzip' | undefined,
  ): Promise<RenderedPage | undefined> {
    const { pathname } = url;
    const token = url.searchParams.get('service_token') ?? '';
    if (!token || !hasRenderer) return undefined;
    const limit = await overLimit(request);
    if (!limit.isAllowed && limit.isExceeded) return undefined;
    let bundle: PrintViewBundle;
    try {
      bundle = await deps.tokens.printViewBundle(token, auditServiceTokenUse(app, request));
    } catch {
      return undefined; // not valid: the app asks for the bundle and shows the server's message
    }
    // Times in the college's zone: the one the server wrote into the page's app-config (COLLEGE_TIME_ZONE).
    const timeZone = collegeTimeZoneOf(APP_CONFIG.exec(template)?.[1]?.replaceAll('&quot;', '"')) ?? PARTNER.timeZone;
    if (bundle.applicant) bundle = { ...bundle, applicant: { ...bundle.applicant, time_zone: timeZone } };
    if (bundle.applicant && deps.attachedPages && Object.keys(bundle.document_answer).length > 0) {
      try {
        const pages = await deps.attachedPages(Number(bundle.applicant.id), bundle.applicant.username);
        bundle = { ...bundle, document_pages: pages };
      } catch (error) {
        // The documents are still listed, as appended to the PDF copy, without their pages.
        request.log.error({ err: error }, 'print view: the PDF copy could not be laid out');
      }
    }
    let page: { markup: string; title: string };
    try {
      page = await loadRenderer()(pathname, token, bundle);
    } catch (error) {
      request.log.error({ err: error }, 'print view not rendered');
      return undefined;
    }
    // Functions as replacements: a $ in an answer is written as it is.
    const html = Buffer.from(
      template
        .replace(PRINT_VIEW_SLOT, () => page.markup)
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`),
    );
    // A middle quality: compressed once per request, not once per build.
    if (encoding === 'br') {
      return {
        body: await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
        encoding,
      };
    }
    if (encoding === 'gzip') return { body: await gzip(html, { level: 6 }), encoding };
    return { body: html };
  };
}
