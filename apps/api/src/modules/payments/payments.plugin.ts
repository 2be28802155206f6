import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { STAND_IN_PATH } from '../../config.ts';
import { unitOfWork } from '../../lib/unit-of-work.ts';
import { registerApiRoutes } from '../../plugins/api-routes.ts';
import { createBookingsRepository } from '../bookings/bookings.service.ts';
import { createLedgerRepository } from '../ledger/ledger.service.ts';
import { createSessionsRepository } from '../sessions/sessions.service.ts';
import { createCashfreeClient } from './cashfree-client.ts';
import { createCashfreeProvider } from './cashfree-provider.ts';
import { paymentRoutes } from './payments.routes.ts';
import { createPaymentsRepository, sweep, trackRefundJob, type PaymentsDeps } from './payments.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsDeps;
  }
}

/**
 * The payments module: the payment provider (Cashfree, its client created once), its repositories
 * over one unit of work, the refund job, its part of the sweep and its routes. Without credentials (never in
 * production) Cashfree is the stand-in the dev entry mounts on this server (src/dev/dev-entry.ts).
 */
export const paymentsPlugin = fp(async (app: FastifyInstance) => {
  const cf = app.config.cashfree;
  // The stand-in is reached over HTTP like Cashfree itself, at this server's own address.
  const localBase = () => {
    const address = app.server.address() as AddressInfo | null;
    if (!address) throw new Error('the built-in Cashfree stand-in needs the server to be listening');
    const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}${STAND_IN_PATH}/pg`;
  };
  const client = createCashfreeClient({ baseUrl: () => cf.apiBase ?? localBase(), clientId: cf.clientId, clientSecret: cf.clientSecret });
  // The booking modules' shared settings, with this module's log, provider and repositories.
  const d: PaymentsDeps = {
    ...app.bookings,
    log: app.log.child({ module: 'payments' }),
    provider: createCashfreeProvider(client, cf.clientSecret),
    uow: unitOfWork(app.database.db, (db) => ({
      bookings: createBookingsRepository(db),
      ledger: createLedgerRepository(db),
      sessions: createSessionsRepository(db),
      payments: createPaymentsRepository(db),
    })),
  };
  app.decorate('payments', d);
  app.jobs.register('refunds.track', (p, job) => trackRefundJob(d, p, job), { maxAttempts: 60, timeoutMs: 60_000 });
  // Lapsed holds and refunds in flight; runs first in each sweep.
  app.bookings.addSweep(() => sweep(d));
  await registerApiRoutes(app, paymentRoutes);
});
