import { sessionEndpoints } from '@rankwise/contract/sessions';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import * as sessions from './sessions.service.ts';

/** After payment: the student's sessions, the counsellor's dashboard and earnings, the admin's disputes. */
export async function sessionRoutes(app: FastifyInstance) {
  const d = app.sessions;
  const e = sessionEndpoints;
  const rateLimit = { max: 30 * app.config.ADDRESS_RATE_LIMIT_FACTOR, timeWindow: '1 minute', per: 'user' } as const;
  route(app, e.mine, ({ user }) => sessions.mySessions(d, user));
  route(app, e.calendar, ({ user, params }) => sessions.calendar(d, user, params.id));
  route(app, e.cancel, ({ user, params }) => sessions.cancelByStudent(d, user, params.id), { rateLimit });
  route(app, e.reschedule, ({ user, params, body }) => sessions.reschedule(d, user, params.id, body), { rateLimit });
  route(app, e.reportAbsence, ({ user, params }) => sessions.reportAbsence(d, user, params.id), { rateLimit });
  route(app, e.counsellorSessions, ({ user, query }) => sessions.counsellorSessions(d, user, query));
  route(app, e.counsellorCancel, ({ user, params }) => sessions.cancelByCounsellor(d, user, params.id), { rateLimit });
  route(app, e.outcome, ({ user, params, body }) => sessions.markOutcome(d, user, params.id, body.outcome), { rateLimit });
  route(app, e.missed, ({ user, params }) => sessions.counsellorMissed(d, user, params.id), { rateLimit });
  route(app, e.dispute, ({ user, params, body }) => sessions.dispute(d, user, params.id, body.note), { rateLimit });
  route(app, e.earnings, ({ user }) => sessions.earnings(d, user));
  route(app, e.disputes, () => sessions.listDisputes(d));
  route(app, e.decide, ({ user, params, body }) => sessions.decide(d, user, params.id, body.decision, body.note));
}
