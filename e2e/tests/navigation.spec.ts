import { expect, test } from '@playwright/test';

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
