import { expect, test } from '@playwright/test';

test('a newer version.json brings a persistent notice whose Refresh reloads the page', async ({ page }) => {
  await page.clock.install();
  let newer = false;
  await page.route('**/version.json*', async (route) => {
    try {
      const res = await route.fetch();
      const { version } = (await res.json()) as { version: string };
      await route.fulfill({ response: res, json: { version: newer ? String(Number(version) + 1000) : version } });
    } catch (err) {
      // The reloaded page checks the version at once; the test may end while that check is under way.
      if (!/disposed|closed/i.test(String(err))) throw err;
    }
  });
  await page.goto('/faq');
  await page.clock.runFor(61_000);
  await expect(page.getByText('A new version is available')).toBeHidden();
  newer = true;
  await page.clock.runFor(61_000);
  await expect(page.getByText('A new version is available')).toBeVisible();
  await page.clock.runFor(30_000);
  await expect(page.getByText('A new version is available')).toBeVisible();
  const reload = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await reload;
});
