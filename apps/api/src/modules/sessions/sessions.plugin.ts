import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unitOfWork } from '../../lib/unit-of-work.ts';
import { registerApiRoutes } from '../../plugins/api-routes.ts';
import { createBookingsRepository } from '../bookings/bookings.service.ts';
import { createLedgerRepository } from '../ledger/ledger.service.ts';
import { sessionRoutes } from './sessions.routes.ts';
import { absenceDeadline, createSessionsRepository, sendReminder, settleOverdue, settleSession, type SessionsDeps } from './sessions.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionsDeps;
  }
}

/** The sessions module (after payment): its repositories over one unit of work, its jobs, its part of the sweep, and its routes. */
export const sessionsPlugin = fp(async (app: FastifyInstance) => {
  // The booking modules' shared settings, with this module's log and repositories.
  const d: SessionsDeps = {
    ...app.bookings,
    log: app.log.child({ module: 'sessions' }),
    uow: unitOfWork(app.database.db, (db) => ({
      bookings: createBookingsRepository(db),
      ledger: createLedgerRepository(db),
      sessions: createSessionsRepository(db),
    })),
  };
  app.decorate('sessions', d);
  // The session lifecycle's jobs (docs/decisions/0013): enqueued in the transactions that decide them.
  app.jobs.register('sessions.reminder', (p) => sendReminder(d, p), { maxAttempts: 5 });
  app.jobs.register('sessions.settle', (p) => settleSession(d, p));
  app.jobs.register('sessions.absence-deadline', (p) => absenceDeadline(d, p));
  // The safety net for these jobs, after the payments part of the sweep.
  app.bookings.addSweep(() => settleOverdue(d));
  await registerApiRoutes(app, sessionRoutes);
});
