import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PRINT_VIEW_RENDERER, PRINT_VIEW_SLOT } from '../../../src/kernel/shells';
import { asUser, makeApp, newApplicant, type TestApp } from '../helpers';

const HTML =
  '<html><head><meta name="app-config" content="{}" /><title>Site</title></head><body><div id="root"></div></body></html>';
const PRINT_VIEW_TEMPLATE = HTML.replace('<div id="root">', `<div id="root">${PRINT_VIEW_SLOT}`);
// The build's renderer is the app itself (src/firstPaint/renderPrintView.tsx, tested with the app and end to end); here a
// stand-in shows what the server gave it.
const RENDERER = `exports.renderPrintView = async (pathname, token, bundle) => {
  if (bundle.answer.first_name === 'Boom') throw new Error('render failed');
  return { markup: '<h1>' + bundle.answer.first_name + ' at ' + pathname + '</h1>', title: bundle.answer.first_name + ' - Site' };
};`;

function makeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'));
  fs.writeFileSync(path.join(dir, 'index.html'), HTML);
  fs.mkdirSync(path.join(dir, 'shells'));
  for (const page of ['about', 'education', 'final-steps']) {
    fs.writeFileSync(path.join(dir, 'shells', `${page}-print-view.html`), PRINT_VIEW_TEMPLATE);
  }
  fs.mkdirSync(path.dirname(path.join(dir, PRINT_VIEW_RENDERER)), { recursive: true });
  fs.writeFileSync(path.join(dir, PRINT_VIEW_RENDERER), RENDERER);
  return dir;
}

async function printViewToken(t: TestApp, username: string, firstName: string) {
  const cookie = await newApplicant(t, username);
  await t.app.inject({ method: 'PUT', url: '/api/answer', ...asUser(cookie, { first_name: firstName }, 'PUT') });
  return (await t.app.services.tokens.createServiceToken(username)).token;
}

describe('the print view’s page, rendered per request', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = makeDist();
    t = await makeApp({ staticDir: dir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('carries the applicant’s answers, kept by no cache', async () => {
    const token = await printViewToken(t, 'shown@example.com', 'Ada');
    const res = await t.app.inject({ method: 'GET', url: `/education?service_token=${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<title>Ada - Site</title>');
    expect(res.body).toContain('<div id="root"><h1>Ada at /education</h1></div>');
    expect(res.body).not.toContain(PRINT_VIEW_SLOT);

    const br = await t.app.inject({
      method: 'GET',
      url: `/education?service_token=${token}`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(res.body);
  });

  it('writes the answers as they are ($ patterns included), the title as text', async () => {
    const token = await printViewToken(t, 'dollar@example.com', 'A$&B$1</title><b>');
    const res = await t.app.inject({ method: 'GET', url: `/about?service_token=${token}` });
    expect(res.body).toContain('<h1>A$&B$1</title><b> at /about</h1>');
    expect(res.body).toContain('<title>A$&amp;B$1&lt;/title&gt;&lt;b&gt; - Site</title>');
  });

  it.each([
    ['an unknown token', async () => 'not-a-token'],
    ['an empty token', async () => ''],
    [
      'a revoked token',
      async () => {
        const token = await printViewToken(t, 'revoked@example.com', 'Gone');
        await t.app.services.tokens.revokeAllFor('revoked@example.com');
        return token;
      },
    ],
    ['a page the renderer fails on', async () => printViewToken(t, 'boom@example.com', 'Boom')],
  ])('%s gets the app’s page (the app shows what the server answers)', async (_name, tokenOf) => {
    const res = await t.app.inject({ method: 'GET', url: `/about?service_token=${await tokenOf()}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe(HTML);
  });

  it('never serves the renderer itself', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/${PRINT_VIEW_RENDERER}` });
    expect(res.body).not.toContain('renderPrintView');
    expect(res.body).toBe(HTML);
  });
});

describe('the print view’s page under the public routes’ limit', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = makeDist();
    t = await makeApp({ staticDir: dir, publicRateLimit: 2 });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads no token past the limit: the app’s page, which tells nothing about the token', async () => {
    const token = await printViewToken(t, 'limited@example.com', 'Ada');
    const get = () => t.app.inject({ method: 'GET', url: `/about?service_token=${token}` });
    expect((await get()).body).toContain('<h1>Ada at /about</h1>');
    expect((await get()).body).toContain('<h1>Ada at /about</h1>');
    const third = await get();
    expect(third.statusCode).toBe(200);
    expect(third.body).toBe(HTML);
  });
});
