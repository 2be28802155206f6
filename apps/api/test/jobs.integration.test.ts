import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { jobs } from '../src/db/schema/jobs.ts';
import { TestClock } from '../src/lib/clock.ts';
import { createJobQueue, PermanentJobError, RetryLater, type JobQueue } from '../src/lib/jobs.ts';
import { startSmtpSink } from './helpers/smtp-sink.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './helpers/test-database.ts';

// Test-only job kinds.
declare module '../src/lib/jobs.ts' {
  interface JobPayloads {
    'test.record': { n: number };
    'test.flaky': { failTimes: number };
    'test.permanent': Record<string, never>;
    'test.slow': { ms: number };
    'test.waits': { until: number };
  }
}

const silent = { child: () => silent, warn: () => {}, error: () => {}, info: () => {}, debug: () => {} } as never;

describe.each(databaseKinds)('job queue on %s', (kind) => {
  let db: TestDatabase;
  let clock: TestClock;
  let queue: JobQueue;
  const ran: number[] = [];
  const flakyAttempts: number[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    clock = new TestClock();
    queue = createJobQueue({ db: db.database.db, clock, log: silent });
    queue.register('test.record', async ({ n }) => void ran.push(n));
    queue.register(
      'test.flaky',
      async ({ failTimes }, job) => {
        flakyAttempts.push(job.attempt);
        if (job.attempt <= failTimes) throw new Error(`attempt ${job.attempt} failed`);
      },
      { maxAttempts: 3, backoffMs: (n) => n * 60_000 },
    );
    queue.register('test.permanent', async () => {
      throw new PermanentJobError('the booking was cancelled');
    });
    queue.register('test.slow', ({ ms }) => new Promise((r) => setTimeout(r, ms)), { timeoutMs: 200, maxAttempts: 1 });
    // Waits for something outside (a refund Cashfree has not processed yet) until `until` by the app clock.
    queue.register('test.waits', async ({ until }) => {
      if (clock.now().getTime() < until) throw new RetryLater(30_000, 'not yet');
    });
  });
  afterAll(() => db.drop());

  const rows = () => db.database.db.select().from(jobs);

  it('runs a due job once, and never again once done', async () => {
    ran.length = 0;
    const { id, created } = await queue.enqueue('test.record', { n: 1 });
    expect(created).toBe(true);
    expect(await queue.runDue()).toEqual({ ran: 1, failed: 0 });
    expect(await queue.runDue()).toEqual({ ran: 0, failed: 0 });
    expect(ran).toEqual([1]);
    const row = (await rows()).find((r) => r.id === id)!;
    expect(row).toMatchObject({ status: 'done', attempts: 1, lastError: null, leaseToken: null });
  });

  it('makes a second enqueue with the same dedupe key a no-op', async () => {
    ran.length = 0;
    const first = await queue.enqueue('test.record', { n: 2 }, { dedupeKey: 'reminder:b1:24h' });
    const second = await queue.enqueue('test.record', { n: 3 }, { dedupeKey: 'reminder:b1:24h' });
    expect(second).toEqual({ id: first.id, created: false });
    await queue.runDue();
    // Even after the first has run: the key still holds.
    expect((await queue.enqueue('test.record', { n: 4 }, { dedupeKey: 'reminder:b1:24h' })).created).toBe(false);
    await queue.runDue();
    expect(ran).toEqual([2]);
  });

  it('commits a job with the caller’s transaction, or not at all', async () => {
    ran.length = 0;
    await db.database.db.transaction(async (tx) => {
      await queue.enqueue('test.record', { n: 5 }, { db: tx });
    });
    await expect(
      db.database.db.transaction(async (tx) => {
        await queue.enqueue('test.record', { n: 6 }, { db: tx });
        throw new Error('the change that caused it failed');
      }),
    ).rejects.toThrow('the change that caused it failed');
    await queue.runDue();
    expect(ran).toEqual([5]);
  });

  it('waits for runAt by the app clock', async () => {
    ran.length = 0;
    const at = new Date(clock.now().getTime() + 24 * 3600_000);
    await queue.enqueue('test.record', { n: 7 }, { runAt: at });
    await queue.runDue();
    expect(ran).toEqual([]);
    clock.advance(24 * 3600_000 - 60_000);
    await queue.runDue();
    expect(ran).toEqual([]);
    clock.advance(60_000);
    await queue.runDue();
    expect(ran).toEqual([7]);
  });

  it('retries with backoff, records the last error, and stops after maxAttempts', async () => {
    flakyAttempts.length = 0;
    const ok = await queue.enqueue('test.flaky', { failTimes: 1 });
    const never = await queue.enqueue('test.flaky', { failTimes: 99 });
    expect(await queue.runDue()).toEqual({ ran: 2, failed: 2 });
    let [a, b] = [(await rows()).find((r) => r.id === ok.id)!, (await rows()).find((r) => r.id === never.id)!];
    expect(a).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Error: attempt 1 failed' });
    expect(a.runAt.getTime() - clock.now().getTime()).toBeGreaterThan(55_000);
    // Not before its backoff.
    expect(await queue.runDue()).toEqual({ ran: 0, failed: 0 });
    clock.advance(60_000);
    expect(await queue.runDue()).toEqual({ ran: 2, failed: 1 });
    clock.advance(120_000);
    expect(await queue.runDue()).toEqual({ ran: 1, failed: 1 });
    [a, b] = [(await rows()).find((r) => r.id === ok.id)!, (await rows()).find((r) => r.id === never.id)!];
    expect(a).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    expect(b).toMatchObject({ status: 'failed', attempts: 3, lastError: 'Error: attempt 3 failed' });
    clock.advance(3600_000);
    expect(await queue.runDue()).toEqual({ ran: 0, failed: 0 });
    expect(flakyAttempts).toEqual([1, 1, 2, 2, 3]);
  });

  it('a job that waits (RetryLater) runs again after the delay it asked for, and finishes when the wait is over', async () => {
    const w = await queue.enqueue('test.waits', { until: clock.now().getTime() + 50_000 });
    await queue.runDue();
    let row = (await rows()).find((r) => r.id === w.id)!;
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'RetryLater: not yet' });
    expect(Math.round((row.runAt.getTime() - clock.now().getTime()) / 1000)).toBe(30);
    clock.advance(30_000);
    await queue.runDue();
    expect((await rows()).find((r) => r.id === w.id)).toMatchObject({ status: 'pending', attempts: 2 });
    clock.advance(30_000);
    await queue.runDue();
    row = (await rows()).find((r) => r.id === w.id)!;
    expect(row).toMatchObject({ status: 'done', attempts: 3, lastError: null });
  });

  it('does not retry a permanent failure, and fails an attempt that runs too long', async () => {
    const p = await queue.enqueue('test.permanent', {});
    const s = await queue.enqueue('test.slow', { ms: 2000 });
    await queue.runDue();
    const all = await rows();
    expect(all.find((r) => r.id === p.id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'PermanentJobError: the booking was cancelled' });
    expect(all.find((r) => r.id === s.id)).toMatchObject({ status: 'failed', lastError: 'Error: timed out after 200 ms' });
  });

  it('takes over a job whose worker died (lease ran out), but not one still leased', async () => {
    ran.length = 0;
    const now = clock.now();
    await db.database.db.insert(jobs).values([
      { kind: 'test.record', payload: { n: 8 }, status: 'running', runAt: now, attempts: 1, maxAttempts: 5, leaseUntil: new Date(now.getTime() - 1000) },
      { kind: 'test.record', payload: { n: 9 }, status: 'running', runAt: now, attempts: 1, maxAttempts: 5, leaseUntil: new Date(now.getTime() + 60_000) },
    ]);
    await queue.runDue();
    expect(ran).toEqual([8]);
  });

  it('refuses a kind without a handler', async () => {
    await expect(queue.enqueue('no.such.kind' as 'test.record', { n: 0 })).rejects.toThrow("no handler registered for job kind 'no.such.kind'");
  });

  it('runs each job exactly once with several instances claiming at once', async () => {
    // Separate connections (pools) on PostgreSQL, as separate API instances would have.
    const second: Database = db.url ? await openDatabase({ url: db.url, pgliteDir: '' }) : db.database;
    const seen = new Map<number, number>();
    const make = (d: Database) => {
      const q = createJobQueue({ db: d.db, clock, log: silent, concurrency: 5 });
      q.register('test.record', async ({ n }) => {
        await new Promise((r) => setTimeout(r, 2));
        seen.set(n, (seen.get(n) ?? 0) + 1);
      });
      return q;
    };
    const [q1, q2, q3] = [make(db.database), make(second), make(second)];
    for (let n = 100; n < 160; n++) await q1.enqueue('test.record', { n });
    const results = await Promise.all([q1.runDue(), q2.runDue(), q3.runDue()]);
    expect(results.reduce((s, r) => s + r.ran, 0)).toBe(60);
    expect(seen.size).toBe(60);
    expect([...seen.values()].every((c) => c === 1)).toBe(true);
    if (second !== db.database) await second.close();
  });

  it('counts pending, due, running and failed jobs', async () => {
    await queue.enqueue('test.record', { n: 10 }, { runAt: new Date(clock.now().getTime() + 3600_000) });
    const s = await queue.stats();
    expect(s).toMatchObject({ pending: 1, due: 0, running: 1 });
    expect(s.failed).toBeGreaterThanOrEqual(3);
    await db.database.db.execute(sql`delete from jobs`);
  });
});

describe.each(databaseKinds)('the app’s job worker on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  const clock = new TestClock();
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await buildTestApp(kind, { env: { SMTP_URL: smtp.url, JOBS_POLL_MS: '100' }, clock });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends a queued mail with an attachment through the mailer, then erases its payload', async () => {
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nSUMMARY:Session\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
    const { id } = await t.app.jobs.enqueue('mail', {
      to: 'student@example.in',
      subject: 'Your session',
      text: 'See the invitation.',
      attachments: [{ filename: 'session.ics', content: ics, contentType: 'text/calendar; method=REQUEST' }],
    });
    const mail = await smtp.waitFor((m) => m.subject === 'Your session');
    expect(mail.to).toEqual(['student@example.in']);
    expect(mail.attachments).toEqual([expect.objectContaining({ filename: 'session.ics', contentType: 'text/calendar', content: ics })]);
    await expect.poll(async () => (await t.db.database.db.select().from(jobs)).find((j) => j.id === id)?.status).toBe('done');
    expect((await t.db.database.db.select().from(jobs)).find((j) => j.id === id)!.payload).toEqual({});
  });

  it('runs a job the clock makes due (the worker reads the app clock)', async () => {
    await t.app.jobs.enqueue(
      'mail',
      { to: 'later@example.in', subject: 'Reminder: 1 hour', text: 'Soon.' },
      { runAt: new Date(clock.now().getTime() + 3600_000) },
    );
    await new Promise((r) => setTimeout(r, 400));
    expect(smtp.mails.some((m) => m.subject === 'Reminder: 1 hour')).toBe(false);
    clock.advance(3600_000);
    await smtp.waitFor((m) => m.subject === 'Reminder: 1 hour');
  });
});
