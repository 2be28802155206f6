import { expect, test, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { signedUpThroughApi, signIn, signUpAndSignIn } from '../support/auth.ts';
import { query } from '../support/control.ts';
import { recordCalls } from '../support/results.ts';

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

/**
 * Every toast the page raises from now on (its text when it first shows), whether or not it is still
 * on screen when asked: a toast goes after 4 s, which load can outlast between two checks.
 */
async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen = new WeakSet<Element>();
    const texts: string[] = [];
    const scan = () => {
      for (const t of document.querySelectorAll('[data-sonner-toast]')) {
        if (seen.has(t)) continue;
        seen.add(t);
        texts.push(t.textContent ?? '');
      }
    };
    new MutationObserver(scan).observe(document.body, { childList: true, subtree: true });
    (window as unknown as { shownToasts: string[] }).shownToasts = texts;
  });
  return () => page.evaluate(() => (window as unknown as { shownToasts: string[] }).shownToasts);
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
  const calls = recordCalls(page, '/api/v1/college/preferences');
  const toasts = await recordToasts(page);
  await openInApp(page, RESULTS);
  await expect.poll(toasts).toContain('failed to refresh access token');
  // Signed out: the navigation shows Login again (beneath the sign-in prompt, which hides it from the accessibility tree).
  await expect(page.getByRole('navigation', { name: 'Main', includeHidden: true }).getByRole('button', { name: 'Login', includeHidden: true })).toBeVisible();
  expect(seen.calls).toBeGreaterThanOrEqual(1);

  // One message, the sign-in prompt over the same page: no load error, no trip to /start.
  const login = page.getByRole('dialog', { name: 'Login' });
  await expect(login).toBeVisible();
  // The page under the prompt has settled: past the failed call, it shows what a visitor sees (the first 35).
  await expect(page.getByRole('list', { name: 'Colleges', includeHidden: true }).getByRole('article', { includeHidden: true })).toHaveCount(35);
  await expect(page).toHaveURL(new RegExp(`${RESULTS.replace(/[?+]/g, '\\$&')}$`));

  // Signed in again: the same results, in full.
  await signIn(page, creds);
  await expect(page).toHaveURL(new RegExp(`${RESULTS.replace(/[?+]/g, '\\$&')}$`));
  await expect(page.getByLabel('Search colleges')).toBeEnabled();
  await expect(page.getByRole('list', { name: 'Colleges' }).getByRole('article').first()).toBeVisible();
  expect(calls.at(-1)?.auth).toMatch(/^Bearer /);
  // Said once, and never the load error (the results shown now came after the failed call was handled).
  const shown = await toasts();
  expect(shown.filter((t) => t === 'failed to refresh access token')).toHaveLength(1);
  expect(shown.filter((t) => t.includes('Error loading colleges'))).toEqual([]);
});

test('a student who reloads while the refresh is slow is not shown as signed out, and keeps the results they were on', async ({ page }) => {
  const creds = await signedUpThroughApi(page, RESULTS);
  await expect(page.getByRole('list', { name: 'Colleges' }).getByRole('article').first()).toBeVisible();
  // The refresh call of the reload answers only when the test says.
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/v1/auth/refresh-token', async (route) => {
    await held;
    await route.continue();
  });
  const calls = recordCalls(page, '/api/v1/college/preferences');
  const refreshing = page.waitForRequest('**/api/v1/auth/refresh-token');
  await page.reload();
  await refreshing;
  // The page has run (its preferences show) while the refresh is under way: no Login or Signup, and no results asked for as a visitor.
  await expect(page.getByRole('region', { name: 'Your preferences' }).locator('dl')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Login' })).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'Signup' })).toHaveCount(0);
  expect(calls).toEqual([]);

  answer();
  await expect(page.getByRole('button', { name: `Account menu for ${creds.username}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${RESULTS.replace(/[?+]/g, '\\$&')}$`));
  await expect(page.getByLabel('Search colleges')).toBeEnabled();
  await expect(page.getByRole('list', { name: 'Colleges' }).getByRole('article').first()).toBeVisible();
  expect(calls.length).toBeGreaterThan(0);
  for (const c of calls) expect(c.auth).toMatch(/^Bearer /);
});

/** Console errors and failed requests of a page, and its calls to the refresh endpoint. */
function watch(page: Page) {
  const seen = { errors: [] as string[], refreshes: [] as number[] };
  page.on('console', (m) => {
    if (m.type() === 'error') seen.errors.push(m.text());
  });
  page.on('pageerror', (e) => seen.errors.push(e.message));
  page.on('response', (r) => {
    if (r.url().endsWith('/api/v1/auth/refresh-token')) seen.refreshes.push(r.status());
  });
  return seen;
}

test("a visitor's pages ask for no refresh and log no console error; the results are asked for at once", async ({ page }) => {
  const seen = watch(page);
  const order: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/v1/auth/') || path === '/api/v1/college/preferences') order.push(path);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(RESULTS);
  await expect(page.getByRole('list', { name: 'Colleges' }).getByRole('article')).toHaveCount(35);
  await page.goto('/start');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your stream' })).toBeVisible();
  await page.waitForTimeout(500);
  expect(seen.refreshes).toEqual([]);
  expect(order).toEqual(['/api/v1/college/preferences']);
  expect(seen.errors).toEqual([]);
  expect((await page.context().cookies()).map((c) => c.name)).toEqual([]);
});

test("'keep me logged in' off: the session lasts across reloads while the browser lives, in browser-session cookies", async ({ page, context }) => {
  await page.goto('/');
  const creds = await signUpAndSignIn(page, { keepLoggedIn: false });
  const cookies = await context.cookies();
  // No expiry: the browser drops both when it closes.
  expect(cookies.filter((c) => c.name === 'rw_refresh' || c.name === 'rw_session').map((c) => [c.name, c.expires])).toEqual([
    ['rw_refresh', -1],
    ['rw_session', -1],
  ]);
  const seen = watch(page);
  await page.reload();
  await expect(page.getByRole('button', { name: `Account menu for ${creds.username}` })).toBeVisible();
  await page.goto(RESULTS);
  await expect(page.getByLabel('Search colleges')).toBeEnabled();
  expect(seen.refreshes).toEqual([200, 200]);
  expect(seen.errors).toEqual([]);

  // Logging out clears the marker too: the next load asks for nothing.
  await page.getByRole('button', { name: `Account menu for ${creds.username}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' })).toBeVisible();
  expect((await context.cookies()).map((c) => c.name)).toEqual([]);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' })).toBeVisible();
  expect(seen.refreshes).toEqual([200, 200]);
});

test('a kept session (keep me logged in) carries a marker cookie of the same lifetime', async ({ page, context }) => {
  await page.goto('/');
  await signUpAndSignIn(page);
  const byName = Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
  expect(byName.rw_refresh.httpOnly).toBe(true);
  expect(byName.rw_session).toMatchObject({ value: '1', httpOnly: false, path: '/' });
  const days = (byName.rw_session.expires - Date.now() / 1000) / 86400;
  expect(days).toBeGreaterThan(29);
  expect(Math.abs(byName.rw_session.expires - byName.rw_refresh.expires)).toBeLessThan(5);
});
