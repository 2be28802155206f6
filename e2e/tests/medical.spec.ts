import { expect, test, type Page } from '@playwright/test';
import { completeSignUp, signedUpThroughApi } from '../support/auth.ts';
import { query } from '../support/control.ts';
import { askApi, recordCalls, scrollToEnd } from '../support/results.ts';

// Spec §2 Medical form and results page, §5 messages, §6 visitor view, §7 page sizes, §8 errors.
// Expectations come from the app's own API (the order the server gives) and from SQL on its database.

const RESULTS = '/medical-colleges?rank=5000&category=General&quota=All+India';
const PREFS = '/api/v1/medical-college/preferences';
/** What the medical form always sends besides the student's choices. */
const NEET = { examType: 'NEET', courses: [] };

type Card = { name: string; course: string; facts: Record<string, string>; note: string; missing: string };
type ApiCollege = {
  'Allotted Institute': string;
  Course: string;
  'Alloted Category': string;
  Rank: number;
  Fees: string;
  'Annual Fee': string;
  year: number;
  round: string;
};

async function cards(page: Page): Promise<Card[]> {
  return page
    .getByRole('list', { name: 'Medical colleges' })
    .getByRole('article')
    .evaluateAll((els) =>
      els.map((el) => ({
        name: el.querySelector('h3')?.textContent ?? '',
        course: el.querySelector('h3 + p')?.textContent ?? '',
        facts: Object.fromEntries(
          [...el.querySelectorAll('dl > div')].map((d) => [d.querySelector('dt')?.textContent ?? '', d.querySelector('dd')?.textContent ?? '']),
        ),
        note: el.querySelector('[data-testid="seat-note"]')?.textContent ?? '',
        missing: el.querySelector('[data-testid="missing-figures"]')?.textContent ?? '',
      })),
    );
}

/** A seat is institute × course × quota × category; within one quota these three identify it. */
const cardKey = (c: Card) => `${c.name}|${c.course}|${c.facts['Allotted category']}|${c.facts['Closing rank (AIR)']}`;
const apiKey = (c: ApiCollege) => `${c['Allotted Institute']}|${c.Course}|${c['Alloted Category']}|${c.Rank.toLocaleString('en-IN')}`;

async function openMedicalForm(page: Page, opts: { signedIn?: boolean } = {}) {
  await page.goto('/start');
  // After a full load the session is restored first (a visitor's submit would open the login modal).
  if (opts.signedIn) await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
  await page.getByRole('button', { name: /^Medical/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'NEET rank' })).toBeVisible();
  return page.getByRole('form', { name: 'Medical preferences' });
}

async function countSql(where: string): Promise<number> {
  const [row] = await query<{ n: number }>(`select count(*)::int as n from medical_reference where ${where}`);
  return row.n;
}

test('the medical form shows every validation message, searches the course list, and asks a visitor to sign in', async ({ page }) => {
  const form = await openMedicalForm(page);
  await form.getByRole('button', { name: 'Submit Preferences' }).click();
  await expect(form.getByText('Rank is required')).toBeVisible();
  await expect(form.getByText('Category is required')).toBeVisible();
  await expect(form.getByText('Quota is required')).toBeVisible();

  // Digits only (spec §5); each error clears when its field is edited.
  await form.getByLabel('CRL rank').fill('5000');
  await expect(form.getByText('Rank is required')).toBeHidden();
  for (const bad of ['abc', '12.5', '-40', '0', '1e4', '5 000']) {
    await form.getByLabel('CRL rank').fill(bad);
    await form.getByRole('button', { name: 'Submit Preferences' }).click();
    await expect(form.getByText('Please enter a valid positive integer')).toBeVisible();
    await form.getByLabel('CRL rank').fill('5000');
    await expect(form.getByText('Please enter a valid positive integer')).toBeHidden();
  }
  await expect(form.getByLabel('CRL rank')).toHaveAttribute('aria-invalid', 'false');

  // The spec's lists, in its order.
  await expect(form.getByLabel('Category').locator('option')).toHaveText([
    'Select category',
    'General',
    'EWS',
    'SC',
    'OBC',
    'ST',
    'General PwD',
    'OBC PwD',
    'SC PwD',
    'EWS PwD',
    'ST PwD',
  ]);
  await expect(form.getByLabel('Quota').locator('option')).toHaveText([
    'Select quota',
    'All India',
    'IP University Quota',
    'Delhi University Quota',
    'DNB Quota',
    'Banaras Hindu University',
    'Aligarh Muslim University',
    'Management/Paid Seats Quota',
    'Non-Resident Indian',
    'Jain Minority Quota',
    'Muslim Minority Quota',
    'Armed Forces Medical',
  ]);
  await form.getByLabel('Category').selectOption('OBC');
  await expect(form.getByText('Category is required')).toBeHidden();
  await expect(form.getByText('Quota is required')).toBeVisible();
  await form.getByLabel('Quota').selectOption('All India');
  await expect(form.getByText('Quota is required')).toBeHidden();

  // The course catalogue: every course the database holds, grouped by degree.
  const courses = form.getByRole('group', { name: 'Preferred courses (optional)' });
  const catalogue = await query<{ name: string; degree: string }>('select name, degree from medical_courses order by position');
  await expect(courses.getByRole('checkbox')).toHaveCount(catalogue.length);
  for (const degree of new Set(catalogue.map((c) => c.degree))) {
    await expect(courses.getByRole('group', { name: degree, exact: true }).getByRole('checkbox')).toHaveCount(
      catalogue.filter((c) => c.degree === degree).length,
    );
  }
  await expect(courses.getByText('None selected: all courses are shown')).toBeVisible();

  const search = courses.getByLabel('Search courses');
  await search.fill('paed');
  // A typed word matches the start of a word of the course or its degree ('paed' is not in ORTHOPAEDICS).
  const paed = catalogue.filter((c) => `${c.degree} ${c.name}`.split(/[^A-Za-z0-9]+/).some((w) => w.toLowerCase().startsWith('paed'))).map((c) => c.name);
  expect(paed.length).toBeGreaterThan(3);
  await expect(courses.locator('label').filter({ has: page.getByRole('checkbox') })).toHaveText(paed);
  await expect(courses.getByText(`${paed.length} courses match`)).toBeVisible();
  // Every word must match, in any order; the degree counts too.
  await search.fill('DNB paediatrics');
  const dnbPaed = catalogue.filter((c) => c.degree.startsWith('DNB') && c.name.includes('PAEDIATRICS')).map((c) => c.name);
  expect(dnbPaed).toContain('DNB IN PAEDIATRICS');
  await expect(courses.locator('label').filter({ has: page.getByRole('checkbox') })).toHaveText(dnbPaed);
  await courses.getByRole('checkbox', { name: 'DNB IN PAEDIATRICS', exact: true }).check();
  // Keyboard only: from the search box, Tab to the one matching course and tick it with Space.
  await search.fill('ms orthopaedics');
  await expect(courses.getByRole('checkbox')).toHaveCount(1);
  await search.focus();
  await page.keyboard.press('Tab');
  await expect(courses.getByRole('checkbox', { name: 'MS IN ORTHOPAEDICS' })).toBeFocused();
  await page.keyboard.press('Space');
  await search.fill('no such course zzz');
  await expect(courses.getByText('No course matches "no such course zzz"')).toBeVisible();
  await expect(courses.getByRole('checkbox')).toHaveCount(0);
  // Enter in the search box does not submit the form.
  await search.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeHidden();
  // Hidden choices stay chosen.
  await search.fill('');
  await expect(courses.getByText('2 selected')).toBeVisible();
  await expect(courses.getByRole('checkbox', { name: 'DNB IN PAEDIATRICS', exact: true })).toBeChecked();
  await expect(courses.getByRole('list', { name: 'Selected courses' }).getByRole('listitem')).toHaveText([/DNB IN PAEDIATRICS/, /MS IN ORTHOPAEDICS/]);
  await courses.getByRole('button', { name: 'Remove DNB IN PAEDIATRICS' }).click();
  await expect(courses.getByRole('checkbox', { name: 'DNB IN PAEDIATRICS', exact: true })).not.toBeChecked();
  await expect(courses.getByText('1 selected')).toBeVisible();

  // Spec §4: a visitor's submit opens the login modal and stays on the form.
  await form.getByRole('button', { name: 'Submit Preferences' }).click();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  await expect(page).toHaveURL(/\/start$/);
});

test('a student submits, scrolls 10 then 30 at a time without a gap, searches and sorts', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signedUpThroughApi(page);
  const calls = recordCalls(page, PREFS);
  const form = await openMedicalForm(page, { signedIn: true });
  await form.getByLabel('CRL rank').fill('5000');
  await form.getByLabel('Category').selectOption('General');
  await form.getByLabel('Quota').selectOption('All India');
  await form.getByRole('button', { name: 'Submit Preferences' }).click();

  await expect(page).toHaveURL(/\/medical-colleges\?rank=5000&category=General&quota=All\+India$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Medical Dream Awaits' })).toBeVisible();
  const total = await countSql(`quota = 'All India' and category = 'OPEN' and closing_rank >= 5000`);
  expect(total).toBeGreaterThan(100);
  await expect(
    page.getByText(
      `${total.toLocaleString('en-IN')} seats your NEET PG rank 5,000 could reach (All India, General), judged on the closing ranks of MCC NEET PG 2025 rounds 1-3.`,
    ),
  ).toBeVisible();

  // First page: 10 rows (spec §7).
  const list = page.getByRole('list', { name: 'Medical colleges' });
  await expect(list.getByRole('article')).toHaveCount(10);
  expect(calls.map((c) => c.body)).toEqual([
    { rank: 5000, category: 'General', quota: 'All India', courses: [], examType: 'NEET', page: 1, pageSize: 10, sortBy: 'rank', searchQuery: '' },
  ]);
  const auth = calls[0].auth;
  expect(auth).toMatch(/^Bearer /);

  // Then 30 at a time: page 1 of 30 (rows 11-30 kept), page 2 of 30.
  await scrollToEnd(page);
  await expect(list.getByRole('article')).toHaveCount(30);
  await scrollToEnd(page);
  await expect(list.getByRole('article')).toHaveCount(60);
  expect(calls.map((c) => [c.body.page, c.body.pageSize])).toEqual([
    [1, 10],
    [1, 30],
    [2, 30],
  ]);
  const server = await askApi<ApiCollege>(request, PREFS, auth, { ...NEET, rank: 5000, category: 'General', quota: 'All India' });
  expect(server.totalDocuments).toBe(total);
  const shown = await cards(page);
  expect(shown.map(cardKey)).toEqual(server.colleges.slice(0, 60).map(apiKey));
  expect(new Set(shown.map(cardKey)).size).toBe(60);

  // Each card: the spec's fields, the closing rank it is judged on, its year and rounds, and the fee, or the fee
  // named once among the figures no public data set has (issue 25: never an 'NA' per field).
  for (const [i, c] of shown.entries()) {
    const s = server.colleges[i];
    expect(Object.keys(c.facts)).toEqual(expect.arrayContaining(['Closing rank (AIR)', 'Allotted quota', 'Allotted category']));
    // No data set records the candidate's category: the card does not show the spec's 'NA'.
    expect(Object.keys(c.facts)).not.toContain('Candidate category');
    expect(Object.values(c.facts)).not.toContain('NA');
    // 'town, state', never address text.
    if ('Location' in c.facts) expect(c.facts.Location).not.toMatch(/@|\d{6}/);
    else expect(c.missing).toContain('the location');
    expect(c.facts['Allotted quota']).toBe('All India');
    expect(c.facts['Allotted category']).toBe('OPEN');
    const fee = s.Fees !== 'NA' ? s.Fees : s['Annual Fee'];
    if (fee === 'NA') {
      expect(c.facts).not.toHaveProperty('Annual fee');
      expect(c.missing).toMatch(/^No public data set we use has .*the annual fee.* for this college yet\. Suggest a source$/);
    } else {
      expect(c.facts['Annual fee']).toBe(`₹${fee}`);
      expect(c.missing).not.toContain('the annual fee');
    }
    expect(Number(c.facts['Closing rank (AIR)'].replace(/,/g, ''))).toBeGreaterThanOrEqual(5000);
    expect(c.note).toContain('Judged on MCC NEET PG 2025 rounds 1-3');
  }
  expect(shown.some((c) => !('Annual fee' in c.facts) && c.missing.includes('the annual fee'))).toBe(true);
  expect(shown.some((c) => c.facts['Annual fee']?.startsWith('₹'))).toBe(true);

  // Search (500 ms debounce) goes to the server and restarts at a first page of 10.
  calls.length = 0;
  await page.getByLabel('Search colleges').fill('pune');
  const pune = await countSql(`quota = 'All India' and category = 'OPEN' and closing_rank >= 5000 and search_text like '%pune%'`);
  expect(pune).toBeGreaterThan(10);
  expect(pune).toBeLessThanOrEqual(40);
  await expect(page.getByText(`${pune} seats your NEET PG rank 5,000 could reach`)).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=pune/);
  await expect(list.getByRole('article')).toHaveCount(10);
  await scrollToEnd(page);
  await expect(list.getByRole('article')).toHaveCount(pune);
  expect(calls.map((c) => [c.body.searchQuery, c.body.page, c.body.pageSize])).toEqual([
    ['pune', 1, 10],
    ['pune', 1, 30],
  ]);
  for (const c of await cards(page)) expect(`${c.name} ${c.course} ${c.facts.Location} ${c.facts.State}`.toLowerCase()).toContain('pune');
  await page.getByLabel('Search colleges').fill('');
  await expect(page.getByText(`${total.toLocaleString('en-IN')} seats your NEET PG rank`)).toBeVisible();

  // Sort: the four keys, default rank; each order is the server's.
  const sort = page.getByLabel('Sort by');
  await expect(sort).toHaveValue('rank');
  // The spec's four sorts, then the chance of admission (issue 13, highest first).
  await expect(sort.locator('option')).toHaveText(['Closing rank', 'Fees', 'College', 'Course', 'Chance of admission']);
  for (const [value, label] of [
    ['fees', 'Fees'],
    ['college', 'College'],
    ['course', 'Course'],
  ] as const) {
    await sort.selectOption({ label });
    await expect(page).toHaveURL(new RegExp(`sortBy=${value}`));
    const expected = (await askApi<ApiCollege>(request, PREFS, auth, { ...NEET, rank: 5000, category: 'General', quota: 'All India', sortBy: value })).colleges
      .slice(0, 10)
      .map(apiKey);
    await expect.poll(async () => (await cards(page)).map(cardKey)).toEqual(expected);
    const got = await cards(page);
    if (value === 'fees') {
      const fees = got.map((c) => c.facts['Annual fee']);
      expect(fees.every((f) => f.startsWith('₹'))).toBe(true);
      const n = fees.map((f) => Number(f.replace(/[₹,]/g, '')));
      expect(n).toEqual([...n].sort((a, b) => a - b));
    }
    if (value === 'college') expect(got.map((c) => c.name)).toEqual(got.map((c) => c.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    if (value === 'course') expect(got.map((c) => c.course)).toEqual(got.map((c) => c.course).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  }

  // Preferred courses narrow the results; 'No Medical Colleges Found' when nothing closed at the rank.
  const chosen = ['MS IN ORTHOPAEDICS', 'DIPLOMA IN ORTHOPAEDICS', 'DNB IN ORTHOPAEDICS'];
  const f2 = await openMedicalForm(page, { signedIn: true });
  await f2.getByLabel('CRL rank').fill('20000');
  await f2.getByLabel('Category').selectOption('OBC');
  await f2.getByLabel('Quota').selectOption('All India');
  for (const c of chosen) {
    await f2.getByLabel('Search courses').fill(c.toLowerCase());
    await f2.getByRole('checkbox', { name: c, exact: true }).check();
  }
  await f2.getByRole('button', { name: 'Submit Preferences' }).click();
  await expect(page).toHaveURL(
    /\/medical-colleges\?rank=20000&category=OBC&quota=All\+India&course=MS\+IN\+ORTHOPAEDICS&course=DIPLOMA\+IN\+ORTHOPAEDICS&course=DNB\+IN\+ORTHOPAEDICS$/,
  );
  const ortho = await countSql(
    `quota = 'All India' and category in ('OBC', 'OPEN') and closing_rank >= 20000 and course in (${chosen.map((c) => `'${c}'`).join(', ')})`,
  );
  expect(ortho).toBeGreaterThan(0);
  await expect(
    page.getByText(`${ortho.toLocaleString('en-IN')} ${ortho === 1 ? 'seat' : 'seats'} your NEET PG rank 20,000 could reach (All India, OBC)`),
  ).toBeVisible();
  if (ortho > 10) await scrollToEnd(page);
  await expect(list.getByRole('article')).toHaveCount(ortho);
  for (const c of await cards(page)) {
    expect(chosen).toContain(c.course);
    expect(['OBC', 'OPEN']).toContain(c.facts['Allotted category']);
  }

  const [{ max }] = await query<{ max: number }>(
    `select max(closing_rank)::int as max from medical_reference where quota = 'Jain Minority Quota' and category = 'OPEN'`,
  );
  await page.goto(`/medical-colleges?rank=${max + 1}&category=General&quota=Jain+Minority+Quota`);
  await expect(page.getByRole('heading', { name: 'No Medical Colleges Found' })).toBeVisible();
  await expect(list).toBeHidden();
  // Issue 15: Adjust Preferences opens the form filled with these preferences (it went to the stream choice).
  await page.getByRole('link', { name: 'Adjust Preferences' }).click();
  await expect(page).toHaveURL(new RegExp(`/start\\?stream=medical&rank=${max + 1}&category=General&quota=Jain\\+Minority\\+Quota$`));
  await expect(page.getByRole('form', { name: 'Medical preferences' }).getByLabel('CRL rank')).toHaveValue(String(max + 1));
});

test('a visitor sees the first page, blurred samples and See More Medical Colleges; Sign Up Now unlocks the same results', async ({ page }) => {
  test.setTimeout(90_000);
  const calls = recordCalls(page, PREFS);
  await page.goto(RESULTS);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Medical Dream Awaits' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Medical colleges' });
  await expect(list.getByRole('article')).toHaveCount(10);
  // No modal on arrival (DECISIONS.md); search is disabled (spec §6).
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByLabel('Search colleges')).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'See More Medical Colleges' })).toBeVisible();
  const total = await countSql(`quota = 'All India' and category = 'OPEN' and closing_rank >= 5000`);
  await expect(page.getByText(`${(total - 10).toLocaleString('en-IN')} more seats match your preferences.`)).toBeVisible();
  // The sample cards are placeholders, blurred and hidden from assistive technology.
  const samples = page.locator('[data-id^="clg-"]');
  await expect(samples).toHaveCount(3);
  await expect(samples.first().locator('xpath=ancestor::*[@aria-hidden="true"][1]')).toHaveClass(/blur/);
  // Scrolling to the end loads nothing more.
  await page.mouse.wheel(0, 20_000);
  await page.waitForTimeout(1200);
  expect(calls.map((c) => [c.body.page, c.body.pageSize, c.auth])).toEqual([[1, 10, undefined]]);
  await expect(list.getByRole('article')).toHaveCount(10);

  await page.getByRole('button', { name: 'Sign Up Now' }).click();
  await expect(page.getByRole('dialog', { name: 'Signup' })).toBeVisible();
  await completeSignUp(page);

  // Back on the same results, unlocked.
  await expect(page).toHaveURL(new RegExp(`${RESULTS.replace(/[?+]/g, '\\$&')}$`));
  await expect(page.getByRole('heading', { name: 'See More Medical Colleges' })).toBeHidden();
  await expect(page.getByLabel('Search colleges')).toBeEnabled();
  await expect(list.getByRole('article')).toHaveCount(10);
  await scrollToEnd(page);
  await expect(list.getByRole('article')).toHaveCount(30);
  expect(calls.at(-1)?.auth).toMatch(/^Bearer /);
});

test('results opened without preferences, or refused by the server, go back to the form with the spec message', async ({ page }) => {
  await page.goto('/medical-colleges');
  await expect(page.getByText('No preferences received. Please submit the form first.')).toBeVisible();
  await expect(page).toHaveURL(/\/start$/);

  // A course the catalogue does not have: the server answers 400.
  await page.goto(`${RESULTS}&course=NOT+A+COURSE`);
  await expect(page.getByText('Error loading medical colleges...')).toBeVisible();
  await expect(page).toHaveURL(/\/start$/);
});

test("the submission limit shows 'Max submissions limit per user Breached' for 6 seconds (a signed-in student: the message only)", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signedUpThroughApi(page);
  const calls = recordCalls(page, PREFS);
  await page.goto(RESULTS);
  await expect(page.getByRole('list', { name: 'Medical colleges' }).getByRole('article')).toHaveCount(10);
  const auth = calls.find((c) => c.auth)?.auth;
  expect(auth).toBeDefined();
  // The account has used 1 preference set; 49 more fill the limit of 50 (the harness's default).
  for (let rank = 6001; rank < 6050; rank++)
    await askApi<ApiCollege>(request, PREFS, auth, { ...NEET, rank, category: 'General', quota: 'All India', pageSize: 10 });

  // The 6 seconds are the page's own, on a clock the test moves: on a loaded machine the test's
  // checks can come seconds apart, whatever the page does.
  await page.clock.install();
  const form = await openMedicalForm(page, { signedIn: true });
  await form.getByLabel('CRL rank').fill('7777');
  await form.getByLabel('Category').selectOption('General');
  await form.getByLabel('Quota').selectOption('All India');
  await page.clock.pauseAt(Date.now() + 1_000);
  await form.getByRole('button', { name: 'Submit Preferences' }).click();
  const message = page.getByText('Max submissions limit per user Breached');
  // The page's timers (the query's notices, the toast's own) need time to move: 50 ms a step until
  // the message shows, so that at most 50 ms of its 6 seconds have gone when it is seen.
  await expect
    .poll(async () => {
      await page.clock.runFor(50);
      return message.isVisible();
    })
    .toBe(true);
  // Issue 15: the register modal is for visitors (spec §8); this student already has an account.
  await expect(page.getByRole('dialog', { name: 'Signup' })).toHaveCount(0);
  await page.clock.runFor(5_800);
  await expect(message).toBeVisible();
  // Past 6 s, and its 200 ms way out.
  await page.clock.runFor(600);
  await expect(message).toBeHidden();
  // The page stays on the results route (no redirect to /start for this error).
  await expect(page).toHaveURL(/\/medical-colleges\?rank=7777/);
});
