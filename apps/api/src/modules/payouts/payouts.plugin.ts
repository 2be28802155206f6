import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unitOfWork } from '../../lib/unit-of-work.ts';
import { registerApiRoutes } from '../../plugins/api-routes.ts';
import { createCounsellorsRepository } from '../counsellors/counsellors.service.ts';
import { createPayoutsRepository } from './payouts.repository.ts';
import { payoutRoutes } from './payouts.routes.ts';
import type { PayoutsDeps } from './payouts.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payouts: PayoutsDeps;
  }
}

/** The payouts module: its repositories over one unit of work (created once) and its routes. */
export const payoutsPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('payouts', {
    uow: unitOfWork(app.database.db, (db) => ({ payouts: createPayoutsRepository(db), counsellors: createCounsellorsRepository(db) })),
    commissionPercent: app.config.COUNSELLOR_COMMISSION_PERCENT,
    now: () => app.clock.now(),
  } satisfies PayoutsDeps);
  await registerApiRoutes(app, payoutRoutes);
});
