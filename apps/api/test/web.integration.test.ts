import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished, PassThrough, Writable } from 'node:stream';
import Fastify from 'fastify';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineeringInstitutes } from '../src/db/schema/engineering.ts';
import { errorsPlugin } from '../src/plugins/errors.ts';
import { IMMUTABLE } from '../src/plugins/web.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * How the built web app is served (plugins/web.ts): a fixture shaped like the build's output
 * (apps/web/scripts/prerender.ts), so nothing is built here; and the real build when there is one.
 */
const script = `export const hello = ${JSON.stringify('a data-driven college advisor '.repeat(80))};\n`;
const page = (body: string, title = 'Rankwise') =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><div id="root">${body}</div></body></html>`;

function writeFixture(dir: string): void {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  mkdirSync(path.join(dir, 'about'), { recursive: true });
  const write = (rel: string, text: string, compressed = false) => {
    writeFileSync(path.join(dir, rel), text);
    if (!compressed) return;
    writeFileSync(path.join(dir, `${rel}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dir, `${rel}.gz`), gzipSync(text));
  };
  write('assets/index-AbC123.js', script, true);
  write('assets/index-AbC123.css', `body{color:#111}${' '.repeat(2000)}`, true);
  write('index.html', page('<h1>Get your dream college in 4 clicks</h1>'.padEnd(1500, ' ')), true);
  write('about/index.html', page('<h1>About Us</h1>', 'About us · Rankwise'));
  mkdirSync(path.join(dir, 'colleges'), { recursive: true });
  write('colleges/shell.html', page('<h1>Shape Your Dreams with Us</h1>').replace('<div id="root">', '<div id="root" data-placeholder="">'));
  write('shell.html', page(''));
  write('version.json', '{"version":"123"}');
  writeFileSync(path.join(dir, 'favicon.ico'), Buffer.from([0, 0, 1, 0, 0, 0]));
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
}

describe('serving the built web app (fixture build)', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'rankwise-web-'));
    writeFixture(dist);
    t = await buildTestApp('pglite', { env: { WEB_DIST: dist, PUBLIC_URL: 'https://rankwise.example' } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('sends a hashed asset brotli-compressed from the build, cached for a year', async () => {
    const res = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a browser without brotli, and the file as it is to one without either', async () => {
    const gz = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect([gz.statusCode, gz.headers['content-encoding'], gz.headers['cache-control']]).toEqual([200, 'gzip', IMMUTABLE]);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/index-AbC123.js');
    expect([plain.statusCode, plain.headers['content-encoding'], plain.body]).toEqual([200, undefined, script]);
    const css = await get('/assets/index-AbC123.css', { 'accept-encoding': 'br' });
    expect([css.headers['content-type'], css.headers['content-encoding']]).toEqual(['text/css; charset=utf-8', 'br']);
  });

  it('answers a missing asset (an old chunk after a deploy) with 404, not the app', async () => {
    for (const url of ['/assets/index-Old999.js', '/assets/gone.css', '/logo.png', '/assets/']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/plain/);
      expect(res.body, url).not.toContain('<div id="root">');
    }
  });

  it('serves the prerendered landing page at /, compressed and revalidated on each visit', async () => {
    const res = await get('/', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<h1>Get your dream college in 4 clicks</h1>');
    const head = await t.app.inject({ method: 'HEAD', url: '/' });
    expect([head.statusCode, head.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
  });

  it('serves each prerendered page at its path, and the app shell for every other page', async () => {
    for (const url of ['/about', '/about/', '/about?from=footer']) {
      const res = await get(url);
      expect([res.statusCode, res.headers['cache-control']], url).toEqual([200, 'no-cache']);
      expect(res.body, url).toContain('<h1>About Us</h1>');
    }
    // A results page's loading frame, whatever its query.
    for (const url of ['/colleges?rank=1&homeState=Goa', '/colleges/']) {
      const res = await get(url);
      expect([res.statusCode, res.headers['cache-control']], url).toEqual([200, 'no-cache']);
      expect(res.body, url).toContain('<div id="root" data-placeholder=""><h1>Shape Your Dreams with Us</h1>');
    }
    for (const url of ['/medical-colleges?rank=1', '/compare', '/auth/verify-reset-token/abc.def']) {
      const res = await get(url);
      expect([res.statusCode, res.headers['content-type'], res.headers['cache-control']], url).toEqual([200, 'text/html; charset=utf-8', 'no-cache']);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it('revalidates version.json and the favicons, with their types', async () => {
    const version = await get('/version.json');
    expect([version.statusCode, version.headers['cache-control'], version.json()]).toEqual([200, 'no-cache', { version: '123' }]);
    expect(version.headers['content-type']).toMatch(/^application\/json/);
    expect((await get('/favicon.ico')).headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect((await get('/favicon.svg')).headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('publishes robots.txt (everything but the API) and a sitemap of the prerendered pages', async () => {
    const robots = await get('/robots.txt');
    expect([robots.statusCode, robots.headers['content-type']]).toEqual([200, 'text/plain; charset=utf-8']);
    expect(robots.body).toBe('User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: https://rankwise.example/sitemap.xml\n');
    const sitemap = await get('/sitemap.xml');
    expect([sitemap.statusCode, sitemap.headers['content-type']]).toEqual([200, 'application/xml; charset=utf-8']);
    expect([...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual(['https://rankwise.example/', 'https://rankwise.example/about']);
  });

  it('compresses API answers above 1 kB for a browser that accepts it, and leaves small ones alone', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({
      id: `inst-${i}`,
      name: `National Institute of Technology Number ${i}`,
      shortName: `NIT ${i}`,
      type: 'NIT' as const,
      state: 'Goa',
    }));
    await t.db.database.db.insert(engineeringInstitutes).values(rows).onConflictDoNothing();
    const plain = await get('/api/v1/counselor/colleges');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await get('/api/v1/counselor/colleges', { 'accept-encoding': 'gzip, br' });
    expect([br.statusCode, br.headers['content-encoding']]).toEqual([200, 'br']);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await get('/api/v1/counselor/colleges', { 'accept-encoding': 'gzip' });
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    const small = await get('/api/v1/health', { 'accept-encoding': 'br' });
    expect([small.statusCode, small.headers['content-encoding']]).toEqual([200, undefined]);
  });

  it('still answers an unknown API path with the JSON 404', async () => {
    const res = await get('/api/v1/no-such-thing', { 'accept-encoding': 'br' });
    expect([res.statusCode, res.json()]).toEqual([404, { message: 'No such endpoint: GET /api/v1/no-such-thing', code: 'NOT_FOUND' }]);
  });
});

it('logs a browser that went away mid-answer (a compressed stream closed early) as information, not an error', async () => {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  await app.register(errorsPlugin);
  const closedEarly = await new Promise<Error>((resolve) => {
    const s = new PassThrough();
    finished(s, (err) => resolve(err as Error));
    s.destroy();
  });
  expect((closedEarly as NodeJS.ErrnoException).code).toBe('ERR_STREAM_PREMATURE_CLOSE');
  app.get('/gone', async () => {
    throw closedEarly;
  });
  app.get('/broken', async () => {
    throw new Error('a real fault');
  });
  await app.inject({ method: 'GET', url: '/gone' });
  await app.inject({ method: 'GET', url: '/broken' });
  await app.close();
  expect(lines.filter((l) => l.level >= 50).map((l) => l.msg)).toEqual(['unhandled error']);
  expect(lines.some((l) => l.level === 30 && l.msg.startsWith('the client closed the connection'))).toBe(true);
});

// The real build (npm run build), when there is one: the landing page's heading is in the HTML
// itself, before any JavaScript runs, and every script it loads is pre-compressed and immutable.
const realDist = path.resolve(import.meta.dirname, '../../web/dist');
describe.runIf(existsSync(path.join(realDist, 'shell.html')))('serving the real web build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { env: { WEB_DIST: realDist } });
  });
  afterAll(() => t.close());

  it('has the landing page prerendered, with its scripts pre-compressed and cached for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>Get your dream college in 4 clicks<\/h1>/);
    expect(res.body).toContain('College Predictor');
    const scripts = [...res.body.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) {
      const js = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      // The build leaves files under 1 kB as they are.
      const big = readFileSync(path.join(realDist, url)).length >= 1024;
      expect([js.statusCode, js.headers['content-encoding'], js.headers['cache-control']], url).toEqual([200, big ? 'br' : undefined, IMMUTABLE]);
    }
  });

  it('has every page of the build with a distinct title', async () => {
    const files = [
      'index.html',
      ...readdirSync(realDist, { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(path.join(realDist, d.name, 'index.html')))
        .map((d) => `${d.name}/index.html`),
    ];
    const titles = files.map((f) => /<title>([^<]*)<\/title>/.exec(readFileSync(path.join(realDist, f), 'utf8'))?.[1]);
    expect(titles.length).toBeGreaterThan(5);
    expect(new Set(titles).size).toBe(titles.length);
  });
});
