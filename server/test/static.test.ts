import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderIndex } from '../src/http/static';
import { makeApp, type TestApp } from './helpers';

const HTML = '<html><head><meta name="app-config" content="{}" /></head><body><div id="root"></div></body></html>';

describe('serving the SPA', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'));
    fs.writeFileSync(path.join(dir, 'index.html'), HTML);
    fs.writeFileSync(path.join(dir, 'main.abc123.js'), 'console.log(1)');
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
