import { expect, test, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { signUpAndSignIn } from '../support/auth.ts';
import { query } from '../support/control.ts';

// The harness runs with NODE_ENV=test, whose signing key is fixed (apps/api/src/config.ts).
const TEST_SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789');
const RESULTS = '/colleges?examType=IIT&rank=500&seatType=OPEN&gender=Male&homeState=Delhi&sportsFacility=Yes&hostelFacility=Yes&messFacility=Yes';

/** A correctly signed token whose lifetime is over: what a tab left open for an hour holds. */
async function expiredToken(email: string, username: string): Promise<string> {
  const [user] = await query<{ id: string }>(`select id from users where email = '${email}'`);
  const past = Math.floor(Date.now() / 1000) - 3600;
  return new SignJWT({ username, email })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuedAt(past - 900)
    .setExpirationTime(past)
    .sign(TEST_SECRET);
}

/** Sends the first predictor call with the expired token, as if it had run out meanwhile. */
async function expireOnFirstCall(page: Page, token: string): Promise<{ calls: number }> {
  const seen = { calls: 0 };
  await page.route('**/api/v1/college/preferences', async (route) => {
    seen.calls++;
    if (seen.calls === 1) return route.continue({ headers: { ...route.request().headers(), authorization: `Bearer ${token}` } });
    return route.continue();
  });
  return seen;
}

/** Client-side navigation: the in-memory session survives (a full load would refresh first). */
async function openInApp(page: Page, url: string) {
  await page.evaluate((u) => {
    window.history.pushState({}, '', u);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

test('an expired access token is refreshed once and the call retried', async ({ page }) => {
  await page.goto('/');
  const creds = await signUpAndSignIn(page);
  const seen = await expireOnFirstCall(page, await expiredToken(creds.email, creds.username));
  const refreshes: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/v1/auth/refresh-token')) refreshes.push(r.status());
  });
  await openInApp(page, RESULTS);
  await expect(page.getByRole('heading', { name: 'Shape Your Dreams with Us' })).toBeVisible();
  await expect(page.getByText(/Indian Institute of Technology/).first()).toBeVisible();
  expect(seen.calls).toBe(2);
  expect(refreshes).toEqual([200]);
  await expect(page.getByRole('button', { name: `Account menu for ${creds.username}` })).toBeVisible();
});

test('a refresh that fails signs out with failed to refresh access token', async ({ page }) => {
  await page.goto('/');
  const creds = await signUpAndSignIn(page);
  const seen = await expireOnFirstCall(page, await expiredToken(creds.email, creds.username));
  // The session was ended elsewhere (e.g. a password reset on another device).
  await query(`update auth_sessions set revoked_at = now() where user_id = (select id from users where email = '${creds.email}') returning id`);
  await openInApp(page, RESULTS);
  await expect(page.getByText('failed to refresh access token')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' })).toBeVisible();
  expect(seen.calls).toBeGreaterThanOrEqual(1);
});
