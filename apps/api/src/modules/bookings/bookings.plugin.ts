import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createOutageLog } from '../../lib/outage-log.ts';
import { unitOfWork } from '../../lib/unit-of-work.ts';
import { registerApiRoutes } from '../../plugins/api-routes.ts';
import { createBookingsRepository } from './bookings.repository.ts';
import { bookingRoutes } from './bookings.routes.ts';
import type { BookingsDeps } from './bookings.service.ts';

type SweepPart = () => Promise<Record<string, number>>;

declare module 'fastify' {
  interface FastifyInstance {
    bookings: BookingsDeps & {
      /** One pass of the periodic sweep: each module's part in the order added (one pass at a time). */
      sweep(): Promise<{ holds: number; refunds: number; settled: number; refunded: number }>;
      addSweep(part: SweepPart): void;
    };
  }
}

/**
 * The bookings module: slot holds and the state machine over its repository (created once), the
 * settings the booking modules share, the periodic sweep the payments and sessions modules add
 * their parts to, and its routes.
 */
export const bookingsPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const deps: BookingsDeps = {
    uow: unitOfWork(app.database.db, (db) => ({ bookings: createBookingsRepository(db) })),
    counsellors: app.counsellors.repo,
    settings: {
      publicUrl: config.PUBLIC_URL,
      holdMinutes: config.BOOKING_HOLD_MINUTES,
      meetingBaseUrl: config.MEETING_BASE_URL,
      productName: config.PRODUCT_NAME,
      supportEmail: config.SUPPORT_EMAIL,
      commissionPercent: config.COUNSELLOR_COMMISSION_PERCENT,
    },
    jobs: app.jobs,
    log: app.log.child({ module: 'bookings' }),
    now: () => app.clock.now(),
  };
  const parts: SweepPart[] = [];
  type SweepResult = { holds: number; refunds: number; settled: number; refunded: number };
  let running: Promise<SweepResult> | null = null;
  const runSweep = () => {
    running ??= (async () => {
      let result = {} as SweepResult;
      for (const part of parts) result = { ...result, ...(await part()) };
      return result;
    })().finally(() => {
      running = null;
    });
    return running;
  };
  app.decorate('bookings', { ...deps, sweep: runSweep, addSweep: (part: SweepPart) => void parts.push(part) });
  await registerApiRoutes(app, bookingRoutes);
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
