import { afterAll, beforeAll, expect, it } from 'vitest';
import { signAccessToken } from '../src/plugins/auth.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * The auth plugin keeps the tokens it has verified (plugins/auth.ts): a kept token still expires on
 * time, and a token that differs in anything (here its signature) is checked afresh.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp('pglite');
});
afterAll(() => t?.close());

const page2 = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/college/preferences',
    payload: { rank: 5000, examType: '', seatType: 'OPEN', gender: 'Male', homeState: 'Goa', page: 2 },
    headers: { authorization: `Bearer ${token}` },
  });

it('a verified token kept by the server still expires on time', async () => {
  const token = await signAccessToken(t.config, { id: 'student-1', username: 'student', email: 'student@example.in' }, 2);
  expect((await page2(token)).statusCode).toBe(200);
  expect((await page2(token)).statusCode).toBe(200);
  // Past its expiry (whole seconds): the same token is refused as expired.
  await new Promise((r) => setTimeout(r, 3100));
  const stale = await page2(token);
  expect(stale.statusCode).toBe(403);
  expect(stale.json().code).toBe('ACCESS_TOKEN_EXPIRED');
});

it('a token with a changed signature is refused after the genuine one was kept', async () => {
  const token = await signAccessToken(t.config, { id: 'student-2', username: 'student2', email: 'student2@example.in' });
  expect((await page2(token)).statusCode).toBe(200);
  // A character inside the signature (the last one carries padding bits).
  const i = token.length - 10;
  const forged = token.slice(0, i) + (token[i] === 'A' ? 'Q' : 'A') + token.slice(i + 1);
  expect((await page2(forged)).statusCode).toBe(401);
});
