/**
 * The counselor's page: /counselor/* answers dist/counselor.html (the "counselor" entry), never cached; the
 * counselor API's unknown paths stay JSON 404s, never the page; the other audiences' pages are unchanged.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { makeApp, type TestApp } from '../helpers';

const INDEX =
  '<html><head><meta name="app-config" content="{}" /></head><body><div id="root">applicant</div></body></html>';
const STAFF = '<html lang="en"><head><title>Staff console</title></head><body><div id="root">staff</div></body></html>';
const COUNSELOR =
  '<html lang="en"><head><title>School report</title></head><body><div id="root">counselor</div></body></html>';

describe('serving the counselor’s page', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-counselor-'));
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dir, 'staff.html'), STAFF);
    fs.writeFileSync(path.join(dir, 'counselor.html'), COUNSELOR);
    t = await makeApp({ staticDir: dir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/counselor', '/counselor/', '/counselor/school-report', '/counselor/school-report?x=1'])(
    'answers %s with counselor.html, never cached',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toBe(COUNSELOR);
    },
  );

  it('compresses the page when the browser accepts it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/counselor/school-report',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(COUNSELOR);
  });

  it('never caches counselor.html served by its own name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/counselor.html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each(['/counselor/api/unknown', '/counselor/api/', '/counselor/api', '/counselor/api?x=1'])(
    'answers the unknown API path %s with a no-store JSON 404, not the page',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toMatchObject({ code: 'NotFound' });
    },
  );

  it.each([
    ['/staff/sign-in', 'staff'],
    ['/about', 'applicant'],
    ['/counselors', 'applicant'],
  ])('still answers %s with its own audience’s page', async (url, body) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(body);
  });
});

describe('a build without the counselor’s page', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-nocounselor-'));
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
    t = await makeApp({ staticDir: dir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers /counselor pages with a 404, not the applicants’ app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/counselor/school-report' });
    expect(res.statusCode).toBe(404);
  });
});
