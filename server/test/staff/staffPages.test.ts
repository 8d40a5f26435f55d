/**
 * The staff console's pages: /staff and /staff/* answer dist/staff.html (the "staff" entry), never cached; the
 * staff API's unknown paths stay JSON 404s; the applicants' pages are still index.html.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { makeApp, type TestApp } from '../helpers';

const INDEX =
  '<html><head><meta name="app-config" content="{}" /></head><body><div id="root">applicant</div></body></html>';
const STAFF = '<html lang="en"><head><title>Staff console</title></head><body><div id="root">staff</div></body></html>';

describe('serving the staff console', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-staff-'));
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dir, 'staff.html'), STAFF);
    t = await makeApp({ staticDir: dir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    '/staff',
    '/staff/',
    '/staff/sign-in',
    '/staff/sign-in?error=SsoNoMfa',
    '/staff/enrol?token=abc',
    '/staff/audit?actor=a%40b.c',
    '/staff/some/unknown/page',
  ])('answers %s with staff.html, never cached', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe(STAFF);
  });

  it('answers HEAD like GET', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/staff/accounts' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('compresses the staff page when the browser accepts it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/staff', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(STAFF);
  });

  it('never caches staff.html served by its own name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/staff.html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each(['/staff/api/unknown', '/staff/api/', '/staff/api', '/staff/api?x=1'])(
    'answers the unknown API path %s with a JSON 404, not the page',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NotFound' });
    },
  );

  it.each(['/', '/about', '/staffroom', '/login?next=/staff'])('answers %s with the applicants’ page', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('applicant');
  });
});

describe('a build without the staff console', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-nostaff-'));
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
    t = await makeApp({ staticDir: dir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers /staff pages with a 404, not the applicants’ app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/staff/sign-in' });
    expect(res.statusCode).toBe(404);
  });
});
