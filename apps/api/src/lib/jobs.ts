import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';
import type { Mail } from './mail.ts';
import type { Clock } from './clock.ts';
import { createOutageLog } from './outage-log.ts';
import { databaseUnavailableReason } from './pg-error.ts';
import { safeError, safeErrorText } from './safe-error.ts';

/**
 * The payload of each job kind. A module adds its own kinds by declaration merging:
 *   declare module '../../lib/jobs.ts' { interface JobPayloads { 'bookings.reminder': { bookingId: string } } }
 * Payloads are stored as JSON: plain data only (no Date, no Buffer: ISO strings, base64).
 */
export interface JobPayloads {
  /** An e-mail sent through the mailer (attachments as strings). */
  mail: Mail;
}
export type JobKind = keyof JobPayloads & string;

export type JobContext = {
  id: string;
  kind: string;
  attempt: number;
  maxAttempts: number;
  log: FastifyBaseLogger;
  /**
   * Runs `send` (a mail: what the recipient must not receive twice) at most once for this job: the
   * attempt is recorded in the job's row first (so it fails, and nothing is sent, while the database
   * is away), and once an attempt has begun sending and not said it failed (it succeeded, or its
   * worker died before recording anything), later attempts skip `send` and go on with the rest of
   * the handler. If `send` throws, nothing was sent and a retry may send.
   */
  once(send: () => Promise<unknown>): Promise<void>;
};
export type JobHandler<K extends JobKind> = (payload: JobPayloads[K], job: JobContext) => Promise<void>;

export type JobKindOptions = {
  /** Attempts before the job is marked failed (default 10). */
  maxAttempts?: number;
  /** Delay before the next attempt after failed attempt `n` (1-based). Default: 10 s · 2^(n-1), at most 1 h, ±20%. */
  backoffMs?: (attempt: number) => number;
  /** An attempt still running after this long counts as failed (default 60 s; must stay well under the lease). */
  timeoutMs?: number;
  /** Replace the payload with {} once the job is done (personal data, links). */
  erasePayloadOnDone?: boolean;
};

export type EnqueueOptions = {
  /** Due time (default: now by the app clock). */
  runAt?: Date;
  /** A second enqueue with the same key is a no-op (unique constraint), however far apart. */
  dedupeKey?: string;
  /** Enqueue inside the caller's transaction, so the job commits (or not) with the change that caused it. */
  db?: Db;
  maxAttempts?: number;
};
export type Enqueued = { id: string | null; created: boolean };

/** Thrown by a handler when retrying cannot help (the booking was cancelled, the address is invalid). */
export class PermanentJobError extends Error {}

/**
 * Thrown by a handler that is waiting for something outside (a refund Cashfree has not processed
 * yet): the job runs again after `delayMs`, quietly, and counts the attempt.
 */
export class RetryLater extends Error {
  constructor(
    readonly delayMs: number,
    message = 'waiting',
  ) {
    super(message);
  }
}

export type JobQueueOptions = {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** How often an idle worker looks for due jobs (enqueue also wakes it). */
  pollMs?: number;
  /** How long a claim holds a job before another worker may take it over. */
  leaseMs?: number;
  /** Jobs run at once by one worker. */
  concurrency?: number;
  /** Told of every failed attempt (metrics). */
  onFailure?: (kind: string) => void;
};

export type JobStats = { pending: number; due: number; running: number; failed: number };

export type JobQueue = {
  register<K extends JobKind>(kind: K, handler: JobHandler<K>, opts?: JobKindOptions): void;
  enqueue<K extends JobKind>(kind: K, payload: JobPayloads[K], opts?: EnqueueOptions): Promise<Enqueued>;
  /** Runs every job due now (by the app clock) to completion or its next retry; for tests and scripts. */
  runDue(): Promise<{ ran: number; failed: number }>;
  /** Starts the background worker loop (the jobs plugin does this; stopped on app close). */
  start(): void;
  stop(): Promise<void>;
  /** Looks for due jobs now instead of at the next poll. */
  wake(): void;
  stats(): Promise<JobStats>;
};

const DEFAULT_MAX_ATTEMPTS = 10;
const DEFAULT_TIMEOUT_MS = 60_000;
const DONE_RETENTION_MS = 7 * 24 * 3600_000;

export function defaultBackoffMs(attempt: number): number {
  const base = Math.min(10_000 * 2 ** (attempt - 1), 3600_000);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

type JobRow = typeof jobs.$inferSelect;

/** The only code that touches the jobs table. */
export function createJobRepository(db: Db) {
  return {
    async insert(row: typeof jobs.$inferInsert): Promise<Enqueued> {
      const inserted = await db.insert(jobs).values(row).onConflictDoNothing({ target: jobs.dedupeKey }).returning({ id: jobs.id });
      if (inserted.length) return { id: inserted[0].id, created: true };
      const existing = row.dedupeKey ? await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.dedupeKey, row.dedupeKey)).limit(1) : [];
      return { id: existing[0]?.id ?? null, created: false };
    },
    /**
     * Atomically takes up to `limit` due jobs of the given kinds: pending ones whose time has come,
     * and running ones whose lease ran out (their worker died). SKIP LOCKED lets several instances
     * claim at once without waiting for, or taking, each other's rows.
     */
    async claim(kinds: string[], now: Date, limit: number, leaseUntil: Date, leaseToken: string): Promise<JobRow[]> {
      const due = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(inArray(jobs.kind, kinds), or(and(eq(jobs.status, 'pending'), lte(jobs.runAt, now)), and(eq(jobs.status, 'running'), lt(jobs.leaseUntil, now)))),
        )
        .orderBy(jobs.runAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(jobs)
        .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, leaseToken, leaseUntil })
        .where(inArray(jobs.id, due))
        .returning();
    },
    /** False when this claim no longer owns the job (its lease ran out and another worker took it). */
    /** Records that an attempt is about to send; false when this claim no longer owns the job. */
    async markOnce(id: string, leaseToken: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ onceStartedAt: now })
        .where(and(eq(jobs.id, id), eq(jobs.leaseToken, leaseToken), eq(jobs.status, 'running')))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },
    async complete(id: string, leaseToken: string, now: Date, erasePayload: boolean, note: string | null = null): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ status: 'done', finishedAt: now, lastError: note, leaseToken: null, leaseUntil: null, ...(erasePayload ? { payload: {} } : {}) })
        .where(and(eq(jobs.id, id), eq(jobs.leaseToken, leaseToken), eq(jobs.status, 'running')))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },
    /** `sent`: the attempt's `once` completed, so the mark stays and no retry sends again. */
    async fail(id: string, leaseToken: string, error: string, next: { retryAt: Date } | { failedAt: Date }, sent = false): Promise<void> {
      await db
        .update(jobs)
        .set({
          lastError: error,
          leaseToken: null,
          leaseUntil: null,
          ...(sent ? {} : { onceStartedAt: null }),
          ...('retryAt' in next ? { status: 'pending' as const, runAt: next.retryAt } : { status: 'failed' as const, finishedAt: next.failedAt }),
        })
        .where(and(eq(jobs.id, id), eq(jobs.leaseToken, leaseToken), eq(jobs.status, 'running')));
    },
    /** Finished jobs without a dedupe key are kept a week; keyed ones stay, so the key keeps working. */
    async prune(before: Date): Promise<void> {
      await db.delete(jobs).where(and(inArray(jobs.status, ['done', 'failed']), isNull(jobs.dedupeKey), lt(jobs.finishedAt, before)));
    },
    async stats(now: Date): Promise<JobStats> {
      const [row] = await db
        .select({
          pending: sql<number>`count(*) filter (where ${jobs.status} = 'pending')::int`,
          due: sql<number>`count(*) filter (where ${jobs.status} = 'pending' and ${jobs.runAt} <= ${now})::int`,
          running: sql<number>`count(*) filter (where ${jobs.status} = 'running')::int`,
          failed: sql<number>`count(*) filter (where ${jobs.status} = 'failed')::int`,
        })
        .from(jobs)
        .where(inArray(jobs.status, ['pending', 'running', 'failed']));
      return { pending: Number(row.pending), due: Number(row.due), running: Number(row.running), failed: Number(row.failed) };
    },
  };
}

type Registered = { handler: JobHandler<JobKind>; opts: Required<Omit<JobKindOptions, 'backoffMs'>> & Pick<JobKindOptions, 'backoffMs'> };

/** A durable, table-backed job queue (PGlite and PostgreSQL alike). See ARCHITECTURE.md, docs/decisions. */
export function createJobQueue(o: JobQueueOptions): JobQueue {
  const repo = createJobRepository(o.db);
  const handlers = new Map<string, Registered>();
  const pollMs = o.pollMs ?? 1000;
  const leaseMs = o.leaseMs ?? 5 * 60_000;
  const concurrency = o.concurrency ?? 4;

  let running = false;
  let loop: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;
  let lastPrune = 0;

  const wake = () => wakeUp?.();

  /**
   * Outcomes that could not be written (the database went away while the job ran): kept here and
   * written as soon as it answers, before anything new is claimed, so a sent mail is recorded as
   * sent and a failed job retries within its back-off, not after its lease (issue 29). One whose
   * lease has run out by then is dropped: another worker may own the job now (and `once` keeps it
   * from sending again).
   */
  const unrecorded: { write: () => Promise<unknown>; leaseUntil: number; log: FastifyBaseLogger }[] = [];

  async function record(write: () => Promise<unknown>, leaseUntil: Date, log: FastifyBaseLogger): Promise<void> {
    try {
      await write();
    } catch (err) {
      log.warn({ reason: databaseUnavailableReason(err) ?? safeErrorText(err) }, 'job outcome not recorded yet; will record it when the database answers');
      unrecorded.push({ write, leaseUntil: leaseUntil.getTime(), log });
    }
  }

  /** Writes the outcomes kept in memory; throws (keeping the rest) while the database is still away. */
  async function recordKept(): Promise<void> {
    while (unrecorded.length) {
      const next = unrecorded[0];
      if (next.leaseUntil <= o.clock.now().getTime()) {
        next.log.warn('job outcome dropped: its lease ran out before the database answered');
      } else {
        await next.write();
        next.log.info('job outcome recorded');
      }
      unrecorded.shift();
    }
  }

  async function runOne(job: JobRow, leaseToken: string, leaseUntil: Date): Promise<boolean> {
    const reg = handlers.get(job.kind)!;
    const log = o.log.child({ job: job.id, kind: job.kind, attempt: job.attempts });
    let error: unknown = null;
    // An earlier attempt that began sending and never recorded its outcome may have sent: never again.
    let sent = job.onceStartedAt !== null;
    let note: string | null = null;
    if (job.attempts > job.maxAttempts) {
      error = new PermanentJobError('its worker stopped during every attempt');
    } else {
      let t: NodeJS.Timeout | undefined;
      const once = async (send: () => Promise<unknown>): Promise<void> => {
        if (sent) {
          note = 'not sent again: an earlier attempt began sending and stopped before recording it';
          log.warn(note);
          return;
        }
        if (!(await repo.markOnce(job.id, leaseToken, o.clock.now()))) throw new Error('the job was taken over by another worker');
        await send();
        sent = true;
      };
      try {
        await Promise.race([
          reg.handler(job.payload as never, { id: job.id, kind: job.kind, attempt: job.attempts, maxAttempts: job.maxAttempts, log, once }),
          new Promise((_, reject) => {
            t = setTimeout(() => reject(new Error(`timed out after ${reg.opts.timeoutMs} ms`)), reg.opts.timeoutMs);
          }),
        ]);
      } catch (err) {
        error = err ?? new Error('failed');
      } finally {
        clearTimeout(t);
      }
    }
    const now = o.clock.now();
    if (error === null) {
      await record(
        async () => {
          if (!(await repo.complete(job.id, leaseToken, now, reg.opts.erasePayloadOnDone, note))) log.warn('job finished after its lease ran out');
        },
        leaseUntil,
        log,
      );
      return true;
    }
    o.onFailure?.(job.kind);
    const permanent = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
    const text = safeErrorText(error);
    let next: { retryAt: Date } | { failedAt: Date };
    if (permanent) {
      log.error({ err: safeError(error) }, 'job failed for good');
      next = { failedAt: now };
    } else if (error instanceof RetryLater) {
      log.debug({ retryInMs: error.delayMs, reason: error.message }, 'job waits; will run again');
      next = { retryAt: new Date(now.getTime() + error.delayMs) };
    } else {
      const delay = (reg.opts.backoffMs ?? defaultBackoffMs)(job.attempts);
      log.warn({ err: safeError(error), retryInMs: delay }, 'job failed; will retry');
      next = { retryAt: new Date(now.getTime() + delay) };
    }
    await record(() => repo.fail(job.id, leaseToken, text, next, sent), leaseUntil, log);
    return false;
  }

  /** Claims and runs one batch; the number of jobs claimed (0: nothing due). */
  async function runBatch(limit: number, tally?: { ran: number; failed: number }): Promise<number> {
    if (handlers.size === 0) return 0;
    await recordKept();
    const now = o.clock.now();
    const leaseToken = randomUUID();
    const leaseUntil = new Date(now.getTime() + leaseMs);
    const claimed = await repo.claim([...handlers.keys()], now, limit, leaseUntil, leaseToken);
    const results = await Promise.all(claimed.map((j) => runOne(j, leaseToken, leaseUntil)));
    if (tally) {
      tally.ran += results.length;
      tally.failed += results.filter((ok) => !ok).length;
    }
    return claimed.length;
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wakeUp = resolve;
      timer = setTimeout(resolve, ms);
    }).finally(() => {
      wakeUp = null;
      if (timer) clearTimeout(timer);
      timer = null;
    });

  async function workerLoop(): Promise<void> {
    let failures = 0;
    const outages = createOutageLog(o.log, 'job queue');
    while (running) {
      let claimed = 0;
      try {
        claimed = await runBatch(concurrency);
        failures = 0;
        outages.succeeded();
        const nowMs = o.clock.now().getTime();
        if (nowMs - lastPrune > 3600_000) {
          lastPrune = nowMs;
          await repo.prune(new Date(nowMs - DONE_RETENTION_MS));
        }
      } catch (err) {
        // The database is away (or the claim failed): back off, 1 s doubling to 30 s.
        failures += 1;
        outages.failed(err);
        if (running) await sleep(Math.min(1000 * 2 ** (failures - 1), 30_000));
        continue;
      }
      if (claimed === 0 && running) await sleep(pollMs);
    }
  }

  return {
    register(kind, handler, opts = {}) {
      if (handlers.has(kind)) throw new Error(`job kind '${kind}' is already registered`);
      handlers.set(kind, {
        handler: handler as JobHandler<JobKind>,
        opts: {
          maxAttempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
          timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          erasePayloadOnDone: opts.erasePayloadOnDone ?? false,
          backoffMs: opts.backoffMs,
        },
      });
    },
    async enqueue(kind, payload, opts = {}) {
      const reg = handlers.get(kind);
      if (!reg) throw new Error(`no handler registered for job kind '${kind}'`);
      const result = await createJobRepository(opts.db ?? o.db).insert({
        kind,
        payload,
        dedupeKey: opts.dedupeKey ?? null,
        runAt: opts.runAt ?? o.clock.now(),
        maxAttempts: opts.maxAttempts ?? reg.opts.maxAttempts,
      });
      if (result.created && running) {
        // Inside a transaction the row is visible once it commits: look now and again shortly.
        wake();
        if (opts.db) setTimeout(wake, 100).unref();
      }
      return result;
    },
    async runDue() {
      const tally = { ran: 0, failed: 0 };
      // Retries are scheduled ahead of now, so this ends; the bound guards against a handler that re-enqueues itself.
      for (let i = 0; i < 1000; i++) {
        let claimed: number;
        try {
          claimed = await runBatch(concurrency, tally);
        } catch (err) {
          // The database went away while the jobs ran: their outcomes are kept (see `unrecorded`).
          if (i === 0) throw err;
          break;
        }
        if (claimed === 0) break;
      }
      return tally;
    },
    start() {
      if (running) return;
      running = true;
      loop = workerLoop();
    },
    async stop() {
      running = false;
      wake();
      // Jobs in flight finish first (bounded: a stuck one is taken over once its lease runs out).
      await Promise.race([loop, new Promise((r) => setTimeout(r, 10_000).unref())]);
      loop = null;
    },
    wake,
    stats: () => repo.stats(o.clock.now()),
  };
}
