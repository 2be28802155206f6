import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createContactRepository } from './contact.repository.ts';
import type { ContactDeps } from './contact.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    contact: ContactDeps;
  }
}

/** The contact module: its repository and where its messages go (created once). */
export const contactPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('contact', {
    repo: createContactRepository(app.database.db),
    mailer: app.mailer,
    supportEmail: app.config.SUPPORT_EMAIL,
    productName: app.config.PRODUCT_NAME,
    log: app.log,
  });
});
