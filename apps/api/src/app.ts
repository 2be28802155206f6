import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import { createSubmissionLimiter, type SubmissionLimiter } from './lib/preference-limits.ts';
import { safeError, safeText } from './lib/safe-error.ts';
import { authModulePlugin } from './modules/auth/auth.plugin.ts';
import { appModulePlugin } from './modules/app/app.plugin.ts';
import { contactPlugin } from './modules/contact/contact.plugin.ts';
import { engineeringPlugin } from './modules/engineering/engineering.plugin.ts';
import { medicalPlugin } from './modules/medical/medical.plugin.ts';
import { collegesPlugin } from './modules/colleges/colleges.plugin.ts';
import { chancePlugin } from './modules/chance/chance.plugin.ts';
import { dataAdminPlugin } from './modules/data-admin/data-admin.plugin.ts';
import { choicesPlugin } from './modules/choices/choices.plugin.ts';
import { counsellorsPlugin } from './modules/counsellors/counsellors.plugin.ts';
import { bookingsPlugin } from './modules/bookings/bookings.plugin.ts';
import { paymentsPlugin } from './modules/payments/payments.plugin.ts';
import { sessionsPlugin } from './modules/sessions/sessions.plugin.ts';
import { payoutsPlugin } from './modules/payouts/payouts.plugin.ts';
import { reviewsPlugin } from './modules/reviews/reviews.plugin.ts';
import { authPlugin } from './plugins/auth.ts';
import { clockPlugin } from './plugins/clock.ts';
import { dbPlugin } from './plugins/db.ts';
import { errorsPlugin, frameworkError } from './plugins/errors.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { mailPlugin, type Mailer } from './plugins/mail.ts';
import { observabilityPlugin, requestIdFrom } from './plugins/observability.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { readModelsPlugin } from './plugins/read-models.ts';
import { securityPlugin } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    buildVersion: string;
    submissionLimiter: SubmissionLimiter;
  }
}

export type BuildOptions = {
  /** An already migrated database (tests); otherwise opened from the configuration. */
  database?: Database;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** A logger made already from serverLoggerOptions (server.ts logs the first start's import before the app exists). */
  loggerInstance?: FastifyBaseLogger;
  /** The app's time (tests: a TestClock they move forward). */
  clock?: Clock;
};

const RESET_TOKEN_PATH = /(\/auth\/verify-reset-token\/)[^/?#]+/;

/** A request URL as it may be logged: no reset token (in the path), no query values (a Google sign-in code arrives in one). */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(RESET_TOKEN_PATH, '$1[redacted]');
  return q < 0 ? path : `${path}?[redacted]`;
}

/**
 * The log never holds a secret: no tokens or cookies (redacted headers), no query values, and
 * errors through safeError (no query parameters: contact details, password hashes). Options given
 * by a caller (tests: a stream, a level) keep these.
 */
export function loggerOptions(config: Config, given: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (given === false) return false;
  const base = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: loggableUrl(req.url), remoteAddress: req.ip }),
      err: (err: unknown) => {
        const e = typeof err === 'string' ? { type: 'string', message: safeText(err) } : safeError(err);
        return { ...e, stack: e.stack ?? '' };
      },
    },
  };
  if (given === undefined || given === true) return base;
  const g = given as typeof base & Record<string, unknown>;
  return {
    ...base,
    ...g,
    redact: [...new Set([...base.redact, ...(Array.isArray(g.redact) ? g.redact : [])])],
    serializers: { ...g.serializers, ...base.serializers },
  };
}

/**
 * Which X-Forwarded-For entries to believe. A hop count trusts that many proxies nearest to this server
 * (Fastify itself refuses to trust by count, so it is a function here; the server must then be reachable
 * only through those proxies); a list trusts the proxies at those addresses; false trusts none.
 */
function trustProxyOption(setting: Config['TRUST_PROXY']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/** Builds the whole application from plugins and modules; never listens. */
export async function buildApp(config: Config, opts: BuildOptions = {}) {
  const app = Fastify({
    ...(opts.loggerInstance ? { loggerInstance: opts.loggerInstance } : { logger: loggerOptions(config, opts.logger) }),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // X-Request-Id from a trusted proxy, else our own; on every answer and every log line of the request.
    genReqId: requestIdFrom(config),
    bodyLimit: 256 * 1024,
    frameworkErrors: frameworkError,
    // No limit on start-up: opening the embedded database and applying migrations can take long on a
    // busy machine, and a PostgreSQL that is down at start is waited for (plugins/db.ts).
    pluginTimeout: 0,
    // On SIGTERM the listener closes and the requests already on their way are answered, not 503'd:
    // behind the proxy an instance that stops drains without a 5xx (issue 27).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A bodiless call sent with `content-type: application/json` (POST /auth/refresh-token from some
  // clients) has no body rather than a malformed one; anything else parses as before.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    String(body).trim() === '' ? done(null, undefined) : parseJson(request, body as string, done),
  );

  app.decorate('config', config);
  app.decorate('buildVersion', readBuildVersion(config));
  await app.register(errorsPlugin);
  await app.register(observabilityPlugin, { config });
  await app.register(clockPlugin, { clock: opts.clock });
  await app.register(dbPlugin, { config, database: opts.database });
  await app.register(securityPlugin, { config });
  await app.register(openapiPlugin);
  await app.register(mailPlugin, { config, mailer: opts.mailer });
  await app.register(jobsPlugin, { config });
  await app.register(authPlugin, { config });
  await app.register(readModelsPlugin, { config });
  app.decorate('submissionLimiter', createSubmissionLimiter(app, config.SUBMISSION_LIMIT, config.SUBMISSION_WINDOW_SECONDS));

  // The modules: each one's *.plugin.ts builds its services once and registers its routes under /api/v1.
  // Auth before app (Google's client); counsellors, bookings, payments, sessions in that order (each
  // uses the one before; each sweep handles lapsed holds and refunds first, then overdue sessions).
  await app.register(authModulePlugin);
  await app.register(appModulePlugin);
  await app.register(contactPlugin);
  await app.register(engineeringPlugin);
  await app.register(medicalPlugin);
  await app.register(collegesPlugin);
  await app.register(chancePlugin);
  await app.register(dataAdminPlugin);
  await app.register(choicesPlugin);
  await app.register(counsellorsPlugin);
  await app.register(bookingsPlugin);
  await app.register(paymentsPlugin);
  await app.register(sessionsPlugin);
  await app.register(payoutsPlugin);
  await app.register(reviewsPlugin);
  // Without payment credentials (never in production): the Cashfree stand-in, from the dev entry.
  // eslint-disable-next-line import-x/no-restricted-paths -- the one door to src/dev: loaded only when there are no credentials
  if (config.cashfree.standIn) await app.register((await import('./dev/dev-entry.ts')).devEntry);

  await app.register(webPlugin, { config });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

function readBuildVersion(config: Config): string {
  try {
    return String(JSON.parse(readFileSync(path.join(config.WEB_DIST, 'version.json'), 'utf8')).version);
  } catch {
    return 'dev';
  }
}
