import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

// Issue 13: the public /methodology page publishes the stored backtest (calibration per band, the
// predicted-against-observed plot, Brier scores against the last-year rule, sample sizes, limits);
// every figure on it is the API's, which the importer computed.

type BandRow = { band: string; n: number; predicted: number; observed: number };
type Backtest = {
  years: { year: number; seats: number; points: number; brier: number; baselineBrier: number; bands: BandRow[] }[];
  total: { seats: number; points: number; brier: number; baselineBrier: number; bands: BandRow[] };
};
type Methodology = { data: { josaa: { backtest: Backtest } | null; neetPg: { backtest: Backtest } | null } };

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

async function expectNoSeriousViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('/methodology shows the stored calibration tables, the plot and the Brier scores, with no serious accessibility violations', async ({ page, request }) => {
  const api = (await (await request.get('/api/v1/methodology')).json()) as Methodology;
  await page.goto('/methodology');
  await expect(page.getByRole('heading', { level: 1, name: 'How we compute your chance of admission' })).toBeVisible();

  for (const [name, stream] of [
    ['JoSAA', api.data.josaa!],
    ['NEET PG', api.data.neetPg!],
  ] as const) {
    const table = page.getByRole('table', { name: `${name} calibration, all backtest years` });
    await expect(table).toBeVisible();
    for (const b of stream.backtest.total.bands) {
      const row = table.getByRole('row', { name: new RegExp(`^${b.band}\\b`) });
      await expect(row).toContainText(b.n.toLocaleString('en-IN'));
      await expect(row).toContainText(pct(b.predicted));
      await expect(row).toContainText(pct(b.observed));
    }
    const years = page.getByRole('table', { name: `${name} per year: Brier scores and calibration per band` });
    for (const y of stream.backtest.years) {
      const row = years.getByRole('row', { name: new RegExp(`^${y.year}\\b`) });
      await expect(row).toContainText(y.brier.toFixed(4));
      await expect(row).toContainText(y.baselineBrier.toFixed(4));
      await expect(row).toContainText(y.seats.toLocaleString('en-IN'));
    }
    const plot = page.getByRole('img', { name: `${name}: predicted chance against the share who got the seat, per band and year` }).first();
    await expect(plot).toBeVisible();
    // One dot per band and year that has points, and one ring per band.
    const dots = stream.backtest.years.reduce((a, y) => a + y.bands.filter((b) => b.n > 0).length, 0);
    const rings = stream.backtest.total.bands.filter((b) => b.n > 0).length;
    await expect(plot.locator('circle')).toHaveCount(dots + rings);
  }
  await expect(page.getByRole('heading', { name: 'Known limits' })).toBeVisible();
  await expect(page.getByText('npm run backtest')).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('the footer links to /methodology', async ({ page }) => {
  await page.goto('/faq');
  await page.getByRole('contentinfo').getByRole('link', { name: 'How chances are computed' }).click();
  await expect(page).toHaveURL(/\/methodology$/);
});

type ChanceApi = { chance: number; percent: number; band: string; reach: boolean; why: string; clearedInRound: string | null; trend: unknown[]; year: number };
type Body = { data: { colleges: (ChanceApi & Record<string, unknown>)[]; totalDocuments: number } };

const ENGINEERING = {
  path: '/api/v1/college/preferences',
  body: {
    examType: '',
    rank: 20000,
    seatType: 'OPEN',
    gender: 'Male',
    homeState: 'Maharashtra',
    branch: [] as string[],
    page: 1,
    pageSize: 35,
    sortBy: 'rank',
  },
  url: '/colleges?examType=MAINS&rank=20000&seatType=OPEN&gender=Male&homeState=Maharashtra&sportsFacility=Yes&hostelFacility=Yes&messFacility=Yes',
  list: 'Colleges',
};
const MEDICAL = {
  path: '/api/v1/medical-college/preferences',
  body: { examType: 'NEET', courses: [] as string[], rank: 5000, category: 'General', quota: 'All India', page: 1, pageSize: 10, sortBy: 'rank' },
  url: '/medical-colleges?rank=5000&category=General&quota=All+India',
  list: 'Medical colleges',
};

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

for (const stream of [ENGINEERING, MEDICAL]) {
  test(`${stream.list}: each card shows its band, percentage, why-line, round and trend as the API gives them; 'Show reach seats' adds Reach seats`, async ({
    page,
    request,
  }) => {
    const api = (await (await request.post(stream.path, { data: stream.body })).json()) as Body;
    expect(api.data.colleges.length).toBeGreaterThan(0);
    await page.goto(stream.url);
    const cards = page.getByRole('list', { name: stream.list }).getByRole('article');
    await expect(cards.first()).toBeVisible();
    for (const [i, c] of api.data.colleges.slice(0, 3).entries()) {
      const card = cards.nth(i);
      const summary = card.getByTestId('chance-summary');
      await expect(summary.locator('[data-band]')).toHaveAttribute('data-band', c.band);
      await expect(summary.locator('[data-band]')).toContainText(`${c.band}·${c.percent}% chance of admission`);
      await expect(card.getByTestId('chance-why')).toHaveText(capitalise(c.why));
      await expect(summary).toContainText(
        c.clearedInRound ? `Your rank would have cleared in ${c.clearedInRound} of ${c.year}.` : `Your rank did not clear in any round of ${c.year}.`,
      );
      if (c.trend.length >= 2) await expect(card.getByRole('img', { name: /^Final closing rank by year: / })).toBeVisible();
      expect(c.reach).toBe(false);
    }
    await expect(page.getByRole('main').getByRole('link', { name: 'How chances are computed' }).first()).toBeVisible();
    await expectNoSeriousViolations(page);

    // Reach seats: the switch asks for them, and the list grows by exactly the API's Reach seats.
    const withReach = (await (await request.post(stream.path, { data: { ...stream.body, includeReach: true } })).json()) as Body;
    expect(withReach.data.totalDocuments).toBeGreaterThan(api.data.totalDocuments);
    const asked = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === stream.path && r.postDataJSON().includeReach === true);
    // The switch is a visually hidden checkbox inside its label: the student clicks the label.
    await page.locator('label', { hasText: 'Show reach seats' }).click();
    await asked;
    await expect(page.getByRole('switch', { name: 'Show reach seats' })).toBeChecked();
    await expect(page).toHaveURL(/[?&]reach=1/);
    const firstReach = withReach.data.colleges.findIndex((c) => c.reach);
    expect(firstReach).toBeGreaterThanOrEqual(0);
    const reachCard = cards.nth(firstReach);
    await expect(reachCard.getByTestId('chance-summary')).toContainText(`${withReach.data.colleges[firstReach].percent}%`);
    await expect(reachCard.getByText('Reach seat:', { exact: false })).toBeVisible();
    for (const c of withReach.data.colleges.filter((x) => x.reach)) expect(c.percent).toBeGreaterThanOrEqual(15);
  });
}

test('the chance sort lists the highest chance first', async ({ request }) => {
  for (const stream of [ENGINEERING, MEDICAL]) {
    const res = (await (await request.post(stream.path, { data: { ...stream.body, sortBy: 'chance', includeReach: true } })).json()) as Body;
    const chances = res.data.colleges.map((c) => c.chance);
    expect(chances.length).toBeGreaterThan(1);
    for (let i = 1; i < chances.length; i++) expect(chances[i]).toBeLessThanOrEqual(chances[i - 1]);
  }
});
