import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const jobStatuses = ['pending', 'running', 'done', 'failed'] as const;

/** The durable job queue (lib/jobs.ts): one row per job, claimed with FOR UPDATE SKIP LOCKED. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    /** A second enqueue with the same key is a no-op, for as long as the row exists. */
    dedupeKey: text('dedupe_key').unique(),
    status: text('status', { enum: jobStatuses }).notNull().default('pending'),
    /** When the job is due (next attempt for a retried job). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lastError: text('last_error'),
    /** Set by the worker that claimed the job; only that claim may finish it. */
    leaseToken: uuid('lease_token'),
    /** A running job whose lease ran out (its worker died) is claimed again. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /**
     * Set just before an attempt does what must not happen twice (sends a mail: `job.once`). A job
     * claimed again with it set (its outcome was never recorded) is not run again (issue 29).
     */
    onceStartedAt: timestamp('once_started_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'pending'`),
    index('jobs_lease_idx')
      .on(t.leaseUntil)
      .where(sql`${t.status} = 'running'`),
    index('jobs_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.status} in ('done', 'failed')`),
  ],
);
