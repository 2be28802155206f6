import { hash as argonHash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { users } from '../src/db/schema/auth.ts';
import { TestClock } from '../src/lib/clock.ts';
import { startSmtpSink } from './helpers/smtp-sink.ts';
import { testConfig } from './helpers/test-app.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './helpers/test-database.ts';

/** Issue 14 item 6: refresh from two tabs, access tokens that end with their session, logout only from this site, bodiless calls. */
type App = Awaited<ReturnType<typeof buildApp>>;
type Res = Awaited<ReturnType<App['inject']>>;

const PUBLIC_URL = 'http://localhost:3000';
const ENDED = { code: 'ACCESS_TOKEN_EXPIRED', message: 'Your session has ended. Please sign in again.' };

describe.each(databaseKinds)('sessions on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let db: TestDatabase;
  let app: App;
  const clock = new TestClock();
  const config = testConfig({ PUBLIC_URL, ADDRESS_RATE_LIMIT_FACTOR: '100' });
  let n = 0;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    db = await createTestDatabase(kind);
    app = await buildApp({ ...config, SMTP_URL: smtp.url }, { database: db.database, clock });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
    await smtp.close();
  });

  const cookieOf = (res: Res) => {
    const c = res.cookies.find((x) => x.name === 'rw_refresh');
    return c ? `rw_refresh=${c.value}` : '';
  };
  const post = (target: App, url: string, opts: { cookie?: string; payload?: object; headers?: Record<string, string> } = {}) =>
    target.inject({
      method: 'POST',
      url: `/api/v1/auth${url}`,
      payload: opts.payload,
      headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
    });
  /** A user-only call: 200 with a live access token. */
  const me = (target: App, token: string) => target.inject({ method: 'GET', url: '/api/v1/counselor/me', headers: { authorization: `Bearer ${token}` } });
  const newAccount = async () => {
    const i = n++;
    const email = `tab${i}@example.in`;
    await db.database.db.insert(users).values({ username: `tab_user_${i}`, email, passwordHash: await argonHash('tab-password-1') });
    return email;
  };
  const login = async (email: string, target = app) => {
    const res = await post(target, '/login', { payload: { email, password: 'tab-password-1' } });
    expect(res.statusCode).toBe(200);
    return { cookie: cookieOf(res), token: res.json().accessToken as string };
  };

  it('two tabs refreshing with the same cookie at once both succeed with the same new cookie, and the session goes on', async () => {
    const first = await login(await newAccount());
    const [a, b] = await Promise.all([post(app, '/refresh-token', { cookie: first.cookie }), post(app, '/refresh-token', { cookie: first.cookie })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(cookieOf(a)).toBe(cookieOf(b));
    expect(cookieOf(a)).not.toBe(first.cookie);
    expect((await me(app, a.json().accessToken)).statusCode).toBe(200);
    expect((await me(app, b.json().accessToken)).statusCode).toBe(200);
    const next = await post(app, '/refresh-token', { cookie: cookieOf(a) });
    expect(next.statusCode).toBe(200);
    expect((await me(app, next.json().accessToken)).statusCode).toBe(200);
  });

  it('the old cookie again within the grace period gets the same successor; after it, or once the successor moved on, it ends the family', async () => {
    // Within 30 s, one rotation on: the other tab catches up.
    const s = await login(await newAccount());
    const r1 = await post(app, '/refresh-token', { cookie: s.cookie });
    const late = await post(app, '/refresh-token', { cookie: s.cookie });
    expect([late.statusCode, cookieOf(late)]).toEqual([200, cookieOf(r1)]);

    // After the grace period: reuse. The whole family ends, the newest cookie and access token too.
    clock.advance(31_000);
    const replay = await post(app, '/refresh-token', { cookie: s.cookie });
    expect([replay.statusCode, replay.json().message]).toEqual([401, 'failed to refresh access token']);
    expect((await post(app, '/refresh-token', { cookie: cookieOf(r1) })).statusCode).toBe(401);
    const ended = await me(app, r1.json().accessToken);
    expect([ended.statusCode, ended.json()]).toEqual([403, ENDED]);

    // Within the grace period, but its successor has itself been rotated: reuse as well.
    const t = await login(await newAccount());
    const t1 = await post(app, '/refresh-token', { cookie: t.cookie });
    const t2 = await post(app, '/refresh-token', { cookie: cookieOf(t1) });
    expect((await post(app, '/refresh-token', { cookie: t.cookie })).statusCode).toBe(401);
    expect((await post(app, '/refresh-token', { cookie: cookieOf(t2) })).statusCode).toBe(401);
  });

  it('an access token stops working at logout, at once', async () => {
    const s = await login(await newAccount());
    expect((await me(app, s.token)).statusCode).toBe(200);
    expect((await post(app, '/logout', { cookie: s.cookie })).statusCode).toBe(200);
    const after = await me(app, s.token);
    expect([after.statusCode, after.json()]).toEqual([403, ENDED]);
  });

  it('an access token stops working when the password is reset', async () => {
    const email = await newAccount();
    const s = await login(email);
    expect((await post(app, '/forgot-password', { payload: { email } })).statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('Reset'));
    const token = /\/auth\/verify-reset-token\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    expect((await post(app, '/reset-password', { payload: { token, newPassword: 'another-password-1' } })).statusCode).toBe(200);
    expect((await me(app, s.token)).statusCode).toBe(403);
  });

  it('another instance refuses the token of a session ended elsewhere once it reloads (every few seconds), and a deleted account’s token too', async () => {
    const other = await buildApp(config, { database: db.database, clock });
    await other.ready();
    try {
      const s = await login(await newAccount());
      expect((await me(other, s.token)).statusCode).toBe(200);
      expect((await post(app, '/logout', { cookie: s.cookie })).statusCode).toBe(200);
      expect((await me(app, s.token)).statusCode).toBe(403);
      // What the other instance's poll does every REVOCATION_POLL_MS.
      await other.revokedSessions.refresh();
      expect((await me(other, s.token)).statusCode).toBe(403);

      const email = await newAccount();
      const d = await login(email);
      await db.database.db.delete(users).where(eq(users.email, email));
      await app.revokedSessions.refresh();
      const gone = await me(app, d.token);
      expect([gone.statusCode, gone.json()]).toEqual([403, ENDED]);
    } finally {
      await other.close();
    }
  });

  it('refuses a token without an expiry (401) and one without a session id (403: the client refreshes)', async () => {
    const key = new TextEncoder().encode(app.config.JWT_SECRET);
    const [u] = await db.database.db.select().from(users).limit(1);
    const claims = { username: u.username, email: u.email };
    const noExp = await new SignJWT({ ...claims, sid: crypto.randomUUID() }).setProtectedHeader({ alg: 'HS256' }).setSubject(u.id).setIssuedAt().sign(key);
    const res = await me(app, noExp);
    expect([res.statusCode, res.json().message]).toEqual([401, 'Invalid access token. Please sign in again.']);
    const noSid = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(u.id).setIssuedAt().setExpirationTime('5m').sign(key);
    expect((await me(app, noSid)).json().code).toBe('ACCESS_TOKEN_EXPIRED');
  });

  it('GET /auth/logout works only from this site; POST /auth/logout is refused only from another', async () => {
    const attempts: [Record<string, string>, number][] = [
      [{ 'sec-fetch-site': 'cross-site' }, 403],
      [{ 'sec-fetch-site': 'same-site' }, 403],
      [{ origin: 'https://evil.example' }, 403],
      [{ referer: 'https://evil.example/page' }, 403],
      [{}, 403],
      [{ 'sec-fetch-site': 'same-origin' }, 200],
      [{ origin: PUBLIC_URL }, 200],
      [{ referer: `${PUBLIC_URL}/colleges` }, 200],
    ];
    for (const [headers, status] of attempts) {
      const s = await login(await newAccount());
      const out = await app.inject({ method: 'GET', url: '/api/v1/auth/logout', headers: { cookie: s.cookie, ...headers } });
      expect([JSON.stringify(headers), out.statusCode]).toEqual([JSON.stringify(headers), status]);
      if (status === 403) {
        expect(out.json().message).toBe('Logout must come from this site. Please use the Logout button.');
        // Nothing happened: the session lives on.
        expect((await me(app, s.token)).statusCode).toBe(200);
        expect((await post(app, '/refresh-token', { cookie: s.cookie })).statusCode).toBe(200);
      } else {
        expect((await post(app, '/refresh-token', { cookie: s.cookie })).statusCode).toBe(401);
      }
    }
    const s = await login(await newAccount());
    expect((await post(app, '/logout', { cookie: s.cookie, headers: { origin: 'https://evil.example' } })).statusCode).toBe(403);
    expect((await post(app, '/logout', { cookie: s.cookie, headers: { 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(403);
    const out = await post(app, '/logout', { cookie: s.cookie });
    expect([out.statusCode, out.json()]).toEqual([200, { message: 'Logged out successfully' }]);
    expect(out.cookies.find((c) => c.name === 'rw_refresh')!.value).toBe('');
  });

  it('accepts an empty body sent as application/json on the bodiless calls', async () => {
    const s = await login(await newAccount());
    const json = { 'content-type': 'application/json' };
    const refreshed = await app.inject({ method: 'POST', url: '/api/v1/auth/refresh-token', headers: { ...json, cookie: s.cookie }, payload: '' });
    expect(refreshed.statusCode).toBe(200);
    const noCookie = await app.inject({ method: 'POST', url: '/api/v1/auth/refresh-token', headers: json, payload: '' });
    expect([noCookie.statusCode, noCookie.json().message]).toEqual([401, 'failed to refresh access token']);
    const out = await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { ...json, cookie: cookieOf(refreshed) }, payload: '' });
    expect(out.statusCode).toBe(200);
    // A call that needs a body still says what is wrong with a missing one.
    const missing = await app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: json, payload: '' });
    expect(missing.statusCode).toBe(400);
    // Malformed JSON is still refused as such.
    const broken = await app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: json, payload: '{"email":' });
    expect([broken.statusCode, broken.json().message]).toEqual([400, 'The request body must be valid JSON.']);
  });
});
