import { payoutEndpoints } from '@rankwise/contract/payouts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import * as payouts from './payouts.service.ts';

/** Payout details (counsellor), the payout report and recording payouts (admin). */
export async function payoutRoutes(app: FastifyInstance) {
  const d = app.payouts;
  const e = payoutEndpoints;
  const rateLimit = { max: 20 * app.config.ADDRESS_RATE_LIMIT_FACTOR, timeWindow: '1 minute', per: 'user' } as const;
  route(app, e.details, ({ user }) => payouts.payoutDetails(d, user));
  route(app, e.saveDetails, ({ user, body }) => payouts.savePayoutDetails(d, user, body), { rateLimit });
  route(app, e.report, ({ query }) => payouts.report(d, query.from, query.to));
  route(app, e.markPaid, ({ user, body }) => payouts.markPaid(d, user, body));
}
