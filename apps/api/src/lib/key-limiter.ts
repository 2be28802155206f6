import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { readyRedis, redisFailed } from './redis-guard.ts';

export type WindowCount = { current: number; ttlMs: number };

/**
 * Counts hits per key in fixed windows: in Redis while it answers (shared by every instance), in
 * this process's memory while it does not, so a limit never switches off (docs/decisions/0017).
 * The process keeps a copy of each window as Redis last gave it, so a count moves with the
 * counting: a Redis that goes away continues from Redis' count here, and a Redis that comes back
 * (empty after a restart, or behind after a hang) is raised to this process's count. A flapping
 * Redis cannot hand out fresh windows.
 */
export type WindowCounter = { incr(key: string, windowMs: number): Promise<WindowCount> };

// KEYS[1] counter; ARGV[1] window ms for a new key; ARGV[2] the least the count may be after this hit
// (this process's own count, carried over). Returns {count, ttl ms}.
const INCR_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
local floor = tonumber(ARGV[2])
if n < floor then n = redis.call('INCRBY', KEYS[1], floor - n) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}
`;

const MEMORY_SWEEP_AT = 50_000;

export function createWindowCounter(redis: () => Redis | null, prefix: string): WindowCounter {
  const memory = new Map<string, { n: number; resetAt: number }>();
  const live = (key: string, now: number) => {
    const e = memory.get(key);
    return e && e.resetAt > now ? e : undefined;
  };
  const remember = (key: string, n: number, resetAt: number) => {
    if (!memory.has(key) && memory.size >= MEMORY_SWEEP_AT) sweep(memory, Date.now());
    memory.set(key, { n, resetAt });
  };
  return {
    async incr(key, windowMs) {
      const client = redis();
      const r = readyRedis(client);
      const now = Date.now();
      const known = live(key, now);
      if (r) {
        try {
          const [current, ttlMs] = (await r.eval(INCR_SCRIPT, 1, `${prefix}:${key}`, known ? known.resetAt - now : windowMs, known ? known.n + 1 : 0)) as [
            number,
            number,
          ];
          remember(key, current, Date.now() + ttlMs);
          return { current, ttlMs };
        } catch (err) {
          // Redis went away or hung mid-call: count here.
          redisFailed(client, err);
        }
      }
      const e = live(key, Date.now()) ?? { n: 0, resetAt: now + windowMs };
      remember(key, e.n + 1, e.resetAt);
      return { current: e.n + 1, ttlMs: e.resetAt - now };
    },
  };
}

/** Drops expired windows; if every window is live, the oldest half (a flood of addresses must not exhaust memory). */
function sweep(memory: Map<string, { resetAt: number }>, now: number): void {
  for (const [k, v] of memory) if (v.resetAt <= now) memory.delete(k);
  if (memory.size < MEMORY_SWEEP_AT) return;
  let drop = memory.size / 2;
  for (const k of memory.keys()) {
    if (drop-- <= 0) break;
    memory.delete(k);
  }
}

/** Counts hits per key in a fixed window; Redis when it answers (shared by all instances), else memory. */
export type KeyLimiter = { hit(key: string, max: number, windowSeconds: number): Promise<boolean> };

export function createKeyLimiter(app: FastifyInstance, prefix: string): KeyLimiter {
  const counter = createWindowCounter(() => app.redis, prefix);
  return {
    async hit(key, max, windowSeconds) {
      return (await counter.incr(key, windowSeconds * 1000)).current <= max;
    },
  };
}

type RateLimitCallback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit over a WindowCounter. The plugin's own Redis store fails when
 * Redis is away, and `skipOnError` then lets every request through: the per-address limits would
 * switch off exactly when an attacker took Redis down.
 */
export function fallbackRateLimitStore(redis: () => Redis | null, prefix: string) {
  const counter = createWindowCounter(redis, prefix);
  return class FallbackRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly route = '',
    ) {}
    // The plugin passes the route's window (ms) and max; its type declarations lag behind.
    incr(key: string, cb: RateLimitCallback, timeWindow = 60_000) {
      counter.incr(`${this.route}${key}`, timeWindow).then(
        (c) => cb(null, { current: c.current, ttl: c.ttlMs }),
        (err: Error) => cb(err),
      );
    }
    /** The plugin passes the route's merged options, `routeInfo` being the route (method, full URL). */
    child(routeOptions: object) {
      const info = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new FallbackRateLimitStore(undefined, `${String(info.method ?? '')}${info.url ?? ''}-`);
    }
  };
}
