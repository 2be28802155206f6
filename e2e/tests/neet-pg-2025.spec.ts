import { expect, test } from '@playwright/test';
import { signedUpThroughApi } from '../support/auth.ts';
import { query } from '../support/control.ts';

// Issues 21 and 22 (NEET PG): results judged on the closing ranks of MCC NEET PG 2025 rounds 1-3 and saying so, an
// institute's history followed across its renaming, no candidate category, and /methodology with the
// forward backtest beside the two-fold one.

test("KIMS Sunshine Begumpet's DNB General Medicine card shows its 2023 closing rank, judged on NEET PG 2025", async ({ page }) => {
  await signedUpThroughApi(page);
  // 2025 rounds 1-3 closed at 5,541; 2024 at 5,915; in 2023, as 'Sunshine Hospital, Secunderabad', at 5,231.
  await page.goto('/medical-colleges?rank=5541&category=General&quota=DNB+Quota&course=DNB+IN+GENERAL+MEDICINE');
  await expect(
    page.getByText(/seats? your NEET PG rank 5,541 could reach \(DNB Quota, General\), judged on the closing ranks of MCC NEET PG 2025 rounds 1-3\./),
  ).toBeVisible();
  await expect(page.getByText(/from MCC NEET PG closing ranks of 2023 to 2025/)).toBeVisible();
  await expect(page.getByText(/ten years/)).toHaveCount(0);
  await page.getByLabel('Search colleges').fill('KIMS Sunshine');
  const card = page.getByRole('list', { name: 'Medical colleges' }).getByRole('article').filter({ hasText: 'KIMS Sunshine' });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('chance-why')).toHaveText('Closed at 5,541 in 2025 rounds 1–3; 5,915 in 2024; 5,231 in 2023');
  await expect(card.getByTestId('seat-note')).toContainText('Judged on MCC NEET PG 2025 rounds 1-3');
  await expect(card.getByText('Candidate category')).toHaveCount(0);
  await expect(card.getByText('Hyderabad, Telangana')).toBeAttached();
  // How much a year moved each band: the two-fold backtest's year (2024) and the forward one's (2025).
  await expect(page.getByTestId('band-range-legend')).toContainText('In past years (2 backtest years)');
  await expect(card.getByTestId('band-range')).toHaveText(/^(Safe|Likely|Toss-up|Reach|Unlikely): won \d+%–\d+% of the time, depending on the year$/);
});

test('/methodology shows the NEET PG forward backtest beside the two-fold one, per group, and what the two-fold cannot show', async ({ page, request }) => {
  const api = (await (await request.get('/api/v1/methodology')).json()) as {
    data: { neetPg: { forward: { total: { seats: number; brier: number } }; groups: { group: string }[]; model: { referenceYear: number } } };
  };
  expect(api.data.neetPg.model.referenceYear).toBe(2025);
  await page.goto('/methodology');
  await expect(page.getByRole('heading', { name: 'NEET PG: a real year ahead, and each group on its own' })).toBeVisible();
  await expect(page.getByText(/Built from one pair of years, it cannot show how much a whole year moves/)).toBeVisible();
  await expect(page.getByText(api.data.neetPg.forward.total.brier.toFixed(4)).first()).toBeVisible();
  const table = page.getByRole('region', { name: 'NEET PG backtests per group' });
  await expect(table.getByRole('rowheader', { name: 'DNB quota, two-fold 2023 → 2024' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'DNB quota, forward 2024 → 2025' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Other quotas, forward 2024 → 2025' })).toBeVisible();
  // The stored location column holds no address text.
  const [bad] = await query<{ n: number }>(`select count(*)::int as n from medical_reference where location ~ '@|[0-9]{6}'`);
  expect(bad.n).toBe(0);
});
