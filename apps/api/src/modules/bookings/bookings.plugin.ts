import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createOutageLog } from '../../lib/outage-log.ts';
import { STAND_IN_PATH } from '../../config.ts';
import { cashfreeStandInRoutes, createStandInState } from '../../dev/cashfree-stand-in.ts';
import { createCashfreeClient } from '../payments/cashfree-client.ts';
import { createBookingsRepository } from './bookings.repository.ts';
import { sweep, type BookingsDeps } from './bookings.service.ts';
import { absenceDeadline, sendReminder, settleOverdue, settleSession, trackRefundJob } from './sessions.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    bookings: BookingsDeps & { sweep(): Promise<{ holds: number; refunds: number; settled: number; refunded: number }> };
  }
}

/**
 * The bookings module: repository and Cashfree client (created once), the session jobs, the
 * periodic sweep, and, without Cashfree credentials outside production, the Cashfree stand-in on
 * this server.
 */
export const bookingsPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const cf = config.cashfree;
  if (cf.standIn) {
    await app.register(cashfreeStandInRoutes, { prefix: STAND_IN_PATH, state: createStandInState(cf.clientId, cf.clientSecret) });
    app.log.warn(`Payments: no CASHFREE_CLIENT_ID, so the Cashfree stand-in at ${STAND_IN_PATH} takes test payments (never real money)`);
  }
  // The stand-in is reached over HTTP like Cashfree itself, at this server's own address.
  const localBase = () => {
    const address = app.server.address() as AddressInfo | null;
    if (!address) throw new Error('the built-in Cashfree stand-in needs the server to be listening');
    const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}${STAND_IN_PATH}/pg`;
  };
  const deps: BookingsDeps = {
    db: app.database.db,
    repo: createBookingsRepository(app.database.db),
    counsellors: app.counsellors.repo,
    cashfree: createCashfreeClient({ baseUrl: () => cf.apiBase ?? localBase(), clientId: cf.clientId, clientSecret: cf.clientSecret }),
    webhookSecret: cf.clientSecret,
    settings: {
      publicUrl: config.PUBLIC_URL,
      holdMinutes: config.BOOKING_HOLD_MINUTES,
      meetingBaseUrl: config.MEETING_BASE_URL,
      productName: config.PRODUCT_NAME,
      supportEmail: config.SUPPORT_EMAIL,
    },
    jobs: app.jobs,
    log: app.log.child({ module: 'bookings' }),
    now: () => app.clock.now(),
  };
  type SweepResult = Awaited<ReturnType<typeof sweep>> & Awaited<ReturnType<typeof settleOverdue>>;
  let running: Promise<SweepResult> | null = null;
  const runSweep = () => {
    running ??= (async () => ({ ...(await sweep(deps)), ...(await settleOverdue(deps)) }))().finally(() => {
      running = null;
    });
    return running;
  };
  app.decorate('bookings', { ...deps, sweep: runSweep });
  // The session lifecycle's jobs (docs/decisions/0013): enqueued in the transactions that decide them.
  app.jobs.register('sessions.reminder', (p) => sendReminder(deps, p), { maxAttempts: 5 });
  app.jobs.register('sessions.settle', (p) => settleSession(deps, p));
  app.jobs.register('sessions.absence-deadline', (p) => absenceDeadline(deps, p));
  app.jobs.register('refunds.track', (p, job) => trackRefundJob(deps, p, job), { maxAttempts: 60, timeoutMs: 60_000 });
  if (config.PAYMENTS_SWEEP_SECONDS > 0) {
    // An outage is logged once with its cause and once when it ends, not every minute (issue 29).
    const outages = createOutageLog(deps.log, 'payments sweep');
    const timer = setInterval(() => {
      runSweep().then(outages.succeeded, outages.failed);
    }, config.PAYMENTS_SWEEP_SECONDS * 1000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running?.catch(() => {});
    });
  }
});
