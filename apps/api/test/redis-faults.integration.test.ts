import { setTimeout as sleep } from 'node:timers/promises';
import { hash as argonHash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/auth.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';
import { createOwnRedis, ownRedisUnavailable, type OwnRedis } from './helpers/own-redis.ts';

/**
 * Issue 14 item 8 (Redis): with REDIS_URL set and Redis gone, every per-address limit keeps
 * counting, in this process; /health says degraded; when Redis is back the limits are shared
 * through it again. And the submission counter admits exactly its limit under a parallel burst.
 * Against a redis-server of the test's own (never the machine's shared one), which it stops and
 * starts again on the same port.
 */
const noRedis = ownRedisUnavailable();
const PREFIX = 'faulttest:';

const until = async (what: string, ok: () => boolean, ms = 10_000) => {
  for (const end = Date.now() + ms; !ok(); await sleep(25)) if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
};

describe.skipIf(noRedis)(`per-address limits with Redis going away and coming back${noRedis ? ` (skipped: ${noRedis})` : ''}`, () => {
  let redis: OwnRedis;
  let t: TestApp;
  const redisStatus = () => t.app.redis!.status;

  beforeAll(async () => {
    redis = await createOwnRedis();
    await redis.start();
    t = await buildTestApp('pglite', { env: { REDIS_URL: redis.url, REDIS_PREFIX: PREFIX, SUBMISSION_LIMIT: '3', JOBS_WORKER: 'false' } });
    await until('redis ready', () => redisStatus() === 'ready');
    await t.db.database.db.insert(users).values({ username: 'redis_owner', email: 'owner@example.in', passwordHash: await argonHash('owners-password-1') });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.destroy();
  });

  const feedback = (from: string) => t.app.inject({ method: 'POST', url: '/api/v1/app/feedback', payload: { feedback: 'Good' }, remoteAddress: from });
  /** The statuses of n calls in a row. */
  const statuses = async (n: number, call: (i: number) => Promise<{ statusCode: number }>) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push((await call(i)).statusCode);
    return out;
  };
  const health = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    return { status: res.statusCode, body: res.json() };
  };
  const login = (password: string, from: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'owner@example.in', password }, remoteAddress: from });
  const forgot = (i: number) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: 'owner@example.in' }, remoteAddress: `198.51.100.${i + 1}` });
  const search = (rank: number, from: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/college/preferences',
      payload: { rank, examType: 'IIT', seatType: 'OPEN', gender: 'Male', homeState: 'Goa' },
      remoteAddress: from,
    });

  it('counts in Redis under REDIS_PREFIX while it is up, and /health says so', async () => {
    // The feedback form allows 5 a minute from one address.
    expect(await statuses(6, () => feedback('192.0.2.10'))).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', database: { ok: true }, redis: { ok: true } } });
    const keys = await redis.client().keys('*');
    expect(keys).toContain(`${PREFIX}rl:POST/api/v1/app/feedback-192.0.2.10`);
    expect(keys.filter((k) => !k.startsWith(PREFIX))).toEqual([]);
  });

  it('keeps every limit while Redis is away, in this process, and reports degraded', async () => {
    await redis.stop();
    await until('the app to notice', () => redisStatus() !== 'ready');

    const degraded = await health();
    // Degraded, but the instance still serves (its own limits): 200 keeps it behind the load balancer.
    expect(degraded).toMatchObject({ status: 200, body: { status: 'degraded', database: { ok: true }, redis: { ok: false, latencyMs: null } } });

    // Route limits (@fastify/rate-limit): still 5 a minute.
    expect(await statuses(6, () => feedback('192.0.2.11'))).toEqual([200, 200, 200, 200, 200, 429]);
    // The sign-in slow-down of an (account, address) pair: 3 failures, then a wait.
    expect(await statuses(4, () => login('wrong-password', '192.0.2.12'))).toEqual([401, 401, 401, 429]);
    // The per-e-mail reset limit (lib/key-limiter.ts): 5 an hour, from any address.
    expect(await statuses(6, forgot)).toEqual([200, 200, 200, 200, 200, 429]);
    // The submission limit (3 distinct sets here); a set already counted is still admitted.
    expect(await statuses(4, (i) => search(1000 + i, '192.0.2.13'))).toEqual([200, 200, 200, 429]);
    expect((await search(1000, '192.0.2.13')).statusCode).toBe(200);
  });

  it('shares the limits through Redis again when it returns', async () => {
    await redis.start();
    await until('the app to reconnect', () => redisStatus() === 'ready', 15_000);
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', redis: { ok: true } } });

    expect((await feedback('192.0.2.14')).statusCode).toBe(200);
    expect((await search(5000, '192.0.2.14')).statusCode).toBe(200);
    const raw = redis.client();
    expect(await raw.get(`${PREFIX}rl:POST/api/v1/app/feedback-192.0.2.14`)).toBe('1');
    expect(await raw.scard(`${PREFIX}sub:ip:192.0.2.14`)).toBe(1);
  });
});

describe.each(['in-process', 'redis'] as const)('the submission counter (%s) under a parallel burst', (where) => {
  const skip = where === 'redis' ? noRedis : null;
  let redis: OwnRedis | undefined;
  let t: TestApp;
  const LIMIT = 20;

  beforeAll(async () => {
    if (skip) return;
    if (where === 'redis') {
      redis = await createOwnRedis();
      await redis.start();
    }
    t = await buildTestApp('pglite', { env: { SUBMISSION_LIMIT: String(LIMIT), ...(redis ? { REDIS_URL: redis.url } : {}) } });
    if (redis) await until('redis ready', () => t.app.redis!.status === 'ready');
  });
  afterAll(async () => {
    await t?.close();
    await redis?.destroy();
  });

  it.skipIf(skip)(`admits exactly the limit of 150 new preference sets sent at once${skip ? ` (skipped: ${skip})` : ''}`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/college/preferences',
          payload: { rank: 100 + i, examType: 'IIT', seatType: 'OPEN', gender: 'Male', homeState: 'Goa' },
          remoteAddress: '203.0.113.50',
        }),
      ),
    );
    const count = (status: number) => answers.filter((a) => a.statusCode === status).length;
    expect({ admitted: count(200), refused: count(429), other: 150 - count(200) - count(429) }).toEqual({ admitted: LIMIT, refused: 150 - LIMIT, other: 0 });
  });
});
