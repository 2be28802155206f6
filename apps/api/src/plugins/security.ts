import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';

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

  const redis = opts.config.REDIS_URL ? new Redis(opts.config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false }) : null;
  redis?.on('error', (err) => app.log.warn({ err: err.message }, 'redis error'));
  app.decorate('redis', redis);
  if (redis) app.addHook('onClose', async () => void redis.quit().catch(() => {}));

  // Per-route limits opt in with `config: { rateLimit: {...} }`.
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'rankwise-rl-', skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many requests. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
    }),
  });
});
