import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/auth.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';
import { databaseKinds } from './helpers/test-database.ts';

type Cookie = { name: string; value: string; maxAge?: number; httpOnly?: boolean; path?: string; sameSite?: string; expires?: Date };

// Issue 15: the web app asks for a silent refresh only when the readable marker cookie says a
// session may exist; it must live and die with the httpOnly refresh cookie.
describe.each(databaseKinds)('the session marker cookie on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    await t.db.database.db.insert(users).values({ username: 'marker_m', email: 'marker@example.in', passwordHash: await hash('correct-horse-9') });
  });
  afterAll(async () => t.close());

  const post = (url: string, payload?: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/auth${url}`, payload, remoteAddress: '10.9.0.1', headers: cookie ? { cookie } : {} });
  const cookies = (res: { cookies: Cookie[] }) => Object.fromEntries(res.cookies.map((c) => [c.name, c]));
  const refreshOf = (res: { cookies: Cookie[] }) => `rw_refresh=${cookies(res).rw_refresh.value}`;

  it.each([
    [true, 30 * 24 * 3600],
    [false, undefined],
  ])('login with persist=%s sets rw_session=1 beside the refresh cookie, readable, with the same lifetime', async (persist, maxAge) => {
    const login = await post('/login', { email: 'marker@example.in', password: 'correct-horse-9', persist });
    expect(login.statusCode).toBe(200);
    const c = cookies(login);
    expect(c.rw_refresh).toMatchObject({ httpOnly: true, path: '/api/v1/auth' });
    expect(c.rw_session).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(c.rw_session.httpOnly).toBeFalsy();
    expect(c.rw_refresh.maxAge).toBe(maxAge);
    expect(c.rw_session.maxAge).toBe(maxAge);

    // A refresh renews both, keeping the kind of session.
    const r = await post('/refresh-token', undefined, refreshOf(login));
    expect(r.statusCode).toBe(200);
    expect(cookies(r).rw_session.value).toBe('1');
    expect(cookies(r).rw_session.maxAge).toBe(maxAge);
    // Logout clears both.
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', remoteAddress: '10.9.0.1', headers: { cookie: refreshOf(r) } });
    expect(out.statusCode).toBe(200);
    expect(cookies(out).rw_refresh.value).toBe('');
    expect(cookies(out).rw_session).toMatchObject({ value: '', path: '/' });
  });

  it('a failed refresh clears the marker, so the page stops asking', async () => {
    const res = await post('/refresh-token', undefined, 'rw_refresh=not-a-session; rw_session=1');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('failed to refresh access token');
    expect(cookies(res).rw_session).toMatchObject({ value: '', path: '/' });
    expect(cookies(res).rw_session.expires!.getTime()).toBeLessThan(Date.now());
  });
});
