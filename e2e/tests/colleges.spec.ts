import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signedUpThroughApi } from '../support/auth.ts';
import { query } from '../support/control.ts';

// Spec §2 Compare screen and About college, §3 Comparison list and College detail, §4 Compare, §7
// college info, §8 Compare and College info messages. Expectations come from the result cards the
// page showed, the app's database (SQL through the control port) and the spec's own texts.

/** JEE Main, OPEN, Maharashtra, rank 20,000: NIT/IIIT/GFTI programs, some with NIRF packages. */
const MAINS_URL = '/colleges?examType=MAINS&rank=20000&seatType=OPEN&gender=Male&homeState=Maharashtra&sportsFacility=Yes&hostelFacility=Yes&messFacility=Yes';
const CSE_BOMBAY = 'Computer Science and Engineering (4 Years, Bachelor of Technology)';

async function seriousAxeViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

type Card = { id: string; name: string; program: string; facts: Record<string, string> };

async function cards(page: Page): Promise<Card[]> {
  return page
    .getByRole('list', { name: 'Colleges' })
    .getByRole('article')
    .evaluateAll((els) =>
      els.map((el) => ({
        id: (el.getAttribute('aria-labelledby') ?? '').replace(/^c-/, ''),
        name: el.querySelector('h3')?.textContent ?? '',
        program: el.querySelector('h3 + p')?.textContent ?? '',
        facts: Object.fromEntries(
          [...el.querySelectorAll('dl > div')].map((d) => [d.querySelector('dt')?.textContent ?? '', d.querySelector('dd')?.textContent ?? '']),
        ),
      })),
    );
}

/** The compare table as text: row label → one cell per college. */
async function compareTable(page: Page): Promise<{ colleges: string[]; rows: Record<string, string[]> }> {
  const table = page.getByRole('table', { name: 'Compared colleges, one column each' });
  await expect(table).toBeVisible();
  return table.evaluate((t) => ({
    colleges: [...t.querySelectorAll('thead th a')].map((a) => a.getAttribute('data-college') ?? a.textContent ?? ''),
    rows: Object.fromEntries(
      [...t.querySelectorAll('tbody tr')].map((tr) => [
        tr.querySelector('th')?.textContent ?? '',
        [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''),
      ]),
    ),
  }));
}

async function openResults(page: Page) {
  await page.goto(MAINS_URL);
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
  const articles = page.getByRole('list', { name: 'Colleges' }).getByRole('article');
  await expect(articles).toHaveCount(35);
  return articles;
}

test('three programs from results: the Compare (3) bar, their figures side by side, kept on reload and on Back, then cleared', async ({ page }) => {
  test.setTimeout(120_000);
  await signedUpThroughApi(page);
  const articles = await openResults(page);
  const bar = page.getByRole('complementary', { name: 'Comparison list' });
  await expect(bar).toHaveCount(0);

  // Three programs of three different institutes.
  const all = await cards(page);
  const picks: number[] = [];
  for (let i = 0; i < all.length && picks.length < 3; i++) if (!picks.some((p) => all[p].name === all[i].name)) picks.push(i);
  for (const [n, i] of picks.entries()) {
    await articles.nth(i).getByRole('button', { name: 'Add to Compare' }).click();
    await expect(bar.getByRole('link', { name: `Compare (${n + 1})` })).toBeVisible();
  }
  const chosen = picks.map((i) => all[i]);
  await expect(bar.getByRole('listitem')).toHaveText([...chosen.map((c) => c.name), 'the list is full']);

  await bar.getByRole('link', { name: 'Compare (3)' }).click();
  await expect(page).toHaveURL(/\/compare$/);
  await expect(page.getByText('Compared successfully')).toBeVisible();
  const table = await compareTable(page);
  expect(table.colleges).toEqual(chosen.map((c) => c.name));

  // Each column: the college's state from the database, the card's package and closing rank, and NA where no data exists.
  const states = await query<{ name: string; state: string }>(
    `select name, state from engineering_institutes where name in (${chosen.map((c) => `'${c.name.replace(/'/g, "''")}'`).join(', ')})`,
  );
  expect(table.rows['College State']).toEqual(chosen.map((c) => states.find((s) => s.name === c.name)!.state));
  // A card shows a package only when the data has one (what it lacks it names once, not as NA).
  const pkgOf = (c: Card) => Object.entries(c.facts).find(([k]) => k.startsWith('Median package'))?.[1] ?? 'NA';
  const packageRow = Object.entries(table.rows).find(([k]) => k.startsWith('Average Package'))![1];
  expect(packageRow.map((v) => v.replace(/batch.*/, ''))).toEqual(chosen.map((c) => (pkgOf(c) === 'NA' ? 'not disclosed' : pkgOf(c))));
  expect(table.rows['Highest Package']).toEqual(['NA', 'NA', 'NA']);
  for (const v of table.rows['Placement Rate']) expect(v).toMatch(/^(\d+(\.\d+)?%batch \d{4}-\d{2}|NA)$/);
  expect(table.rows['Program']).toEqual(chosen.map((c) => c.program));
  expect(table.rows['Closing rank'].map((v) => v.replace(/JoSAA.*|CSAB.*/, ''))).toEqual(chosen.map((c) => c.facts['Closing rank']));
  for (const v of table.rows['Closing rank, last 3 years']) expect(v).toMatch(/^(\d{4}: [\d,P]+ \(round \d\))+$/);
  for (const label of ['Hostel fee', 'Mess fee', 'Sports facility']) expect(table.rows[label]).toEqual(['NA', 'NA', 'NA']);
  const distanceLabel = Object.keys(table.rows).find((k) => k.startsWith('Distance'))!;
  expect(distanceLabel).toBe('Distance from Mumbai, the capital of Maharashtra');
  // Every institute here has a position (geo/josaa_institute_locations.csv): a distance in km.
  for (const v of table.rows[distanceLabel]) expect(v).toMatch(/^[\d,]+ km$/);
  // Tuition is the IIT/NIT central rate where one applies, NA for the others.
  for (const v of table.rows['Expected fees (tuition)']) expect(v).toMatch(/^(NA|₹[\d,]+ a year.*Tuition only\.)$/);
  await expect(page.getByText(/GeoNames, CC BY 4.0/)).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // A reload of /compare keeps the list (session storage).
  await page.reload();
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
  expect((await compareTable(page)).colleges).toEqual(chosen.map((c) => c.name));

  // Back to the results with the browser's Back button: the list is still there.
  await page.goBack();
  await expect(page).toHaveURL(/\/colleges\?/);
  await expect(articles).toHaveCount(35);
  await expect(bar.getByRole('link', { name: 'Compare (3)' })).toBeVisible();
  for (const i of picks) await expect(articles.nth(i).getByRole('button', { name: /to Compare$/ })).toHaveText('Added to Compare');

  // Clear Comparison empties the list, goes back one page and says so.
  await bar.getByRole('link', { name: 'Compare (3)' }).click();
  await expect(page).toHaveURL(/\/compare$/);
  await page.getByRole('button', { name: 'Clear Comparison' }).click();
  await expect(page.getByText('Comparison list cleared successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/colleges\?/);
  await expect(bar).toHaveCount(0);

  // The empty screen.
  await page.goto('/compare');
  await expect(page.getByRole('heading', { name: 'No Colleges Selected' })).toBeVisible();
  await expect(page.getByText('You can select up to 3 colleges to compare.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Update Preferences' })).toHaveAttribute('href', '/start');
  await page.getByRole('link', { name: 'Browse Colleges' }).click();
  await expect(page).toHaveURL(/\/colleges/);
});

test('a results page opened afresh keeps the list (decision 0028); a PIN code moves the distance origin', async ({ page }) => {
  test.setTimeout(120_000);
  await signedUpThroughApi(page);
  const articles = await openResults(page);
  // A college without a NIRF package: spec §2, its Average Package reads 'not disclosed'.
  const noPackage = (await cards(page)).findIndex((c) => !Object.keys(c.facts).some((k) => k.startsWith('Median package')));
  expect(noPackage).toBeGreaterThanOrEqual(0);
  await articles.nth(noPackage).getByRole('button', { name: 'Add to Compare' }).click();
  const bar = page.getByRole('complementary', { name: 'Comparison list' });
  await bar.getByRole('link', { name: 'Compare (1)' }).click();
  await expect(page.getByText('Compared successfully')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'not disclosed' })).toBeVisible();

  await page.getByLabel('Or your PIN code').fill('12345');
  await page.getByRole('button', { name: 'Use' }).click();
  await expect(page.getByText('PIN code must be 6 digits')).toBeVisible();
  await page.getByLabel('Or your PIN code').fill('110016');
  await page.getByRole('button', { name: 'Use' }).click();
  await expect(page.getByRole('rowheader', { name: /^Distance from PIN code 110016/ })).toBeVisible();

  // Opening results afresh (a link, a typed URL) keeps the list until it is cleared (docs/decisions/0028, a departure from spec §4).
  await page.goto(MAINS_URL);
  await expect(articles).toHaveCount(35);
  await expect(bar.getByRole('link', { name: 'Compare (1)' })).toBeVisible();
});

test('a college page from a result card opens with that program preselected in the history, equal to the database rows', async ({ page }) => {
  test.setTimeout(120_000);
  await signedUpThroughApi(page);
  const articles = await openResults(page);
  const [card] = await cards(page);
  await articles.first().getByRole('heading', { level: 3 }).getByRole('link').click();
  await expect(page).toHaveURL(/\/about-college\?collegeName=/);
  await expect(page.getByRole('heading', { level: 1, name: card.name })).toBeVisible();
  await expect(page.getByLabel('Program', { exact: true })).toHaveValue(card.program);
  const url = new URL(page.url());
  const [quota, seatType, gender] = ['quota', 'seatType', 'gender'].map((k) => url.searchParams.get(k)!);
  await expect(page.getByLabel('Quota', { exact: true })).toHaveValue(quota);
  await expect(page.getByLabel('Seat type', { exact: true })).toHaveValue(seatType);
  await expect(page.getByLabel('Pool', { exact: true })).toHaveValue(gender);

  // As published; a preparatory-course rank reads 'preparatory list' ('*' when the mark is the 2016-2024 rule's).
  const expected = await query<{ year: number; counselling: string; round: number; opening: string; closing: string }>(
    `select c.year, c.counselling, c.round,
       c.opening_rank || case when c.opening_preparatory then ' preparatory list' else '' end as opening,
       c.closing_rank || case when c.closing_preparatory then ' preparatory list' || case when c.preparatory_by_rule then '*' else '' end else '' end as closing
     from engineering_cutoffs c join engineering_institutes i on i.id = c.institute_id join engineering_programs p on p.id = c.program_id
     where i.name = '${card.name.replace(/'/g, "''")}' and p.name = '${card.program.replace(/'/g, "''")}' and c.quota = '${quota}'
       and c.seat_type = '${seatType}' and c.gender = '${gender}'
     order by c.year, case c.counselling when 'JoSAA' then 0 else 1 end, c.round`,
  );
  expect(expected.length).toBeGreaterThan(0);
  const table = page.getByRole('table', { name: /^Opening and closing ranks of every round/ });
  const shown = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
  expect(shown).toEqual(expected.map((r) => [String(r.year), r.counselling, String(r.round), r.opening, r.closing]));
  await expect(page.getByRole('img', { name: /^Opening and closing ranks by JoSAA round/ })).toBeVisible();
});

test('the IIT Bombay page: every spec text, placements with their year, NA figures hidden, NIRF ranks, tuition and Connect with Students', async ({ page }) => {
  test.setTimeout(90_000);
  await signedUpThroughApi(page);
  await page.goto('/about-college?collegeName=IIT%20Bombay');
  await expect(page.getByRole('heading', { level: 1, name: 'Indian Institute of Technology Bombay' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'About Our College' })).toBeVisible();
  await expect(page.getByText(/^Indian Institute of Technology Bombay is an Indian Institute of Technology \(IIT\)/)).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Available Branches/ })).toBeVisible();
  await expect(page.getByText(CSE_BOMBAY, { exact: true }).first()).toBeVisible();

  const [inst] = await query<{ median_salary_lpa: number; placement_rate: number; placement_year: string; nirf_rank: number; nirf_rank_year: number }>(
    `select median_salary_lpa, placement_rate, placement_year, nirf_rank, nirf_rank_year from engineering_institutes where id = 'iit-bombay'`,
  );
  await expect(page.getByRole('heading', { name: `Our Successful Placements (${inst.placement_year})` })).toBeVisible();
  await expect(page.getByText(`Median package (NIRF, ${inst.placement_year})`)).toBeVisible();
  await expect(page.getByText(`${Math.round(inst.median_salary_lpa * 100) / 100} LPA`, { exact: true })).toBeVisible();
  await expect(page.getByText(`${Math.round(inst.placement_rate * 100) / 100}% students placed`)).toBeVisible();
  // No data set has a highest package, branch-wise packages or companies: hidden.
  await expect(page.getByText('Highest package')).toHaveCount(0);
  await expect(page.getByText('Branch-wise Average Package')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Companies' })).toHaveCount(0);

  const nirf = await query<{ year: number; rank: number }>(
    `select year, rank from engineering_nirf_ranks where institute_id = 'iit-bombay' order by year desc`,
  );
  const nirfRows = await page.getByRole('table', { name: 'NIRF Engineering rank by year' }).locator('tbody tr').allTextContents();
  expect(nirfRows).toEqual(nirf.map((r) => `${r.year}${r.rank}`));

  await expect(page.getByRole('heading', { name: 'Tuition per year' })).toBeVisible();
  await page.getByLabel('Your category').selectOption('OBC-NCL');
  await page.getByLabel('Family income', { exact: true }).selectOption('1-to-5-lakh');
  await expect(page.getByText(/^You pay: ₹66,667 a year/)).toBeVisible();
  await page.getByLabel('Your category').selectOption('SC');
  await expect(page.getByText(/^You pay: No tuition/)).toBeVisible();
  await expect(page.getByText(/Tuition only/)).toBeVisible();

  await expect(page.getByRole('link', { name: 'Connect with Students' })).toHaveAttribute(
    'href',
    `/connect-students?collegeName=${encodeURIComponent('Indian Institute of Technology Bombay').replace(/%20/g, '+')}`,
  );
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('an unknown college is said not to be found; no name shows the default banner and no data', async ({ page }) => {
  test.setTimeout(90_000);
  await signedUpThroughApi(page);
  await page.goto('/about-college?collegeName=Institute%20of%20Nowhere');
  await expect(page.getByRole('alert').filter({ hasText: 'We could not find this college' })).toBeVisible();
  await expect(page.getByText('Failed to fetch college information')).toHaveCount(0);
  await page.goto('/about-college');
  await expect(page.getByRole('heading', { level: 1, name: 'Your College' })).toBeVisible();
  await expect(page.getByText('No data found for this college')).toBeVisible();
  // A counsellor card's link (the name as results show it) and a known variant reach the same college.
  for (const name of ['Indian Institute of Technology (ISM) Dhanbad', 'Indian School of Mines Dhanbad', 'iit-ism-dhanbad']) {
    await page.goto(`/about-college?collegeName=${encodeURIComponent(name)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Indian Institute of Technology (ISM) Dhanbad' })).toBeVisible();
  }
});

test('a comparison that cannot be fetched says so and goes back', async ({ page }) => {
  test.setTimeout(90_000);
  await signedUpThroughApi(page);
  await page.goto('/faq');
  // The session is restored (its refresh answered) before the next full load.
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
  await page.evaluate(() =>
    sessionStorage.setItem(
      'rankwise.compare',
      JSON.stringify({ state: { colleges: [{ id: 'gone', collegeName: 'Institute of Nowhere' }], student: {} }, version: 1 }),
    ),
  );
  // Opened directly (no page of the app to go back to): the message stays on the page.
  await page.goto('/compare');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch compared colleges! Please try again later' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Colleges' })).toBeVisible();

  // Within the app: the message, then back one page. (The server is made to fail for this one call.)
  const articles = await openResults(page);
  await articles.nth(0).getByRole('button', { name: 'Add to Compare' }).click();
  await page.route('**/api/v1/college/compare', (r) =>
    r.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable', code: 'NOT_CONFIGURED' }) }),
  );
  // The list kept the entry above (docs/decisions/0028): two colleges now.
  await page.getByRole('complementary', { name: 'Comparison list' }).getByRole('link', { name: 'Compare (2)' }).click();
  // The message is a toast, which stays after going back (the compare page may show it too for the
  // moment before it goes back: not what this checks).
  await expect(page.getByRole('region', { name: /^Notifications/ }).getByText('Failed to fetch compared colleges! Please try again later')).toBeVisible();
  await expect(page).toHaveURL(/\/colleges\?/);
});

test('the landing page loads none of the college pages’ code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', async (r) => {
    if (r.request().resourceType() === 'script') scripts.push(await r.text());
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'College Predictor' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  for (const s of scripts) {
    expect(s).not.toContain('Each point is one JoSAA round');
    expect(s).not.toContain('Compared colleges, one column each');
  }
});
