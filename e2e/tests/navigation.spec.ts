import { expect, test } from '@playwright/test';
import { signUpAndSignIn } from '../support/auth.ts';

test('the navigation has the spec links and turns sticky after 13% of the viewport', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/about');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Home', 'About', 'FAQS', 'Contact us', 'Upcoming-Features']) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Signup' })).toBeVisible();
  const header = page.locator('header[data-sticky]');
  await expect(header).toHaveAttribute('data-sticky', 'false');
  await page.evaluate(() => window.scrollTo(0, 0.1 * window.innerHeight));
  await expect(header).toHaveAttribute('data-sticky', 'false');
  await page.evaluate(() => window.scrollTo(0, 0.2 * window.innerHeight));
  await expect(header).toHaveAttribute('data-sticky', 'true');
  await expect(header).toHaveCSS('position', 'fixed');
});

test('a phone gets the slide-in menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'FAQS' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Login' })).toBeVisible();
  await menu.getByRole('link', { name: 'FAQS' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(menu).toBeHidden();
});

const RESULTS = '/colleges?examType=MAINS&rank=20000&seatType=OPEN&gender=Male&homeState=Maharashtra&sportsFacility=Yes&hostelFacility=Yes&messFacility=Yes';

test("'Sort by' stays on one line, on a phone and on a desktop", async ({ page }) => {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(RESULTS);
    const label = page.locator('label[for="results-sort"]');
    await expect(label).toHaveText('Sort by');
    // The text's line boxes, counted by their tops (polled: the prerendered shell's styles may still be settling).
    const lines = () =>
      label.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      });
    await expect.poll(lines, { message: `at ${width} px` }).toBe(1);
  }
});

test('a toast shows below the navigation, whose controls stay clickable', async ({ page }) => {
  for (const [width, controls] of [
    [390, ['Open menu']],
    [1280, ['Login', 'Signup']],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    // A results page without preferences says so in a toast and goes to /start.
    await page.goto('/colleges');
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'No preferences received' });
    await expect(toast).toBeVisible();
    const header = (await page.locator('header[data-sticky]').boundingBox())!;
    await expect.poll(async () => (await toast.boundingBox())!.y, { message: `toast top at ${width} px` }).toBeGreaterThanOrEqual(header.y + header.height);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of controls) {
      const target = nav.getByRole('button', { name, exact: true });
      const hit = await target.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return top !== null && el.contains(top);
      });
      expect(hit, `${name} at ${width} px`).toBe(true);
    }
    await nav.getByRole('button', { name: controls[0], exact: true }).click();
    await expect(page.getByRole('dialog').first()).toBeVisible();
  }
});

test('on a phone the account sits inside the menu panel, and the menu closes when a modal opens', async ({ page }) => {
  await page.goto('/');
  const creds = await signUpAndSignIn(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  const account = menu.getByRole('group', { name: `Account of ${creds.username}` });
  await expect(account.getByText(creds.email)).toBeVisible();
  const panel = (await menu.boundingBox())!;
  for (const part of [account, account.getByRole('button', { name: 'Logout' }), account.getByRole('link', { name: 'My sessions' })]) {
    const b = (await part.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(panel.x);
    expect(b.x + b.width).toBeLessThanOrEqual(panel.x + panel.width);
    expect(b.y + b.height).toBeLessThanOrEqual(panel.y + panel.height);
  }
  await account.getByRole('button', { name: 'Logout' }).click();
  await expect(menu.getByRole('button', { name: 'Login' })).toBeVisible();

  // Login from the menu: the modal opens and the menu is gone, not waiting behind it.
  await menu.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Menu', includeHidden: true })).toHaveCount(0);
});

test('focus returns to the control that opened a modal when it closes', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/about');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nav.getByRole('button', { name: 'Login' })).toBeFocused();

  // Through a chain of modals (Login → Signup), back to where it started, with the Close button.
  await nav.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('dialog', { name: 'Login' }).getByRole('button', { name: 'Create an account' }).click();
  await page.getByRole('dialog', { name: 'Signup' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'Login' })).toBeFocused();

  // A control in the page: a visitor's Add to Compare.
  await page.goto(RESULTS);
  const add = page.getByRole('list', { name: 'Colleges' }).getByRole('article').nth(4).getByRole('button', { name: 'Add to Compare' });
  await add.click();
  await page.getByRole('dialog', { name: 'Login' }).getByRole('button', { name: 'Close' }).click();
  await expect(add).toBeFocused();
});
