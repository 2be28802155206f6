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
/** One Message-ID a job: a mail sent again by a retry of the same job is the same message to a mail client. */
export function messageIdOf(jobId: string, config: Config): string {
  return `<job-${jobId}@${new URL(config.PUBLIC_URL).hostname || 'rankwise'}>`;
}

export const jobsPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const queue = createJobQueue({
    db: app.database.db,
    clock: app.clock,
    log: app.log.child({ component: 'jobs' }),
    pollMs: opts.config.JOBS_POLL_MS,
    leaseMs: opts.config.JOBS_LEASE_MS,
    onFailure: (kind) => app.metrics?.jobFailures.inc({ kind }),
  });
  app.decorate('jobs', queue);
  // Mail leaves from the queue, never inside a request: retried with backoff, and the addresses and
  // links it carried are erased once it is sent.
  queue.register('mail', (mail, job) => job.once(() => app.mailer.send({ ...mail, messageId: mail.messageId ?? messageIdOf(job.id, opts.config) })), {
    maxAttempts: 8,
    erasePayloadOnDone: true,
    timeoutMs: 90_000,
  });
  if (opts.config.JOBS_WORKER) app.addHook('onReady', async () => queue.start());
  app.addHook('preClose', async () => queue.stop());
});
