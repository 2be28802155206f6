import type { HealthResponse, PublicConfig } from '@rankwise/contract/app';
import { istDate } from '@rankwise/contract/bookings';
import type { Config } from '../../config.ts';
import type { Redis } from 'ioredis';
import { pingDatabase, type Database } from '../../db/client.ts';
import { readyRedis } from '../../lib/redis-guard.ts';
import type { GoogleClient } from '../auth/auth.service.ts';

export type AppServiceDeps = { database: Database; redis: Redis | null; config: Config; google: GoogleClient; buildVersion: string; now(): Date };

/** How long /health waits for each of the database and Redis: it answers within 2 s whatever they do. */
export const HEALTH_PING_LIMIT_MS = 1500;

/** The service's own state: ok when the database (and Redis, when configured) answer, degraded otherwise. */
export async function health(d: AppServiceDeps): Promise<HealthResponse> {
  const [db, redis] = await Promise.all([pingDatabase(d.database, HEALTH_PING_LIMIT_MS), d.redis ? pingRedis(d.redis) : undefined]);
  return {
    status: db.ok && (redis?.ok ?? true) ? 'ok' : 'degraded',
    database: { kind: d.database.kind, ...db },
    ...(redis ? { redis } : {}),
    version: d.buildVersion,
  };
}

async function pingRedis(redis: Redis): Promise<{ ok: boolean; latencyMs: number | null }> {
  // Disconnected: commands fail at once (no offline queue); a server that stopped answering is given HEALTH_PING_LIMIT_MS.
  if (!readyRedis(redis)) return { ok: false, latencyMs: null };
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const ping = redis.ping();
    ping.catch(() => {});
    await Promise.race([ping, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('ping timed out')), HEALTH_PING_LIMIT_MS)))]);
    return { ok: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
  } catch {
    return { ok: false, latencyMs: null };
  } finally {
    clearTimeout(timer);
  }
}

/** Names, addresses and which sign-ins are on, for the web app. */
export async function publicConfig(d: AppServiceDeps): Promise<PublicConfig> {
  return {
    productName: d.config.PRODUCT_NAME,
    companyLegalName: d.config.COMPANY_LEGAL_NAME,
    supportEmail: d.config.SUPPORT_EMAIL,
    google: await d.google.publicConfig(),
    payments: { mode: d.config.cashfree.env, sdkUrl: d.config.cashfree.sdkUrl, testPayments: d.config.cashfree.env !== 'production' },
    priceOffer: priceOffer(d.config.PRICE_OFFER_ENDS, d.now()),
  };
}

/** The configured offer while its last day (IST) has not passed; null without one or after it. */
export function priceOffer(endsOn: string | undefined, now: Date): { endsOn: string } | null {
  if (!endsOn) return null;
  return istDate(now) <= endsOn ? { endsOn } : null;
}
