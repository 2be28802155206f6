import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { users } from '../src/db/schema/auth.ts';
import { startSmtpSink } from './helpers/smtp-sink.ts';
import { testConfig } from './helpers/test-app.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './helpers/test-database.ts';

/**
 * Issue 14 item 7: a full run of the sign-up, sign-in, refresh, reset and Google flows, a failed
 * query with personal data in its parameters and a Google callback URL, with the app logging at
 * debug level into a buffer; then every secret used is looked for in what was logged.
 */
describe.each(databaseKinds)('no secrets in the logs on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let oidc: OAuth2Server;
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const lines: string[] = [];
  const secrets: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpSink();
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(0, '127.0.0.1');
    db = await createTestDatabase(kind);
    const config = testConfig({
      SMTP_URL: smtp.url,
      GOOGLE_ISSUER: oidc.issuer.url!,
      GOOGLE_CLIENT_ID: 'rankwise-logs',
      GOOGLE_CLIENT_SECRET: 'google-client-secret-value',
      PUBLIC_URL: 'http://localhost:3000',
      ADDRESS_RATE_LIMIT_FACTOR: '100',
    });
    secrets.push('google-client-secret-value', config.JWT_SECRET);
    const stream = new Writable({ write: (chunk, _e, cb) => (lines.push(String(chunk)), cb()) });
    app = await buildApp(config, { database: db.database, logger: { level: 'debug', stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
    await oidc.stop();
    await smtp.close();
  });

  const post = (url: string, payload?: object, cookie?: string) =>
    app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers: cookie ? { cookie } : {} });
  const cookieOf = (res: { cookies: { name: string; value: string }[] }) => {
    const c = res.cookies.find((x) => x.name === 'rw_refresh')!;
    secrets.push(c.value);
    return `rw_refresh=${c.value}`;
  };
  const signUp = async (username: string, email: string) => {
    expect((await post('/auth/verify-account', { username, email })).statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('verification code'));
    const otp = /\b(\d{6})\b/.exec(mail.text)![1];
    secrets.push(otp);
    return otp;
  };

  it('runs every auth flow', async () => {
    const email = 'priya.secret@example.in';
    const password = 'priyas-own-password-7';
    secrets.push(email, password);
    const otp = await signUp('priya_k', email);
    expect((await post('/auth/register', { username: 'priya_k', email, password, otp })).statusCode).toBe(201);

    const login = await post('/auth/login', { email, password, persist: true });
    expect(login.statusCode).toBe(200);
    secrets.push(login.json().accessToken);
    const wrong = 'a-wrong-password-guess-9';
    secrets.push(wrong);
    expect((await post('/auth/login', { email, password: wrong })).statusCode).toBe(401);
    expect((await post('/auth/login', { email: 'unknown.person@example.in', password: wrong })).statusCode).toBe(401);
    secrets.push('unknown.person@example.in');

    const refreshed = await post('/auth/refresh-token', undefined, cookieOf(login));
    expect(refreshed.statusCode).toBe(200);
    secrets.push(refreshed.json().accessToken);
    cookieOf(refreshed);

    expect((await post('/auth/forgot-password', { email })).statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('Reset'));
    const token = /\/auth\/verify-reset-token\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const newPassword = 'priyas-next-password-8';
    secrets.push(token, newPassword);
    // The reset page's own address carries the token, as the browser asks for it.
    await app.inject({ method: 'GET', url: `/auth/verify-reset-token/${token}` });
    expect((await post('/auth/verify-reset-token', { token })).statusCode).toBe(200);
    expect((await post('/auth/reset-password', { token, newPassword })).statusCode).toBe(200);

    // Google: the provider redirects the browser to the site with the code in the query, then the page posts it.
    const googleCode = 'google-authorization-code-4f9a2c';
    secrets.push(googleCode, 'meera.secret@gmail.com');
    await app.inject({ method: 'GET', url: `/auth/google/callback?code=${googleCode}&state=abc123state` });
    const set = (t: { payload: object }) =>
      Object.assign(t.payload, { sub: 'g-logs', email: 'meera.secret@gmail.com', email_verified: true, aud: 'rankwise-logs' });
    oidc.service.on('beforeTokenSigning', set);
    try {
      expect((await post('/auth/google', { code: googleCode })).statusCode).toBe(200);
    } finally {
      oidc.service.off('beforeTokenSigning', set);
    }

    // A query that fails with personal data in its parameters: the username taken between the code and
    // the registration (its insert carries the e-mail and the new password's argon2id hash).
    const late = 'late.comer.secret@example.in';
    const latePassword = 'late-comers-password-3';
    secrets.push(late, latePassword);
    const lateOtp = await signUp('taken_later', late);
    await db.database.db.insert(users).values({ username: 'taken_later', email: 'first.one.secret@example.in' });
    secrets.push('first.one.secret@example.in');
    expect((await post('/auth/register', { username: 'taken_later', email: late, password: latePassword, otp: lateOtp })).statusCode).toBe(409);

    // The contact form: a phone number and an address; and the same in a query that fails.
    const phone = '9812345670';
    secrets.push(phone, 'asker.secret@example.in');
    const contact = { name: 'Asker', email: 'asker.secret@example.in', phone, message: 'Please call me back about NIT Goa.' };
    expect((await post('/app/contact', contact)).statusCode).toBe(200);
    const failed = await db.database.db.execute(sql`select ${phone}::int as n, ${'asker.secret@example.in'}::uuid as id`).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(Error);
    app.log.error({ err: failed }, 'a failed query, logged as the error handler logs one');
  });

  it('never logged any of them', async () => {
    // Let the queued mails' log lines land.
    await new Promise((r) => setTimeout(r, 200));
    const all = lines.join('');
    expect(all).toContain('a failed query');
    // The refused insert is logged with its error (a unique violation), not its values.
    expect(lines.find((l) => l.includes('registration refused'))).toMatch(/"code":"23505"/);
    expect(all).toContain('/auth/google/callback?[redacted]');
    expect(all).toContain('/auth/verify-reset-token/[redacted]');
    expect(all).not.toContain('$argon2id$');
    for (const s of new Set(secrets)) {
      // Six-digit codes only as a number of their own (a timestamp may hold the same digits).
      const found = /^\d+$/.test(s) ? new RegExp(`(?<![\\d.])${s}(?![\\d.])`).test(all) : all.includes(s);
      expect(found, `logged: ${s.slice(0, 6)}…`).toBe(false);
    }
  });
});
