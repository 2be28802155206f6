import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { readyRedis } from '../src/lib/redis-guard.ts';
import { testConfig } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { createOwnRedis, ownRedisUnavailable, type OwnRedis } from './helpers/own-redis.ts';

/**
 * Issue 29 items 1 and 2, against a redis-server of the test's own (never the machine's shared one):
 * - a hung Redis (SIGSTOP: the connection stays 'ready', nothing answers) is treated as away after
 *   one timed-out command: the requests that follow count in the process without sending Redis
 *   anything, the change is logged once each way, and the limits go back to Redis when it answers;
 * - a Redis that comes and goes (stopped and started, or frozen and thawed) does not hand out fresh
 *   windows: the count carries over both ways.
 */
const noRedis = ownRedisUnavailable();
const PREFIX = 'hangtest:';

const until = async (what: string, ok: () => boolean | Promise<boolean>, ms = 15_000) => {
  for (const end = Date.now() + ms; !(await ok()); await sleep(25)) if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
};

describe.skipIf(noRedis)(`a hung or flapping Redis${noRedis ? ` (skipped: ${noRedis})` : ''}`, () => {
  let redis: OwnRedis;
  let app: App;
  let db: TestDatabase;
  const lines: string[] = [];
  const logged = (msg: string) => lines.filter((l) => JSON.parse(l).msg === msg).length;

  beforeAll(async () => {
    redis = await createOwnRedis();
    await redis.start();
    db = await createTestDatabase('pglite');
    const stream = new Writable({ write: (chunk, _e, cb) => (lines.push(String(chunk)), cb()) });
    app = await buildApp(testConfig({ REDIS_URL: redis.url, REDIS_PREFIX: PREFIX, JOBS_WORKER: 'false' }), {
      database: db.database,
      logger: { level: 'info', stream },
    });
    await app.ready();
    await until('redis ready', () => app.redis!.status === 'ready');
  });
  afterAll(async () => {
    redis?.thaw();
    await app?.close();
    await db?.drop();
    await redis?.destroy();
  });

  // The feedback form allows 5 a minute from one address.
  const feedback = (from: string) => app.inject({ method: 'POST', url: '/api/v1/app/feedback', payload: { feedback: 'Good' }, remoteAddress: from });
  const statuses = async (n: number, from: string) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push((await feedback(from)).statusCode);
    return out;
  };
  const search = (rank: number, from: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/college/preferences',
      payload: { rank, examType: 'IIT', seatType: 'OPEN', gender: 'Male', homeState: 'Goa' },
      remoteAddress: from,
    });
  /** Commands ioredis has sent and not yet had answered. */
  const unanswered = () => (app.redis as unknown as { commandQueue: { length: number } }).commandQueue.length;
  const answering = () => readyRedis(app.redis) !== null;

  it('treats a hung Redis as away after one timeout, sends it nothing more but probes, and returns to it when it answers', async () => {
    expect(await statuses(1, '192.0.2.20')).toEqual([200]);
    const raw = redis.client();
    expect(await raw.get(`${PREFIX}rl:POST/api/v1/app/feedback-192.0.2.20`)).toBe('1');

    redis.freeze();
    // The first call waits for the command timeout, then counts here; that opens the circuit.
    expect(await statuses(1, '192.0.2.20')).toEqual([200]);
    expect(app.redis!.status).toBe('ready');
    expect(answering()).toBe(false);
    expect(logged('redis unavailable: limits counted in this process until it answers')).toBe(1);

    // Forty requests that touch limits (route limit, submission limit) send Redis nothing: the
    // queue of unanswered commands grows by the probes alone (one a second), not by forty.
    const before = unanswered();
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) {
      answers.push((await feedback(`192.0.2.${100 + i}`)).statusCode);
      answers.push((await search(2000 + i, `192.0.2.${100 + i}`)).statusCode);
    }
    expect(answers.every((s) => s === 200)).toBe(true);
    expect(unanswered() - before).toBeLessThan(10);
    // The limit still holds, counted here: 2 + 3 = 5, then 429.
    expect(await statuses(4, '192.0.2.20')).toEqual([200, 200, 200, 429]);
    expect(logged('redis unavailable: limits counted in this process until it answers')).toBe(1);

    redis.thaw();
    await until('the probe to find Redis answering', answering);
    expect(logged('redis answering again: limits shared through it')).toBe(1);
    // Back in Redis, which carried this process's count over: still refused, and Redis says 6 or more.
    expect(await statuses(1, '192.0.2.20')).toEqual([429]);
    expect(Number(await raw.get(`${PREFIX}rl:POST/api/v1/app/feedback-192.0.2.20`))).toBeGreaterThanOrEqual(6);
    expect((await feedback('192.0.2.21')).statusCode).toBe(200);
    expect(await raw.get(`${PREFIX}rl:POST/api/v1/app/feedback-192.0.2.21`)).toBe('1');
  });

  it('hands out no fresh window across a Redis stop and start', async () => {
    const from = '192.0.2.30';
    expect(await statuses(3, from)).toEqual([200, 200, 200]);
    await redis.stop();
    await until('the app to notice', () => !answering());
    // Counted here from Redis' 3: two more, then refused.
    expect(await statuses(3, from)).toEqual([200, 200, 429]);
    await redis.start();
    await until('the app to reconnect', answering);
    // Redis came back empty; this process's count is carried into it.
    expect(await statuses(2, from)).toEqual([429, 429]);
    expect(Number(await redis.client().get(`${PREFIX}rl:POST/api/v1/app/feedback-${from}`))).toBeGreaterThanOrEqual(7);
    // The submission limit too (20 distinct sets a window by default): what was admitted is carried over.
    const sub = '192.0.2.31';
    for (let i = 0; i < 5; i++) expect((await search(3000 + i, sub)).statusCode).toBe(200);
    await redis.stop();
    await until('the app to notice', () => !answering());
    await redis.start();
    await until('the app to reconnect', answering);
    expect((await search(3999, sub)).statusCode).toBe(200);
    expect(await redis.client().scard(`${PREFIX}sub:ip:${sub}`)).toBe(6);
    expect(logged('redis unavailable: limits counted in this process until it answers')).toBe(3);
  });

  it('carries the sign-in slow-down over a Redis restart', async () => {
    const login = (from: string) =>
      app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'nobody@example.in', password: 'wrong-password-1' }, remoteAddress: from });
    const codes = async (n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await login('192.0.2.40')).statusCode);
      return out;
    };
    expect(await codes(3)).toEqual([401, 401, 401]);
    await redis.stop();
    await until('the app to notice', () => !answering());
    await redis.start();
    await until('the app to reconnect', answering);
    // Redis lost the pair; this process remembered it: the fourth attempt must wait.
    expect(await codes(1)).toEqual([429]);
  });
});
