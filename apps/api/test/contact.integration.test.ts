import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../src/lib/clock.ts';
import { createMailer, type Mailer } from '../src/plugins/mail.ts';
import { startSmtpSink } from './helpers/smtp-sink.ts';
import { buildTestApp, testConfig, type TestApp } from './helpers/test-app.ts';
import { databaseKinds } from './helpers/test-database.ts';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

describe.each(databaseKinds)('contact, help and feedback forms on %s', (kind) => {
  let t: TestApp;
  let smtp: Sink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await buildTestApp(kind, { env: { SMTP_URL: smtp.url, SUPPORT_EMAIL: 'help@rankwise.test', TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': '1.1.1.1', ...headers } });

  it('stores the message, e-mails support and answers the spec text', async () => {
    const res = await post('/api/v1/app/contact', {
      name: '  Asha Rao ',
      email: 'asha@example.in',
      phone: '+91 98765 43210',
      message: 'Which NITs take my rank?',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Message sent successfully! We will get back to you soon.' });
    // The support mail leaves from the job queue (issue 29), then the row says so.
    const mail = await smtp.waitFor((m) => m.subject.includes('Asha Rao'));
    expect(mail.to).toEqual(['help@rankwise.test']);
    expect(mail.text).toContain('Which NITs take my rank?');
    const rows = async () =>
      (
        (await t.db.database.db.execute(
          sql`select kind, name, email, phone, message, mail_status from form_submissions where kind = 'contact'`,
        )) as unknown as {
          rows: { mail_status: string }[];
        }
      ).rows;
    for (let i = 0; i < 200 && (await rows())[0]?.mail_status !== 'sent'; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await rows()).toEqual([
      { kind: 'contact', name: 'Asha Rao', email: 'asha@example.in', phone: '+919876543210', message: 'Which NITs take my rank?', mail_status: 'sent' },
    ]);
  });

  it('stores a resent identical message once: the same Idempotency-Key, or the same text within minutes', async () => {
    const count = async (who: string) =>
      Number(
        ((await t.db.database.db.execute(sql`select count(*)::int as n from form_submissions where email = ${who}`)) as unknown as { rows: { n: number }[] })
          .rows[0].n,
      );
    const body = { name: 'Ravi', email: 'ravi@example.in', phone: '9876543210', message: 'Is my seat safe in round 2?' };
    const key = { 'idempotency-key': 'form-7f3a9c21-resend' };
    const answers = await Promise.all([1, 2, 3].map((i) => post('/api/v1/app/contact', body, { ...key, 'x-forwarded-for': `5.5.5.${i}` })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await count('ravi@example.in')).toBe(1);
    // The same key with another text is another message.
    expect((await post('/api/v1/app/contact', { ...body, message: 'And in round 3?' }, { ...key, 'x-forwarded-for': '5.5.5.4' })).statusCode).toBe(200);
    expect(await count('ravi@example.in')).toBe(2);
    // No key: the same text again within minutes is the same message; a help request too.
    const plain = { ...body, email: 'meera@example.in' };
    for (const ip of ['5.5.6.1', '5.5.6.2']) expect((await post('/api/v1/app/contact', plain, { 'x-forwarded-for': ip })).statusCode).toBe(200);
    expect(await count('meera@example.in')).toBe(1);
    for (const ip of ['5.5.6.3', '5.5.6.4'])
      expect((await post('/api/v1/app/help', { email: 'meera@example.in', feedback: 'I cannot find my category' }, { 'x-forwarded-for': ip })).statusCode).toBe(
        200,
      );
    expect(await count('meera@example.in')).toBe(2);
    await smtp.waitFor((m) => m.subject.includes('Help request from meera@example.in'));
    // A malformed key is refused, naming the header.
    const bad = await post('/api/v1/app/contact', body, { 'idempotency-key': 'short', 'x-forwarded-for': '5.5.5.9' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Idempotency-Key');
  });

  it.each([
    [{}, { name: ['Name is required'], email: ['Email is required'], phone: ['Phone number is required'], message: ['Message is required'] }],
    [
      { name: '   ', email: '', phone: '', message: '   ' },
      { name: ['Name is required'], email: ['Email is required'], phone: ['Phone number is required'], message: ['Message is required'] },
    ],
    [
      { name: 'A', email: 'not-an-email', phone: '12345', message: 'short' },
      {
        email: ['Please enter a valid email address'],
        phone: ['Please enter a valid Indian phone number'],
        message: ['Message must be at least 10 characters long'],
      },
    ],
    [{ name: 'A', email: 'a@b.in', phone: '5876543210', message: 'long enough message' }, { phone: ['Please enter a valid Indian phone number'] }],
  ])('answers 400 with the spec messages for %j', async (body, fieldErrors) => {
    const res = await post('/api/v1/app/contact', body, { 'x-forwarded-for': `2.2.2.${Math.floor(Math.random() * 250)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual(fieldErrors);
  });

  it('accepts the Indian number forms the spec allows', async () => {
    for (const phone of ['9876543210', '+919876543210', '09876543210', '919876543210', '+91 9876543210']) {
      const res = await post(
        '/api/v1/app/contact',
        { name: 'P', email: 'p@example.in', phone, message: 'Phone format check' },
        { 'x-forwarded-for': `3.3.3.${phone.length}` },
      );
      expect(res.statusCode, phone).toBe(200);
    }
  });

  it('answers malformed bodies with a 4xx in the error shape, never 500', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/app/contact', payload: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'The request body must be valid JSON.' });
    const text = await t.app.inject({ method: 'POST', url: '/api/v1/app/contact', payload: 'hello', headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(400);
    const xml = await t.app.inject({ method: 'POST', url: '/api/v1/app/contact', payload: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().message).toBe('Unsupported content type: send JSON.');
    const arr = await t.app.inject({ method: 'POST', url: '/api/v1/app/contact', payload: [1, 2] as never });
    expect(arr.statusCode).toBe(400);
  });

  it('rate-limits a flood from one address with a clear 429', async () => {
    const body = { name: 'Flood', email: 'f@example.in', phone: '9876543210', message: 'Flooding the form' };
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await post('/api/v1/app/contact', body, { 'x-forwarded-for': '9.9.9.9' })).statusCode);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes[6]).toBe(429);
  });

  it('stores help requests and feedback', async () => {
    const help = await post('/api/v1/app/help', { email: 'h@example.in', feedback: 'I cannot find my category' }, { 'x-forwarded-for': '4.4.4.4' });
    expect(help.statusCode).toBe(200);
    const fb = await post('/api/v1/app/feedback', { overallExperience: 5, easeOfUse: 4, performance: 3, feedback: 'Nice' }, { 'x-forwarded-for': '4.4.4.5' });
    expect(fb.statusCode).toBe(200);
    const badFb = await post('/api/v1/app/feedback', { overallExperience: 9 }, { 'x-forwarded-for': '4.4.4.6' });
    expect(badFb.statusCode).toBe(400);
    const rows = (await t.db.database.db.execute(
      sql`select kind, details from form_submissions where kind = 'feedback' or (kind = 'help' and email = 'h@example.in') order by kind`,
    )) as unknown as { rows: unknown[] };
    expect(rows.rows).toEqual([
      { kind: 'feedback', details: { overallExperience: 5, easeOfUse: 4, performance: 3 } },
      { kind: 'help', details: null },
    ]);
  });

  it('refuses a feedback form with neither a rating nor a comment, and stores only the rows rated', async () => {
    const empty = await post(
      '/api/v1/app/feedback',
      { overallExperience: null, easeOfUse: null, performance: null, feedback: '  ' },
      { 'x-forwarded-for': '4.4.5.1' },
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({ feedback: ['Please rate at least one item or write your feedback'] });
    expect((await post('/api/v1/app/feedback', {}, { 'x-forwarded-for': '4.4.5.2' })).statusCode).toBe(400);
    const one = await post('/api/v1/app/feedback', { easeOfUse: 2 }, { 'x-forwarded-for': '4.4.5.3' });
    expect(one.statusCode).toBe(200);
    const text = await post('/api/v1/app/feedback', { feedback: 'Only words' }, { 'x-forwarded-for': '4.4.5.4' });
    expect(text.statusCode).toBe(200);
    const rows = (await t.db.database.db.execute(
      sql`select message, details from form_submissions where kind = 'feedback' and (details = '{"easeOfUse": 2}'::jsonb or message = 'Only words')`,
    )) as unknown as { rows: unknown[] };
    expect(rows.rows).toEqual(
      expect.arrayContaining([
        { message: null, details: { easeOfUse: 2 } },
        { message: 'Only words', details: {} },
      ]),
    );
    expect(rows.rows).toHaveLength(2);
  });
});

describe('when the mail server is down', () => {
  it('stores the message, thanks the visitor, and mails support from the job queue once the server is back', async () => {
    const smtp = await startSmtpSink();
    const config = testConfig({ SMTP_URL: smtp.url });
    const real = createMailer(config, (await import('pino')).pino({ level: 'silent' }) as never);
    let up = false;
    const mailer: Mailer = {
      mode: 'smtp',
      send: (m) => (up ? real.send(m) : Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' }))),
    };
    const clock = new TestClock();
    const t = await buildTestApp('pglite', { env: { SMTP_URL: smtp.url, JOBS_WORKER: 'false' }, mailer, clock });
    const status = async () =>
      ((await t.db.database.db.execute(sql`select mail_status from form_submissions`)) as unknown as { rows: { mail_status: string }[] }).rows.map(
        (r) => r.mail_status,
      );
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/app/contact',
        payload: { name: 'Kept', email: 'k@example.in', phone: '9876543210', message: 'Do not lose me please' },
      });
      expect(res.statusCode).toBe(200);
      expect(await t.app.jobs.runDue()).toEqual({ ran: 1, failed: 1 });
      expect(await status()).toEqual(['pending']);
      // Nothing is stranded: the job retries within its back-off and sends once the server answers.
      up = true;
      clock.advance(60_000);
      expect(await t.app.jobs.runDue()).toEqual({ ran: 1, failed: 0 });
      expect(await status()).toEqual(['sent']);
      await smtp.waitFor((m) => m.text.includes('Do not lose me please'));
      clock.advance(3600_000);
      expect(await t.app.jobs.runDue()).toEqual({ ran: 0, failed: 0 });
      expect(smtp.mails.filter((m) => m.text.includes('Do not lose me please'))).toHaveLength(1);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});
