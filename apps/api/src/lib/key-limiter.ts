import type { FastifyInstance } from 'fastify';

/** Counts hits per key in a fixed window; Redis when configured (shared by all instances), else memory. */
export type KeyLimiter = { hit(key: string, max: number, windowSeconds: number): Promise<boolean> };

export function createKeyLimiter(app: FastifyInstance, prefix: string): KeyLimiter {
  const memory = new Map<string, { n: number; resetAt: number }>();
  return {
    async hit(key, max, windowSeconds) {
      const redis = app.redis;
      if (redis && redis.status === 'ready') {
        const k = `${prefix}:${key}`;
        const [[, n]] = (await redis.multi().incr(k).expire(k, windowSeconds, 'NX').exec()) as [[unknown, number], unknown];
        return n <= max;
      }
      const now = Date.now();
      let e = memory.get(key);
      if (!e || e.resetAt <= now) {
        if (memory.size > 50_000) for (const [k, v] of memory) if (v.resetAt <= now) memory.delete(k);
        e = { n: 0, resetAt: now + windowSeconds * 1000 };
        memory.set(key, e);
      }
      e.n += 1;
      return e.n <= max;
    },
  };
}
