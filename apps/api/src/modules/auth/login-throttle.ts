import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { readyRedis, redisFailed } from '../../lib/redis-guard.ts';

/**
 * Slows down password guessing per (account, client address) pair, never per account alone, so a
 * stranger cannot lock the owner out (docs/decisions/0016). Every attempt counts as a failure
 * until it succeeds; a success clears the pair. After FREE_FAILURES failures, the next attempt
 * must wait 1 s, then 2 s, 4 s, ... up to MAX_DELAY_MS. Checking and counting is one atomic step
 * (a Lua script in Redis, shared by all instances; in memory otherwise), so a burst of parallel
 * attempts cannot all slip through before the first failures are counted.
 */
export const FREE_FAILURES = 3;
export const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 5 * 60_000;
/** A pair is forgotten a day after its last attempt. */
const STATE_TTL_SECONDS = 24 * 3600;

export type ThrottleVerdict = { allowed: true } | { allowed: false; waitSeconds: number };
export type LoginThrottle = {
  /** Counts an attempt for the pair, or says how long it must wait first. */
  attempt(email: string, address: string, nowMs: number): Promise<ThrottleVerdict>;
  succeeded(email: string, address: string): Promise<void>;
};

export function delayAfter(failures: number): number {
  return failures < FREE_FAILURES ? 0 : Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS);
}

/**
 * The client part of a pair: an IPv4 address, or the /64 network of an IPv6 one (a single
 * household or phone is usually given a whole /64, so its addresses are one client).
 */
export function clientOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!address.includes(':')) return address;
  const [head, tail] = address.split('%')[0].toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

// KEYS[1] pair; ARGV now, free failures, first delay, max delay, ttl, then this process's own
// failures and next allowed time for the pair (carried over: a pair's state lost in a Redis restart,
// or behind after a hang, is raised to it). Returns {allowed, waitMs, failures, next}.
const ATTEMPT_SCRIPT = `
local v = redis.call('HMGET', KEYS[1], 'n', 'next')
local n = math.max(tonumber(v[1]) or 0, tonumber(ARGV[6]) or 0)
local nxt = math.max(tonumber(v[2]) or 0, tonumber(ARGV[7]) or 0)
local now = tonumber(ARGV[1])
if now < nxt then return {0, nxt - now, n, string.format('%d', nxt)} end
n = n + 1
local delay = 0
if n >= tonumber(ARGV[2]) then delay = math.min(tonumber(ARGV[3]) * 2 ^ (n - tonumber(ARGV[2])), tonumber(ARGV[4])) end
nxt = now + math.floor(delay)
redis.call('HSET', KEYS[1], 'n', n, 'next', string.format('%d', nxt))
redis.call('EXPIRE', KEYS[1], ARGV[5])
return {1, 0, n, string.format('%d', nxt)}
`;

export function createLoginThrottle(app: FastifyInstance, prefix = 'login'): LoginThrottle {
  const memory = new Map<string, { n: number; next: number; touched: number }>();
  // Neither the e-mail nor the address is kept as such in Redis or memory: a digest tells pairs apart.
  const pairKey = (email: string, address: string) =>
    createHash('sha256')
      .update(`${email}\n${clientOf(address)}`)
      .digest('base64url')
      .slice(0, 32);

  const prune = (now: number) => {
    for (const [key, v] of memory) if (now - v.touched > STATE_TTL_SECONDS * 1000) memory.delete(key);
  };
  const inMemory = (k: string, now: number): ThrottleVerdict => {
    const e = memory.get(k);
    if (e && now < e.next) return { allowed: false, waitSeconds: Math.ceil((e.next - now) / 1000) };
    if (!e && memory.size > 100_000) prune(now);
    const n = (e?.n ?? 0) + 1;
    memory.set(k, { n, next: now + delayAfter(n), touched: now });
    return { allowed: true };
  };
  const redisReady = () => readyRedis(app.redis);

  return {
    async attempt(email, address, now) {
      const k = pairKey(email, address);
      const redis = redisReady();
      if (redis) {
        const known = memory.get(k);
        try {
          const [allowed, waitMs, n, next] = (await redis.eval(
            ATTEMPT_SCRIPT,
            1,
            `${prefix}:${k}`,
            now,
            FREE_FAILURES,
            FIRST_DELAY_MS,
            MAX_DELAY_MS,
            STATE_TTL_SECONDS,
            known?.n ?? 0,
            known?.next ?? 0,
          )) as [number, number, number, string];
          // This process keeps the pair's state as Redis gave it: the count goes on here if Redis goes away.
          if (!known && memory.size > 100_000) prune(now);
          memory.set(k, { n: Number(n), next: Number(next), touched: now });
          return allowed === 1 ? { allowed: true } : { allowed: false, waitSeconds: Math.ceil(waitMs / 1000) };
        } catch (err) {
          // Redis went away or hung mid-call: this instance's own count still slows the pair down.
          redisFailed(app.redis, err);
        }
      }
      return inMemory(k, now);
    },
    async succeeded(email, address) {
      const k = pairKey(email, address);
      memory.delete(k);
      const redis = redisReady();
      if (redis) await redis.del(`${prefix}:${k}`).catch((err: unknown) => redisFailed(app.redis, err));
    },
  };
}
