import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, withoutStatementTimeout, type Database } from '../src/db/client.ts';
import { jobs } from '../src/db/schema/jobs.ts';
import { systemClock } from '../src/lib/clock.ts';
import { createJobQueue, type JobQueue } from '../src/lib/jobs.ts';
import { createMailer } from '../src/plugins/mail.ts';
import { createOwnPostgres, ownPostgresUnavailable, type OwnPostgres } from './helpers/own-postgres.ts';
import { startSmtpSink } from './helpers/smtp-sink.ts';
import { testConfig } from './helpers/test-app.ts';

/**
 * Issue 29 item 3: a mail is sent once per job even when the database goes away while it is being
 * delivered, and a job that failed during the outage runs again within its back-off, not after its
 * lease. Against a PostgreSQL cluster of the test's own (stopped mid-delivery) and a real SMTP server.
 */
const noPostgres = ownPostgresUnavailable();
const lines: string[] = [];
const log = pino({ level: 'info' }, new Writable({ write: (chunk, _e, cb) => (lines.push(String(chunk)), cb()) }));
const kept = () => lines.filter((l) => l.includes('job outcome not recorded yet')).length;

const until = async (what: string, ok: () => Promise<boolean>, ms = 60_000) => {
  for (const end = Date.now() + ms; ; await sleep(100)) {
    try {
      if (await ok()) return;
    } catch {
      // the database is still coming back
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
  }
};

describe.skipIf(noPostgres)(`a mail job with the database stopped mid-delivery${noPostgres ? ` (skipped: ${noPostgres})` : ''}`, () => {
  let own: OwnPostgres;
  let database: Database;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    own = await createOwnPostgres();
    await own.start();
    database = await openDatabase({ url: own.url, pgliteDir: '', timeouts: { statementMs: 2000, connectMs: 1000 } });
    await withoutStatementTimeout(database, migrateDatabase);
    smtp = await startSmtpSink();
  }, 120_000);
  afterAll(async () => {
    for (const q of queues) await q.stop();
    await database?.close();
    await own?.destroy();
    await smtp?.close();
  }, 60_000);

  const mailer = () => createMailer(testConfig({ SMTP_URL: smtp.url }), log as never);
  /** A queue as one API process has it, with its own lease; `send` is the mail kind's delivery. */
  const queue = (leaseMs: number, deliver: (subject: string) => Promise<void>) => {
    const q = createJobQueue({ db: database.db, clock: systemClock, log: log as never, leaseMs, pollMs: 100 });
    q.register('mail', (m, job) => job.once(() => deliver(m.subject)), { maxAttempts: 5, backoffMs: () => 500 });
    queues.push(q);
    return q;
  };
  const received = (subject: string) => smtp.mails.filter((m) => m.subject === subject).length;
  const row = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0];
  const enqueue = async (q: JobQueue, subject: string) => (await q.enqueue('mail', { to: 'student@example.in', subject, text: 'Your link' })).id!;

  it('sends once when the database stops after the send: the outcome is recorded when it is back, and nothing is sent after the lease', async () => {
    const smtpMailer = mailer();
    const q = queue(3000, async (subject) => {
      await own.stop('fast');
      await smtpMailer.send({ to: 'student@example.in', subject, text: 'Your link' });
    });
    const id = await enqueue(q, 'Reset A');
    expect(await q.runDue()).toEqual({ ran: 1, failed: 0 });
    expect(received('Reset A')).toBe(1);
    expect(kept()).toBe(1);
    await own.start();
    // The kept outcome is written before anything new is claimed.
    await until('the outcome to be recorded', async () => (await q.runDue(), (await row(id)).status === 'done'));
    // Past the lease, nothing runs it again.
    await sleep(3500);
    expect(await q.runDue()).toEqual({ ran: 0, failed: 0 });
    expect(received('Reset A')).toBe(1);
  }, 120_000);

  it('sends once when the process dies after the send: the next claim after the lease does not send again', async () => {
    const smtpMailer = mailer();
    const dying = queue(3000, async (subject) => {
      await own.stop('fast');
      await smtpMailer.send({ to: 'student@example.in', subject, text: 'Your link' });
    });
    const id = await enqueue(dying, 'Reset B');
    await dying.runDue();
    expect(received('Reset B')).toBe(1);
    // That process is gone with what it kept in memory; another instance's queue finds the job once the lease runs out.
    await own.start();
    const next = queue(3000, async (subject) => smtpMailer.send({ to: 'student@example.in', subject, text: 'Your link' }));
    await until('the lease to run out and the job to be finished', async () => (await next.runDue(), (await row(id)).status === 'done'));
    const done = await row(id);
    expect(done.attempts).toBe(2);
    expect(done.lastError).toMatch(/not sent again/);
    expect(received('Reset B')).toBe(1);
  }, 120_000);

  it('retries a delivery that failed during the outage within its back-off, not after its ten-minute lease', async () => {
    const smtpMailer = mailer();
    let first = true;
    const q = queue(10 * 60_000, async (subject) => {
      if (first) {
        first = false;
        await own.stop('fast');
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNECTION' });
      }
      await smtpMailer.send({ to: 'student@example.in', subject, text: 'Your link' });
    });
    const id = await enqueue(q, 'Reset C');
    q.start();
    const before = kept();
    await until('the first attempt to fail with the database away', async () => kept() > before);
    await own.start();
    // Well inside the lease: the failure is recorded with its back-off, and the retry sends.
    await until('the retry to send', async () => received('Reset C') === 1 && (await row(id)).status === 'done', 60_000);
    expect((await row(id)).attempts).toBe(2);
    await q.stop();
    expect(received('Reset C')).toBe(1);
  }, 120_000);
});
