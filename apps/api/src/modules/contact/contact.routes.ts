import { appEndpoints } from '@rankwise/contract/app';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { idempotencyKeyOf, submitContact, submitFeedback, submitHelp } from './contact.service.ts';

/** Contact, help-center and feedback forms (spec §4 Contact form, DECISIONS.md). */
export async function contactRoutes(app: FastifyInstance) {
  // Against floods: a person sends a few messages a minute at most.
  const rateLimit = { max: 5 * app.config.ADDRESS_RATE_LIMIT_FACTOR, timeWindow: '1 minute' };
  const deps = app.contact;
  route(app, appEndpoints.contact, ({ body, request }) => submitContact(deps, body, idempotencyKeyOf(request.headers['idempotency-key'])), { rateLimit });
  route(app, appEndpoints.help, ({ body, request }) => submitHelp(deps, body, idempotencyKeyOf(request.headers['idempotency-key'])), { rateLimit });
  route(app, appEndpoints.feedback, ({ body }) => submitFeedback(deps, body), { rateLimit });
}
