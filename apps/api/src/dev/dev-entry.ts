import type { FastifyInstance } from 'fastify';
import { STAND_IN_PATH } from '../config.ts';
import { cashfreeStandInRoutes, createStandInState } from './cashfree-stand-in.ts';

/**
 * What a server without payment credentials adds (development and tests; config.ts refuses to start
 * production without them): the Cashfree stand-in at STAND_IN_PATH, taking test payments. The app
 * loads this file only then, so nothing here is part of a production server.
 */
export async function devEntry(app: FastifyInstance) {
  const cf = app.config.cashfree;
  if (!cf.standIn) return;
  await app.register(cashfreeStandInRoutes, { prefix: STAND_IN_PATH, state: createStandInState(cf.clientId, cf.clientSecret) });
  app.log.warn(`Payments: no CASHFREE_CLIENT_ID, so the Cashfree stand-in at ${STAND_IN_PATH} takes test payments (never real money)`);
}
