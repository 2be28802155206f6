import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { safeError } from '../../lib/safe-error.ts';
import { unitOfWork } from '../../lib/unit-of-work.ts';
import { registerApiRoutes } from '../../plugins/api-routes.ts';
import { createContactRepository } from './contact.repository.ts';
import { contactRoutes } from './contact.routes.ts';
import { sendSupportMail, type ContactDeps } from './contact.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    contact: ContactDeps;
  }
}

/**
 * The contact module: its deps and routes. The support mails of contact and help messages leave
 * from the job queue (issue 29). At start, a message still 'pending' gets its job if it has none
 * (stored before the queue carried them; the dedupe key makes this a no-op for the others).
 */
export const contactPlugin = fp(async (app: FastifyInstance) => {
  const uow = unitOfWork(app.database.db, (db) => ({ contact: createContactRepository(db) }));
  app.decorate('contact', { uow, jobs: app.jobs, now: () => app.clock.now() } satisfies ContactDeps);
  await registerApiRoutes(app, contactRoutes);
  const repo = uow.store.contact;
  app.jobs.register(
    'contact.mail',
    (p, job) => sendSupportMail({ repo, mailer: app.mailer, supportEmail: app.config.SUPPORT_EMAIL, productName: app.config.PRODUCT_NAME }, p, job),
    { maxAttempts: 12 },
  );
  if (!app.config.JOBS_WORKER) return;
  app.addHook('onReady', async () => {
    void (async () => {
      for (const id of await repo.listPending(10_000)) await app.jobs.enqueue('contact.mail', { submissionId: id }, { dedupeKey: `contact-mail:${id}` });
    })().catch((err: unknown) => app.log.warn({ err: safeError(err) }, 'contact: pending support mails not queued at start; the next start queues them'));
  });
});
