import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { renderIndex } from '../../src/http/static';
import { makeApp, type TestApp } from '../helpers';

const HTML = '<html><head><meta name="app-config" content="{}" /></head><body><div id="root"></div></body></html>';

describe('serving the SPA', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'));
    fs.writeFileSync(path.join(dir, 'index.html'), HTML);
    fs.writeFileSync(path.join(dir, 'main.abc123.js'), 'console.log(1)');
    fs.mkdirSync(path.join(dir, 'shells'));
    for (const name of ['login', 'about', 'about-applicant', 'about-applicant-2']) {
      fs.writeFileSync(
        path.join(dir, 'shells', `${name}.html`),
        HTML.replace('<body>', `<body><div id="shell">${name}</div>`),
      );
    }
    t = await makeApp({ staticDir: dir, clientConfig: { inactivityTimeoutMs: 5000, inactivityWarningMs: 2000 } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/', '/about', '/reset?username=a&id=b', '/some/unknown/page'])(
    'answers %s with the app page, not cached',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it.each([
    ['/login', {}, 'login'],
    ['/login?username=a%40b.c', {}, 'login'],
    ['/about', {}, 'about'],
    ['/about', { logged_in: '5' }, 'about-applicant'],
    ['/about', { logged_in: '2' }, 'about-applicant-2'],
    ['/about', { logged_in: 'yes' }, 'about-applicant'],
  ])('answers %s (cookies %j) with the %s shell', async (url, cookies, shell) => {
    const res = await t.app.inject({ method: 'GET', url, cookies });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(res.body).toContain(`<div id="shell">${shell}</div>`);
    expect(res.body).toContain('<meta name="app-config" content="{&quot;inactivityTimeoutMs&quot;:5000');
  });

  it.each([
    ['/login', { logged_in: '1' }],
    ['/completion', {}],
    ['/about?service_token=abc', {}],
    ['/about?service_token=abc', { logged_in: '2' }],
    ['/', {}],
    ['/some/unknown/page', {}],
  ])('answers %s (cookies %j) with the plain app page', async (url, cookies) => {
    const res = await t.app.inject({ method: 'GET', url, cookies });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('id="shell"');
  });

  it.each([
    ['br', (b: Buffer) => zlib.brotliDecompressSync(b)],
    ['gzip', (b: Buffer) => zlib.gunzipSync(b)],
  ] as const)('compresses the page with %s when the browser accepts it', async (encoding, decompress) => {
    const plain = await t.app.inject({ method: 'GET', url: '/about' });
    const res = await t.app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': `${encoding}` } });
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(decompress(res.rawPayload).toString()).toBe(plain.body);
  });

  it('writes the run-time settings into the app-config meta tag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    expect(res.body).toContain(
      '<meta name="app-config" content="{&quot;inactivityTimeoutMs&quot;:5000,&quot;inactivityWarningMs&quot;:2000}" />',
    );
  });

  it('serves hashed assets as immutable and keeps API 404s as JSON', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/main.abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const api = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found.', code: 'NotFound' });
  });

  it('escapes what it writes into the attribute', () => {
    expect(renderIndex(HTML, { inactivityTimeoutMs: 1 })).toContain('content="{&quot;inactivityTimeoutMs&quot;:1}"');
    expect(renderIndex(HTML, {})).toContain('content="{}"');
  });
});
