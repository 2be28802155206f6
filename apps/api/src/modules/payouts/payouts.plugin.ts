import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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

/** The payouts module: its repositories (created once) and its routes. */
export const payoutsPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('payouts', {
    db: app.database.db,
    repo: createPayoutsRepository(app.database.db),
    counsellors: createCounsellorsRepository(app.database.db),
    commissionPercent: app.config.COUNSELLOR_COMMISSION_PERCENT,
    now: () => app.clock.now(),
  } satisfies PayoutsDeps);
  await registerApiRoutes(app, payoutRoutes);
});
