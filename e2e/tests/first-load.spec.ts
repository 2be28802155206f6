import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';

/** Issue 15: what a student's phone gets on the first visit, before and after the JavaScript runs. */

const prerendered: [path: string, heading: string, title: string][] = [
  ['/', 'Get your dream college in 4 clicks', 'Rankwise: a data-driven college advisor'],
  ['/about', 'About Us', 'About us · Rankwise'],
  ['/faq', 'Frequently Asked Questions', 'FAQ · Rankwise'],
  ['/contact', 'Contact Us', 'Contact us · Rankwise'],
  ['/start', 'Choose your stream', 'College predictor · Rankwise'],
];

/** Console errors and warnings, except failed requests (a visitor's silent refresh answers 401: another change's business). */
function watchConsole(page: Page): string[] {
  const seen: string[] = [];
  const keep = (m: ConsoleMessage) => (m.type() === 'error' || m.type() === 'warning') && !m.text().startsWith('Failed to load resource');
  page.on('console', (m) => keep(m) && seen.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => seen.push(`pageerror: ${e.message}`));
  return seen;
}

for (const [path, heading, title] of prerendered) {
  test(`${path} arrives as HTML with its heading and title, and hydrates without a mismatch`, async ({ page, request }) => {
    // The HTML as the server sends it: no JavaScript has run.
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    expect(html).toContain(`<title>${title.replace(/&/g, '&amp;')}</title>`);
    expect(html).toContain('<html lang="en">');

    const errors = watchConsole(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(title);
    // Hydrated: the page reacts (the footer's links are React Router links, the nav's Login opens the dialog).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test('the landing hero is on screen with JavaScript switched off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Get your dream college in 4 clicks' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'College Predictor' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Rankwise Education Technologies Private Limited');
  await context.close();
});

test('each page sets its own title and description, on navigation too', async ({ page }) => {
  await page.goto('/');
  const description = () => page.locator('meta[name="description"]').getAttribute('content');
  const landingDescription = await description();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveTitle('About us · Rankwise');
  await expect.poll(description).not.toBe(landingDescription);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveTitle('Privacy policy · Rankwise');
  await page.goBack();
  await expect(page).toHaveTitle('About us · Rankwise');
  // A page that is not prerendered gets its title once its code runs.
  await page.goto('/colleges?examType=MAINS&rank=20000&seatType=OPEN&gender=Male&homeState=Maharashtra&sportsFacility=Yes&hostelFacility=Yes&messFacility=Yes');
  await expect(page).toHaveTitle('Your engineering colleges · Rankwise');
  await page.goto('/no-such-page');
  await expect(page).toHaveTitle('Page not found · Rankwise');
});

test('the landing page loads none of the other pages, modals or the toasts until asked', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Get your dream college in 4 clicks' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const names = scripts.map((s) => s.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, ''));
  expect(names).toContain('landing-page');
  for (const other of ['colleges-page', 'start-page', 'login-modal', 'start-modal', 'account-menu', 'mobile-menu', 'zod', 'sonner']) {
    expect(
      names.some((n) => n.startsWith(other)),
      `${other} loaded on the landing page: ${names.join(', ')}`,
    ).toBe(false);
  }
  // Asked for: the start dialog's code comes when the button is pressed.
  await page.getByRole('button', { name: 'College Predictor' }).click();
  await expect(page.getByRole('dialog', { name: 'Get started' })).toBeVisible();
  expect(scripts.some((s) => s.includes('start-modal'))).toBe(true);
});

test('a missing script answers 404 and robots.txt is a robots file', async ({ request }) => {
  const missing = await request.get('/assets/index-NoSuchChunk.js');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).not.toContain('<div id="root">');
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toMatch(/^User-agent: \*\nAllow: \/\nDisallow: \/api\/\n/);
});

/** The layout shifts of a page load (CLS as the browser counts it: shifts not caused by input). */
async function layoutShift(page: Page, url: string): Promise<number> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url);
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}

const RESULTS = [
  '/colleges?examType=MAINS&rank=20000&seatType=OPEN&gender=Male&homeState=Maharashtra&sportsFacility=Yes&hostelFacility=Yes&messFacility=Yes',
  '/medical-colleges?rank=5000&category=General&quota=All+India',
];
for (const url of RESULTS) {
  for (const [width, height] of [
    [1350, 940],
    [412, 823],
    [390, 844],
  ]) {
    test(`${url.split('?')[0]} does not shift while its results arrive (${width}×${height})`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      // Was 0.97 on a desktop (issue 15): the footer and the controls jumped when the cards came. Was 0.07-0.15 on a
      // phone (issue 25): the band-range legend, the count sentence and the cards' range lines arrived after the frame.
      expect(await layoutShift(page, url)).toBeLessThan(0.05);
    });
  }
}

test('a results page shows its heading in the HTML itself, and the cards replace the frame', async ({ page, request }) => {
  const html = await (await request.get(RESULTS[0])).text();
  expect(html).toMatch(/<h1[^>]*>Shape Your Dreams with Us<\/h1>/);
  expect(html).toContain('data-testid="results-skeleton"');
  const errors = watchConsole(page);
  await page.goto(RESULTS[0]);
  await expect(page.getByRole('list', { name: 'Colleges' }).getByRole('article')).toHaveCount(35);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByTestId('results-skeleton')).toHaveCount(0);
  expect(errors).toEqual([]);
});
