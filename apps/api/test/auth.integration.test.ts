import { Writable } from 'node:stream';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { signAccessToken } from '../src/plugins/auth.ts';
import { startSmtpSink } from './helpers/smtp-sink.ts';
import { testConfig } from './helpers/test-app.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './helpers/test-database.ts';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

describe.each(databaseKinds)('accounts and sessions on %s', (kind) => {
  let smtp: Sink;
  let oidc: OAuth2Server;
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const logs: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpSink();
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(0, '127.0.0.1');
    const config = testConfig({
      SMTP_URL: smtp.url,
      GOOGLE_ISSUER: oidc.issuer.url!,
      GOOGLE_CLIENT_ID: 'rankwise-test',
      GOOGLE_CLIENT_SECRET: 'secret',
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'info',
      TRUST_PROXY: '1',
    });
    db = await createTestDatabase(kind);
    const sink = new Writable({ write: (chunk, _e, cb) => (logs.push(String(chunk)), cb()) });
    app = await buildApp(config, {
      database: db.database,
      logger: { level: 'info', stream: sink, redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'] } as never,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
    await oidc.stop();
    await smtp.close();
  });

  const post = (url: string, payload?: object, cookie?: string, ip = '10.0.0.1') =>
    app.inject({ method: 'POST', url: `/api/v1/auth${url}`, payload, headers: { ...(cookie ? { cookie } : {}), 'x-forwarded-for': ip } });
  const cookieOf = (res: { cookies: { name: string; value: string }[] }) => {
    const c = res.cookies.find((x) => x.name === 'rw_refresh');
    return c ? `rw_refresh=${c.value}` : '';
  };
  const codeFor = async (email: string) => {
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('verification code'));
    return /\b(\d{6})\b/.exec(mail.text)![1];
  };
  const secrets: string[] = [];

  async function registerUser(username: string, email: string, password: string) {
    const v = await post('/verify-account', { username, email });
    expect(v.statusCode).toBe(200);
    const otp = await codeFor(email);
    secrets.push(otp, password);
    const r = await post('/register', { username, email, password, otp });
    expect(r.statusCode).toBe(201);
    smtp.mails.length = 0;
  }

  it('register → login → refresh rotates → reuse detected revokes the family → logout', async () => {
    await registerUser('asha_r', 'asha@example.in', 'correct-horse-1');
    const login = await post('/login', { email: 'Asha@Example.in', password: 'correct-horse-1', persist: true });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body.user).toEqual({ username: 'asha_r', email: 'asha@example.in', profilePicture: null });
    expect(body.data).toEqual({ user: body.user, accessToken: body.accessToken });
    const cookie = login.cookies.find((c) => c.name === 'rw_refresh')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/auth' });
    expect(cookie.maxAge).toBe(30 * 24 * 3600);
    secrets.push(cookie.value, body.accessToken);

    const r1 = await post('/refresh-token', undefined, cookieOf(login));
    expect(r1.statusCode).toBe(200);
    expect(cookieOf(r1)).not.toBe(cookieOf(login));
    const r2 = await post('/refresh-token', undefined, cookieOf(r1));
    expect(r2.statusCode).toBe(200);
    // The first cookie again: a replay. The whole family is revoked, so even the newest fails.
    const replay = await post('/refresh-token', undefined, cookieOf(login));
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('failed to refresh access token');
    expect((await post('/refresh-token', undefined, cookieOf(r2))).statusCode).toBe(401);

    const again = await post('/login', { email: 'asha@example.in', password: 'correct-horse-1', persist: false });
    expect(again.cookies.find((c) => c.name === 'rw_refresh')!.maxAge).toBeUndefined();
    // As a browser sends it from the site's own page (GET from elsewhere is refused: auth-hardening tests).
    const out = await app.inject({ method: 'GET', url: '/api/v1/auth/logout', headers: { cookie: cookieOf(again), 'sec-fetch-site': 'same-origin' } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'rw_refresh')!.value).toBe('');
    expect((await post('/refresh-token', undefined, cookieOf(again))).statusCode).toBe(401);
  });

  it('answers an expired access token with 403 Access token expired; refresh then works', async () => {
    const login = await post('/login', { email: 'asha@example.in', password: 'correct-horse-1' });
    const expired = await signAccessToken(app.config, { id: 'x', username: 'asha_r', email: 'asha@example.in' }, -5);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/college/preferences',
      payload: { rank: 1, examType: 'IIT', seatType: 'OPEN', gender: 'Male', homeState: 'Goa' },
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Access token expired');
    const fresh = await post('/refresh-token', undefined, cookieOf(login));
    const retry = await app.inject({
      method: 'POST',
      url: '/api/v1/college/preferences',
      payload: { rank: 1, examType: 'IIT', seatType: 'OPEN', gender: 'Male', homeState: 'Goa' },
      headers: { authorization: `Bearer ${fresh.json().accessToken}` },
    });
    expect(retry.statusCode).toBe(200);
  });

  it('rejects wrong codes, locks after 5, and refuses duplicates with 409', async () => {
    expect((await post('/verify-account', { username: 'ravi', email: 'ravi@example.in' }, undefined, '10.0.0.2')).statusCode).toBe(200);
    const otp = await codeFor('ravi@example.in');
    const wrong = otp === '000000' ? '111111' : '000000';
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push(
        (await post('/register', { username: 'ravi', email: 'ravi@example.in', password: 'long-enough-pw', otp: wrong }, undefined, `10.1.0.${i}`)).statusCode,
      );
    expect(codes).toEqual([400, 400, 400, 400, 429]);
    const locked = await post('/register', { username: 'ravi', email: 'ravi@example.in', password: 'long-enough-pw', otp }, undefined, '10.1.0.9');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many wrong codes. Please request a new code.');
    // A new code at most once a minute.
    const soon = await post('/verify-account', { username: 'ravi', email: 'ravi@example.in' }, undefined, '10.0.0.3');
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/);

    // Issue 14: a used e-mail answers like a new one (its owner gets a mail saying so); a used name may say so.
    const dupEmail = await post('/verify-account', { username: 'someone_else', email: 'asha@example.in' }, undefined, '10.0.0.4');
    expect([dupEmail.statusCode, dupEmail.json().message]).toEqual([200, 'A 6-digit verification code has been sent to your e-mail.']);
    await smtp.waitFor((m) => m.to.includes('asha@example.in') && m.subject === 'You already have a Rankwise account');
    const dupName = await post('/verify-account', { username: 'ASHA_R', email: 'new@example.in' }, undefined, '10.0.0.5');
    expect(dupName.statusCode).toBe(409);
  });

  it('validates with the spec messages', async () => {
    const bad = await post('/register', { username: '', email: 'x', password: 'short', otp: '12' }, undefined, '10.0.0.6');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      username: ['Username is required'],
      email: ['Please enter a valid email address'],
      password: ['Password must be at least 8 characters long'],
      otp: ['Please enter the 6-digit code'],
    });
    const login = await post('/login', {}, undefined, '10.0.0.7');
    expect(login.json().fieldErrors).toEqual({ email: ['Email is required'], password: ['Password is required'] });
    const wrong = await post('/login', { email: 'asha@example.in', password: 'nope-nope-nope' }, undefined, '10.0.0.8');
    const unknown = await post('/login', { email: 'ghost@example.in', password: 'nope-nope-nope' }, undefined, '10.0.0.8');
    expect([wrong.statusCode, wrong.json().message]).toEqual([401, 'Invalid email or password']);
    expect([unknown.statusCode, unknown.json().message]).toEqual([401, 'Invalid email or password']);
  });

  it('resets a password with a single-use link that signs out every session; unknown addresses look the same', async () => {
    const session = await post('/login', { email: 'asha@example.in', password: 'correct-horse-1' }, undefined, '10.0.1.1');
    const known = await post('/forgot-password', { email: 'asha@example.in' }, undefined, '10.0.1.2');
    const unknown = await post('/forgot-password', { email: 'nobody@example.in' }, undefined, '10.0.1.3');
    expect([known.statusCode, known.json()]).toEqual([unknown.statusCode, unknown.json()]);
    const mail = await smtp.waitFor((m) => m.to.includes('asha@example.in') && m.subject.includes('Reset'));
    expect(smtp.mails.some((m) => m.to.includes('nobody@example.in'))).toBe(false);
    const token = /\/auth\/verify-reset-token\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    secrets.push(token);
    expect(mail.text).toContain(`http://localhost:3000/auth/verify-reset-token/${token}`);
    expect((await post('/verify-reset-token', { token }, undefined, '10.0.1.4')).json()).toMatchObject({ valid: true, data: { valid: true } });
    expect((await post('/reset-password', { token, newPassword: 'short' }, undefined, '10.0.1.5')).json().fieldErrors).toEqual({
      newPassword: ['Password must be at least 8 characters long'],
    });
    const ok = await post('/reset-password', { token, password: 'brand-new-pass' }, undefined, '10.0.1.6');
    expect(ok.json()).toEqual({ message: 'Password changed successfully' });
    secrets.push('brand-new-pass');
    expect((await post('/reset-password', { token, newPassword: 'another-pass-1' }, undefined, '10.0.1.7')).statusCode).toBe(400);
    expect((await post('/verify-reset-token', { token }, undefined, '10.0.1.8')).json().valid).toBe(false);
    expect((await post('/refresh-token', undefined, cookieOf(session), '10.0.1.9')).statusCode).toBe(401);
    expect((await post('/login', { email: 'asha@example.in', password: 'correct-horse-1' }, undefined, '10.0.2.1')).statusCode).toBe(401);
    expect((await post('/login', { email: 'asha@example.in', password: 'brand-new-pass' }, undefined, '10.0.2.2')).statusCode).toBe(200);
  });

  it('signs in with Google through the OpenID provider, creating the account once', async () => {
    // The provider signs an access token and an ID token per exchange: set the claims on both.
    const withClaims = async <T>(claims: object, fn: () => Promise<T>) => {
      const set = (token: { payload: object }) => Object.assign(token.payload, claims);
      oidc.service.on('beforeTokenSigning', set);
      try {
        return await fn();
      } finally {
        oidc.service.off('beforeTokenSigning', set);
      }
    };
    const meera = { sub: 'g-123', email: 'Meera@Gmail.com', email_verified: true, name: 'Meera Iyer', aud: 'rankwise-test' };
    const first = await withClaims(meera, () => post('/google', { code: 'any-code' }, undefined, '10.0.3.1'));
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toEqual({ username: 'MeeraIyer', email: 'meera@gmail.com', profilePicture: null });
    expect((await withClaims(meera, () => post('/google', { code: 'again' }, undefined, '10.0.3.2'))).json().user.username).toBe('MeeraIyer');
    const unverified = await withClaims({ ...meera, sub: 'g-999', email: 'x@gmail.com', email_verified: false }, () =>
      post('/google', { code: 'c' }, undefined, '10.0.3.4'),
    );
    expect(unverified.statusCode).toBe(401);
    oidc.service.once('beforeResponse', (res) => {
      res.statusCode = 400;
      res.body = { error: 'invalid_grant' };
    });
    const bad = await post('/google', { code: 'bad' }, undefined, '10.0.3.3');
    expect([bad.statusCode, bad.json().message]).toEqual([401, 'Failed to login with google. Please try again later.']);
    const cfg = await app.inject({ method: 'GET', url: '/api/v1/app/config' });
    expect(cfg.json().google).toEqual({ authorizationUrl: `${oidc.issuer.url}/authorize`, clientId: 'rankwise-test' });
  });

  it('rate-limits sign-in attempts per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await post('/login', { email: `r${i}@example.in`, password: 'whatever-1' }, undefined, '10.9.9.9')).statusCode);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
  });

  it('never writes a password, code or token to the logs', () => {
    const all = logs.join('\n');
    expect(all.length).toBeGreaterThan(0);
    for (const s of secrets) expect(all.includes(s), `leaked ${s.slice(0, 4)}…`).toBe(false);
  });
});
