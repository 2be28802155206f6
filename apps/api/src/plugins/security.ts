import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { fallbackRateLimitStore } from '../lib/key-limiter.ts';
import { guardRedis } from '../lib/redis-guard.ts';

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis | null;
  }
}

/** Security headers, cookies, and rate limits (shared through Redis when REDIS_URL is set). */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  // Cashfree.js and its checkout frame; a configured stand-in's origin (CASHFREE_SDK_URL) too.
  const sdkOrigin = URL.canParse(opts.config.cashfree.sdkUrl) ? new URL(opts.config.cashfree.sdkUrl).origin : null;
  const cashfree = (...sources: string[]) => (sdkOrigin && !sources.includes(sdkOrigin) ? [...sources, sdkOrigin] : sources);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: cashfree("'self'", 'https://sdk.cashfree.com'),
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: cashfree("'self'", 'https://*.cashfree.com'),
        frameSrc: cashfree("'self'", 'https://*.cashfree.com'),
        formAction: ["'self'", 'https://*.cashfree.com', 'https://accounts.google.com'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);

  const redis = opts.config.REDIS_URL ? connectRedis(app, opts.config) : null;
  app.decorate('redis', redis);
  if (redis) app.addHook('onClose', async () => void redis.quit().catch(() => {}));

  // Per-route limits opt in with `config: { rateLimit: {...} }`. Counted in Redis when it answers,
  // in this process while it does not (never switched off).
  await app.register(fastifyRateLimit, {
    global: false,
    store: fallbackRateLimitStore(() => redis, 'rl'),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many requests. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
    }),
  });
});

/**
 * Every key carries REDIS_PREFIX (ioredis puts it before the keys of every command and script).
 * Nothing waits for Redis: while it is away a command fails at once (no offline queue), or after
 * a second if it stopped answering (which opens the circuit: lib/redis-guard.ts), and the caller
 * counts in memory; ioredis reconnects by itself.
 */
function connectRedis(app: FastifyInstance, config: Config): Redis {
  const redis = new Redis(config.REDIS_URL!, {
    keyPrefix: config.REDIS_PREFIX,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: 1000,
    connectTimeout: 2000,
    lazyConnect: false,
  });
  // One line when it goes away or hangs and one when it is back (lib/redis-guard.ts).
  const stopProbe = guardRedis(redis, app.log);
  app.addHook('onClose', async () => stopProbe());
  return redis;
}
