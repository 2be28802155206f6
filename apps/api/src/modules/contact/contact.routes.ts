import { appEndpoints } from '@rankwise/contract/app';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { createContactRepository } from './contact.repository.ts';
import { submitContact, submitFeedback, submitHelp } from './contact.service.ts';

/** Contact, help-center and feedback forms (spec §4 Contact form, DECISIONS.md). */
export async function contactRoutes(app: FastifyInstance) {
  // Against floods: a person sends a few messages a minute at most.
  const rateLimit = { max: 5 * app.config.ADDRESS_RATE_LIMIT_FACTOR, timeWindow: '1 minute' };
  const deps = {
    repo: createContactRepository(app.database.db),
    mailer: app.mailer,
    supportEmail: app.config.SUPPORT_EMAIL,
    productName: app.config.PRODUCT_NAME,
    log: app.log,
  };
  route(app, appEndpoints.contact, ({ body }) => submitContact(deps, body), { rateLimit });
  route(app, appEndpoints.help, ({ body }) => submitHelp(deps, body), { rateLimit });
  route(app, appEndpoints.feedback, ({ body }) => submitFeedback(deps, body), { rateLimit });
}
