import { contactRequestSchema, feedbackRequestSchema, helpRequestSchema, messageResponseSchema } from '@rankwise/contract/app';
import { errorResponses } from '@rankwise/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createContactRepository } from './contact.repository.ts';
import { submitContact, submitFeedback, submitHelp } from './contact.service.ts';

/** Contact, help-center and feedback forms (spec §4 Contact form, DECISIONS.md). */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  // Against floods: a person sends a few messages a minute at most.
  const rateLimit = { max: 5 * app.config.ADDRESS_RATE_LIMIT_FACTOR, timeWindow: '1 minute' };
  const deps = () => ({
    repo: createContactRepository(app.database.db),
    mailer: app.mailer,
    supportEmail: app.config.SUPPORT_EMAIL,
    productName: app.config.PRODUCT_NAME,
    log: app.log,
  });
  const responses = { 200: messageResponseSchema, ...errorResponses };

  app.post(
    '/app/contact',
    { config: { rateLimit }, schema: { tags: ['app'], summary: 'Contact form', body: contactRequestSchema, response: responses } },
    async (request) => submitContact(deps(), request.body),
  );
  app.post(
    '/app/help',
    { config: { rateLimit }, schema: { tags: ['app'], summary: 'Help Center form', body: helpRequestSchema, response: responses } },
    async (request) => submitHelp(deps(), request.body),
  );
  app.post(
    '/app/feedback',
    { config: { rateLimit }, schema: { tags: ['app'], summary: 'Feedback form', body: feedbackRequestSchema, response: responses } },
    async (request) => submitFeedback(deps(), request.body),
  );
};
