import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';
import { databaseKinds } from './helpers/test-database.ts';

describe.each(databaseKinds)('app base on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('reports the database state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { kind, ok: true } });
  });

  it('answers an unknown API path with 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No such endpoint: GET /api/v1/no-such-thing', code: 'NOT_FOUND' });
  });

  it('publishes an OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/v1/health');
  });

  it('hides Google sign-in when it is not configured, and says so to a direct call', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/app/config' })).json().google).toBeNull();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/google', payload: { code: 'abc' } });
    // 404: the site has no such feature (not a failure of the server, which would be a 5xx, nor one to retry).
    expect([res.statusCode, res.json()]).toEqual([404, { message: 'Google sign-in is not available on this site.', code: 'NOT_CONFIGURED' }]);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  // Last: the app stays stopping. SIGTERM (server.ts) takes the instance out of the proxy's rotation
  // with 503s to GETs (nginx asks them of another instance), and answers everything else as ever.
  it('while stopping, answers GETs 503 to be asked elsewhere, and everything else as ever', async () => {
    t.app.startDraining();
    const get = await t.app.inject({ method: 'GET', url: '/api/v1/app/config' });
    expect([get.statusCode, get.json()]).toEqual([
      503,
      { message: 'The service is temporarily unavailable. Please try again in a minute.', code: 'UNAVAILABLE' },
    ]);
    expect(get.headers).toMatchObject({ connection: 'close', 'retry-after': '1' });
    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(503);
    expect((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    const post = await t.app.inject({ method: 'POST', url: '/api/v1/auth/google', payload: { code: 'abc' } });
    expect(post.statusCode).toBe(404);
  });
});
