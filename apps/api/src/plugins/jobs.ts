import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createJobQueue, type JobQueue } from '../lib/jobs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (lib/jobs.ts). Modules register their kinds in their plugin and enqueue from services. */
    jobs: JobQueue;
  }
}

/**
 * The job queue, with the `mail` kind; its worker starts once the app is ready (every module has
 * registered its kinds by then) and stops when the app closes, after the jobs in flight.
 */
export const jobsPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const queue = createJobQueue({ db: app.database.db, clock: app.clock, log: app.log.child({ component: 'jobs' }), pollMs: opts.config.JOBS_POLL_MS });
  app.decorate('jobs', queue);
  // Mail leaves from the queue, never inside a request: retried with backoff, and the addresses and
  // links it carried are erased once it is sent.
  queue.register('mail', (mail) => app.mailer.send(mail), { maxAttempts: 8, erasePayloadOnDone: true, timeoutMs: 90_000 });
  if (opts.config.JOBS_WORKER) app.addHook('onReady', async () => queue.start());
  app.addHook('preClose', async () => queue.stop());
});
