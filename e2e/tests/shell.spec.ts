import { expect, test } from '@playwright/test';

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('deep links load the app', async ({ page }) => {
  const res = await page.goto('/faq');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
