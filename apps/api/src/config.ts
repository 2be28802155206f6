import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { sessionPolicy } from '@rankwise/contract/session-policy';

/**
 * Repository root and the API's own folder, from this module's directory: apps/api/src when run
 * from source, apps/api/dist in the built bundle (docs/decisions/0019), the same depth either way.
 */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const apiRoot = path.resolve(import.meta.dirname, '..');

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The address to listen on: this machine only unless set (0.0.0.0: every interface, e.g. in a container behind a proxy). */
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** 'json' (pino's lines) or 'text' (one short line each); unset: text on a terminal, JSON otherwise (server.ts). */
  LOG_FORMAT: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['json', 'text']).optional()),
  /** Public origin of the site, used in e-mailed links (default: http://localhost:<PORT>, where this server listens). */
  PUBLIC_URL: optionalUrl,
  /**
   * The reverse proxies in front of this server, whose X-Forwarded-For is believed: a hop count (1 for one
   * proxy) or their addresses/CIDRs, comma-separated. Never "true": a client could write its own address.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): false | number | string[] => {
      const value = v.trim();
      if (['', 'false', 'no', '0'].includes(value.toLowerCase())) return false;
      if (/^\d+$/.test(value)) return Number(value);
      if (['true', 'yes', 'all', '*'].includes(value.toLowerCase())) {
        ctx.addIssue({
          code: 'custom',
          message: 'trusting every proxy lets any client choose its own address; give the number of proxies in front of the server (e.g. 1) or their addresses',
        });
        return z.NEVER;
      }
      const list = value
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
      const bad = list.filter((a) => !isIpOrCidr(a) && !['loopback', 'linklocal', 'uniquelocal'].includes(a));
      if (bad.length) {
        ctx.addIssue({ code: 'custom', message: `not a hop count, an IP address or a CIDR range: ${bad.join(', ')}` });
        return z.NEVER;
      }
      return list;
    }),

  /** PostgreSQL server; without it the embedded PGlite database under DATA_FOLDER is used. */
  DATABASE_URL: optionalUrl,
  /**
   * PostgreSQL: a request's statement is cancelled by the server after this long, and given up by
   * this process a second later if the server does not answer at all (frozen); 503 either way.
   * Migrations and data imports run without it.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** PostgreSQL: how long opening a connection (or waiting for a free one) may take. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /** Where the app keeps its own files (embedded database, outbox, secrets). */
  DATA_FOLDER: z.string().default(path.join(repoRoot, '.data')),
  /** The public data sets read in place by the importer. */
  DATA_DIR: z.string().default(path.resolve(repoRoot, '../shared/data')),
  /** Import the data sets at start when the database has none. */
  IMPORT_ON_START: bool.default(true),
  /** Engineering predictor: the JoSAA year whose final round results are judged on (default: the latest). */
  PREDICTOR_REFERENCE_YEAR: z.coerce.number().int().min(2016).max(2100).optional(),
  /** Medical predictor: the NEET PG year judged on (default: the latest in the data). */
  MEDICAL_REFERENCE_YEAR: z.coerce.number().int().min(2000).max(2100).optional(),
  /** Medical predictor: the last MCC round counted, 1-5 (default: 3, the last main round). */
  MEDICAL_REFERENCE_ROUND: z.coerce.number().int().min(1).max(5).optional(),
  /** Answer both predictors from an in-memory copy of the reference seats (docs/decisions/0018); false: from SQL. */
  PREDICTOR_READ_MODEL: bool.default(true),
  /** How often each instance checks for an import by another process, to rebuild its read models (ms). */
  READ_MODEL_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /** Shares rate limits, sign-in slow-downs and submission counts between instances; while it is unreachable each instance counts alone. */
  REDIS_URL: optionalUrl,
  /** Put before every Redis key, so the instances of several products can share one Redis. */
  REDIS_PREFIX: z.string().max(64).default('rankwise:'),

  /** Built SPA served for every non-API path. */
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),

  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),

  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Rankwise <no-reply@rankwise.local>'),
  SUPPORT_EMAIL: z.string().email().default('support@rankwise.in'),
  PRODUCT_NAME: z.string().default('Rankwise'),
  COMPANY_LEGAL_NAME: z.string().default('Rankwise Education Technologies Private Limited'),

  /** Run the job-queue worker in this process (mail, reminders). Off only for a process that must not send. */
  JOBS_WORKER: bool.default(true),
  /** How often an idle job worker looks for due jobs, in ms (enqueueing also wakes it). */
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** How long a claimed job is held before another instance may take it over (its worker died); well above the slowest job. */
  JOBS_LEASE_MS: z.coerce
    .number()
    .int()
    .min(5_000)
    .max(3600_000)
    .default(5 * 60_000),

  /**
   * GET /metrics (Prometheus) on the public port answers only with `Authorization: Bearer <METRICS_TOKEN>`
   * (404 without a token set). METRICS_PORT serves it without a token on METRICS_HOST (default loopback) instead.
   */
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16, 'at least 16 characters').optional()),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  METRICS_HOST: z.string().default('127.0.0.1'),

  GOOGLE_ISSUER: optionalUrl,
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),

  /** Cashfree Payments API credentials; without them (never in production) a local stand-in takes payments. */
  CASHFREE_CLIENT_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  CASHFREE_CLIENT_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** Cashfree environment; the browser checkout runs in the same mode. Default: production in production, else sandbox. */
  CASHFREE_ENV: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['sandbox', 'production']).optional()),
  /** Cashfree PG API base URL (default from CASHFREE_ENV). */
  CASHFREE_API_BASE: optionalUrl,
  /** Cashfree.js checkout script (default Cashfree's own; the stand-in serves its own). */
  CASHFREE_SDK_URL: optionalUrl,
  /** How long a slot is held for a student who is paying. */
  BOOKING_HOLD_MINUTES: z.coerce.number().int().min(1).max(60).default(sessionPolicy.defaultHoldMinutes),
  /** Meeting rooms are created under this URL, one unguessable room per booking. */
  MEETING_BASE_URL: z.string().url().default('https://meet.jit.si'),
  /**
   * A real price offer's last day (IST, YYYY-MM-DD). While it has not passed, the booking modal shows
   * the struck list price and 'Offer ends <date>'; unset or past, only the plain price (issue 24: no
   * false urgency, docs/decisions 0026).
   */
  PRICE_OFFER_ENDS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD (the last day of the offer, IST)')
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'not a calendar date')
      .optional(),
  ),
  /** Rankwise's commission on each completed session, in percent of its price; stated to counsellors before they apply. */
  COUNSELLOR_COMMISSION_PERCENT: z.coerce.number().min(0).max(100).default(20),
  /** How often lapsed holds, unsent refunds and unsent confirmations are retried; 0 = never (tests drive it). */
  PAYMENTS_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),

  /**
   * Multiplies every per-client-address rate limit (sign-in, codes, forms). 1 in production; the
   * browser-test harness, where every simulated student shares 127.0.0.1, raises it.
   */
  ADDRESS_RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  /** Preference sets a visitor or account may submit per window (counted on new sets only). */
  SUBMISSION_LIMIT: z.coerce.number().int().positive().default(50),
  SUBMISSION_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60 * 60),
});

function isIpOrCidr(value: string): boolean {
  const [address, bits, extra] = value.split('/');
  if (extra !== undefined || !address) return false;
  const version = isIP(address);
  if (!version) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (version === 4 ? 32 : 128);
}

export type CashfreeSettings = {
  env: 'sandbox' | 'production';
  clientId: string;
  clientSecret: string;
  /** null: the built-in stand-in mounted at STAND_IN_PATH on this server (outside production, without credentials). */
  apiBase: string | null;
  sdkUrl: string;
  standIn: boolean;
};

export type Config = z.output<typeof envSchema> & {
  PUBLIC_URL: string;
  JWT_SECRET: string;
  databaseKind: 'pglite' | 'postgres';
  cashfree: CashfreeSettings;
  PAYMENTS_SWEEP_SECONDS: number;
};

export const CASHFREE_API_VERSION = '2025-01-01';
export const CASHFREE_BASES = { sandbox: 'https://sandbox.cashfree.com/pg', production: 'https://api.cashfree.com/pg' } as const;
export const CASHFREE_SDK = 'https://sdk.cashfree.com/js/v3/cashfree.js';
/** Where the built-in Cashfree stand-in is mounted when no credentials are configured (never in production). */
export const STAND_IN_PATH = '/dev/cashfree';
const STAND_IN_CREDENTIALS = { clientId: 'rankwise-dev-client', clientSecret: 'rankwise-dev-secret-not-for-production' };

export class ConfigError extends Error {}

/** Parse and validate configuration once; a wrong setting fails fast naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  if (cfg.NODE_ENV === 'production' && !cfg.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required in production');
  }
  if (cfg.NODE_ENV === 'production' && !cfg.SMTP_URL) {
    throw new ConfigError('Invalid configuration:\n  SMTP_URL: required in production');
  }
  if (Boolean(cfg.CASHFREE_CLIENT_ID) !== Boolean(cfg.CASHFREE_CLIENT_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  CASHFREE_CLIENT_SECRET: set both CASHFREE_CLIENT_ID and CASHFREE_CLIENT_SECRET, or neither');
  }
  if (cfg.NODE_ENV === 'production' && !cfg.CASHFREE_CLIENT_ID) {
    throw new ConfigError('Invalid configuration:\n  CASHFREE_CLIENT_ID: required in production (with CASHFREE_CLIENT_SECRET)');
  }
  return {
    ...cfg,
    // Links in e-mails must reach this server when it runs on another port than 3000.
    PUBLIC_URL: cfg.PUBLIC_URL ?? `http://localhost:${cfg.PORT}`,
    JWT_SECRET: cfg.JWT_SECRET ?? localSecret(cfg.DATA_FOLDER, cfg.NODE_ENV),
    databaseKind: cfg.DATABASE_URL ? 'postgres' : 'pglite',
    cashfree: cashfreeSettings(cfg),
    PAYMENTS_SWEEP_SECONDS: cfg.PAYMENTS_SWEEP_SECONDS ?? (cfg.NODE_ENV === 'test' ? 0 : 60),
  };
}

function cashfreeSettings(cfg: z.output<typeof envSchema>): CashfreeSettings {
  const env = cfg.CASHFREE_ENV ?? (cfg.NODE_ENV === 'production' ? 'production' : 'sandbox');
  if (cfg.CASHFREE_CLIENT_ID && cfg.CASHFREE_CLIENT_SECRET) {
    return {
      env,
      clientId: cfg.CASHFREE_CLIENT_ID,
      clientSecret: cfg.CASHFREE_CLIENT_SECRET,
      apiBase: (cfg.CASHFREE_API_BASE ?? CASHFREE_BASES[env]).replace(/\/+$/, ''),
      sdkUrl: cfg.CASHFREE_SDK_URL ?? CASHFREE_SDK,
      standIn: false,
    };
  }
  // Offline development and tests: the stand-in on this server, speaking Cashfree's protocol.
  return { env: 'sandbox', ...STAND_IN_CREDENTIALS, apiBase: null, sdkUrl: cfg.CASHFREE_SDK_URL ?? `${STAND_IN_PATH}/js/v3/cashfree.js`, standIn: true };
}

/** Outside production, a random secret kept in the data folder so sessions survive restarts. */
function localSecret(dataFolder: string, env: string): string {
  if (env === 'test') return 'test-secret-test-secret-test-secret-0123456789';
  const file = path.join(dataFolder, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataFolder, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
