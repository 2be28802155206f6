import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { freePort } from './helpers/own-postgres.ts';
import { testConfig } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

/**
 * Issue 27 item 2: /metrics counts what was sent (behind its token, or on its own port), every
 * answer and request log line carries the request id (the proxy's when trusted), and /health is
 * split into liveness and readiness; /api/v1/health keeps its answer.
 */
const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one sample line of a scrape, or 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const want = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .join(',');
  const line = text.split('\n').find(
    (l) =>
      l.startsWith(`${name}{`) &&
      l
        .slice(name.length + 1, l.indexOf('}'))
        .split(',')
        .sort()
        .join(',') === want.split(',').sort().join(','),
  );
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('metrics, request ids and health', () => {
  let app: App;
  let db: TestDatabase;
  let metricsPort: number;
  const lines: { reqId?: string; msg: string }[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    metricsPort = await freePort();
    const stream = new Writable({ write: (chunk, _e, cb) => (lines.push(JSON.parse(String(chunk))), cb()) });
    app = await buildApp(testConfig({ METRICS_TOKEN: TOKEN, METRICS_PORT: String(metricsPort), TRUST_PROXY: '1', JOBS_WORKER: 'false' }), {
      database: db.database,
      logger: { level: 'info', stream },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const scrape = async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    return res.body;
  };

  it('says not ready until the read models are built, and live all along', async () => {
    expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    const before = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toMatchObject({ status: 'not ready', database: true, readModels: false });
    await app.readModels.ready();
    const after = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ status: 'ready', database: true, readModels: true });
    // The spec's health answer is unchanged.
    const spec = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(spec.statusCode).toBe(200);
    expect(spec.json()).toMatchObject({ status: 'ok', database: { ok: true } });
  });

  it('counts every request by route and status, with latency histograms, and the predictor and read-model timings', async () => {
    const before = await scrape();
    const healthBefore = sample(before, 'http_requests_total', { method: 'GET', route: '/api/v1/health', status: '200' });
    for (let i = 0; i < 7; i++) await app.inject({ method: 'GET', url: '/api/v1/health' });
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: `/api/v1/no-such-thing-${i}` });
    const search = { rank: 1500, examType: 'IIT', seatType: 'OPEN', gender: 'Male', homeState: 'Goa' };
    for (let i = 0; i < 4; i++) await app.inject({ method: 'POST', url: '/api/v1/college/preferences', payload: search, remoteAddress: '192.0.2.60' });
    const after = await scrape();
    expect(sample(after, 'http_requests_total', { method: 'GET', route: '/api/v1/health', status: '200' }) - healthBefore).toBe(7);
    expect(sample(after, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/v1/health', status: '200' }) - healthBefore).toBe(7);
    expect(sample(after, 'http_request_duration_seconds_bucket', { method: 'GET', route: '/api/v1/health', status: '200', le: '+Inf' }) - healthBefore).toBe(7);
    // Unknown paths are one series, not one per URL.
    expect(after).not.toContain('no-such-thing');
    expect(sample(after, 'http_requests_total', { method: 'POST', route: '/api/v1/college/preferences', status: '200' })).toBe(4);
    expect(sample(after, 'rankwise_predictor_answer_seconds_count', { stream: 'engineering', source: 'read_model' })).toBe(4);
    expect(after).toMatch(/^rankwise_read_model_build_seconds_count\{model="engineering"\} [1-9]/m);
    expect(sample(after, 'rankwise_jobs', { state: 'pending' })).toBe(0);
    expect(after).toContain('# TYPE rankwise_payments gauge');
    expect(after).toMatch(/^rankwise_read_models_loaded 1$/m);
    expect(after).toMatch(/^process_resident_memory_bytes \d+$/m);
  });

  it('keeps /metrics off the public port without the token, and serves it on METRICS_PORT', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', `Basic ${TOKEN}`]) {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(404);
      expect(res.body).not.toContain('http_requests_total');
    }
    const own = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('# TYPE http_requests_total counter');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
  });

  it('puts the request id on every answer and every log line of the request, taking the trusted proxy’s', async () => {
    const own = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(own.headers['x-request-id']).toMatch(/^[a-z0-9]+-[a-z0-9]+-[a-z0-9]+$/);
    const given = '3f9a1c2e8b7d4a6f9e0c1b2a3d4e5f60';
    const proxied = await app.inject({ method: 'GET', url: '/api/v1/no-such-route', headers: { 'x-request-id': given } });
    expect(proxied.headers['x-request-id']).toBe(given);
    const ofIt = lines.filter((l) => l.reqId === given);
    expect(ofIt.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    // Malformed ids are not taken.
    const bad = await app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'a b\nc' } });
    expect(bad.headers['x-request-id']).not.toBe('a b\nc');
  });
});
