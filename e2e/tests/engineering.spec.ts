import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signedUpThroughApi, signIn } from '../support/auth.ts';
import { query } from '../support/control.ts';
import { askApi, recordCalls, scrollToEnd } from '../support/results.ts';
import { createAccount } from '../support/sessions.ts';

// Spec §2 Start page and Engineering results page, §4 Preference submit and Compare, §5 rank
// messages, §6 visitor view, §7 page size 35. Expectations come from the real data: the app's own
// API (the order the server gives), SQL on its database, and the JoSAA rules themselves (JEE
// Advanced ranks reach IITs only, JEE Main ranks never do).

const PREFS = '/api/v1/college/preferences';
/** JEE Main, OPEN, Maharashtra, rank 20,000: several hundred programs, some with NIRF packages, some without. */
const MAINS = { examType: '', rank: 20000, seatType: 'OPEN', gender: 'Male', homeState: 'Maharashtra', branch: [] as string[] };
const MAINS_URL = '/colleges?examType=MAINS&rank=20000&seatType=OPEN&gender=Male&homeState=Maharashtra&sportsFacility=Yes&hostelFacility=Yes&messFacility=Yes';

type Card = { id: string; name: string; program: string; facts: Record<string, string>; note: string };
type ApiCollege = {
  id: string;
  'Institute Name': string;
  'Academic Program Name': string;
  'Closing Rank': number;
  'Average Package(LPA)': number | 'NA';
  'Institute Fee (INR)': string;
  tuitionFromYear: number | null;
  nirfRank: number | null;
  nirfRankYear: number | null;
  placementYear: string | null;
  instituteType: string;
  quota: string;
  referenceLabel: string;
  gender: string;
  seatType: string;
  year: number;
  round: number;
  basis: string;
};

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
        note: el.querySelector('[data-testid="seat-note"]')?.textContent ?? '',
      })),
    );
}

const closing = (c: Card) => Number(c.facts['Closing rank'].replace(/,/g, ''));
/** A figure the card does not show is one the data lacks (the card names those once, not as NA each). */
const packageOf = (c: Card) => Object.entries(c.facts).find(([k]) => k.startsWith('Median package'))?.[1] ?? 'NA';
const factOf = (c: Card, label: string) => c.facts[label] ?? 'NA';
const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

async function iitNames(): Promise<Set<string>> {
  const rows = await query<{ name: string }>(`select name from engineering_institutes where type = 'IIT'`);
  expect(rows.length).toBeGreaterThan(20);
  return new Set(rows.map((r) => r.name));
}

async function seriousAxeViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function openEngineeringForm(page: Page, opts: { signedIn?: boolean } = {}) {
  await page.goto('/start');
  // After a full load the session is restored first (a visitor's submit would open the login modal).
  if (opts.signedIn) await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
  await page.getByRole('button', { name: /^Engineering/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Engineering preferences' })).toBeVisible();
  return page.getByRole('form', { name: 'Engineering preferences' });
}

test('the start page: stream choice, Change Stream, the engineering form, every validation message, and a visitor asked to sign in', async ({ page }) => {
  await page.goto('/start');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your stream' })).toBeVisible();
  await page.getByRole('button', { name: /^Medical/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'NEET rank' })).toBeVisible();
  await page.getByRole('button', { name: 'Change Stream' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your stream' })).toBeVisible();
  await page.getByRole('button', { name: /^Engineering/ }).click();
  const form = page.getByRole('form', { name: 'Engineering preferences' });
  await expect(form).toBeVisible();

  // The spec's fields and lists.
  const exam = form.getByRole('group', { name: 'Exam type' });
  await expect(exam.getByRole('radio')).toHaveCount(3);
  for (const label of ['JEE Mains', 'JEE Advanced', 'CSAB']) await expect(exam.getByRole('radio', { name: label })).not.toBeChecked();
  await expect(form.getByLabel('Category', { exact: true }).locator('option')).toHaveText([
    'Select category',
    'OPEN',
    'OPEN(PWD)',
    'EWS',
    'EWS(PWD)',
    'OBC-NCL',
    'OBC-NCL(PWD)',
    'SC',
    'SC(PWD)',
    'ST',
    'ST(PWD)',
  ]);
  await expect(form.getByLabel('Gender').locator('option')).toHaveText(['Male', 'Female']);
  // Every state and union territory plus 'Outside India' (DECISIONS.md), after the placeholder.
  const states = form.getByLabel('Home state').locator('option');
  await expect(states).toHaveCount(1 + 36 + 1);
  await expect(states.first()).toHaveText('Select your home state');
  for (const s of ['Maharashtra', 'Ladakh', 'Jammu and Kashmir', 'Goa', 'Outside India'])
    await expect(states.filter({ hasText: new RegExp(`^${s}$`) })).toHaveCount(1);
  for (const f of ['Sports facility', 'Mess facility', 'Hostel facility']) {
    await expect(form.getByLabel(f)).toHaveValue('Yes');
    await expect(form.getByLabel(f).locator('option')).toHaveText(['Yes', 'No']);
  }
  // No data set has facilities: the form says the three answers cannot change the results.
  await expect(form.getByText('Facility data is not yet available: these answers do not change the results.')).toBeVisible();

  // Nothing filled: the required messages (spec §5).
  await form.getByRole('button', { name: 'Submit Preferences' }).click();
  await expect(form.getByText('Exam type is required')).toBeVisible();
  await expect(form.getByText('Category is required')).toBeVisible();
  await expect(form.getByText('Rank is required')).toBeVisible();
  await expect(form.getByText('Home state is required')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeHidden();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Each message clears when its field is edited.
  await exam.getByRole('radio', { name: 'JEE Mains' }).check();
  await expect(form.getByText('Exam type is required')).toBeHidden();
  await form.getByLabel('Home state').selectOption('Maharashtra');
  await expect(form.getByText('Home state is required')).toBeHidden();

  // Rank label: 'General Rank' for OPEN, 'Category Rank' otherwise.
  await expect(form.getByLabel('General Rank')).toBeVisible();
  await form.getByLabel('Category', { exact: true }).selectOption('OBC-NCL');
  await expect(form.getByText('Category is required')).toBeHidden();
  await expect(form.getByLabel('Category Rank')).toBeVisible();
  await expect(form.getByLabel('General Rank')).toHaveCount(0);
  await form.getByLabel('Category', { exact: true }).selectOption('OPEN');
  await expect(form.getByLabel('General Rank')).toBeVisible();
  await expect(form.getByLabel('Category Rank')).toHaveCount(0);

  // Digits only, positive.
  const rank = form.getByLabel('General Rank');
  await rank.fill('1500');
  await expect(form.getByText('Rank is required')).toBeHidden();
  for (const bad of ['abc', '12.5', '-40', '0', '1e4', '15 00']) {
    await rank.fill(bad);
    await form.getByRole('button', { name: 'Submit Preferences' }).click();
    await expect(form.getByText('Please enter a valid positive integer')).toBeVisible();
    await rank.fill('1500');
    await expect(form.getByText('Please enter a valid positive integer')).toBeHidden();
  }
  await rank.fill('');
  await form.getByRole('button', { name: 'Submit Preferences' }).click();
  await expect(form.getByText('Rank is required')).toBeVisible();
  await rank.fill('1500');

  // A reserved category may add its CRL rank (digits only) to match OPEN seats too.
  await form.getByLabel('Category', { exact: true }).selectOption('SC');
  await form.getByLabel('CRL rank (optional)').fill('12a');
  await form.getByRole('button', { name: 'Submit Preferences' }).click();
  await expect(form.getByText('Please enter a valid positive integer')).toBeVisible();
  await form.getByLabel('CRL rank (optional)').fill('');
  await expect(form.getByText('Please enter a valid positive integer')).toBeHidden();
  await form.getByLabel('Category', { exact: true }).selectOption('OPEN');
  await expect(form.getByLabel('CRL rank (optional)')).toHaveCount(0);

  // CSAB: the category is not required (the spec's field is gone), but offered as optional,
  // OPEN by default (docs/decisions/0011-csab-category.md).
  await form.getByLabel('Category', { exact: true }).selectOption('');
  await exam.getByRole('radio', { name: 'CSAB' }).check();
  await expect(form.getByLabel('Category', { exact: true })).toHaveCount(0);
  const csabCategory = form.getByLabel('Category (optional)');
  await expect(csabCategory).toHaveValue('');
  await expect(csabCategory.locator('option')).toHaveText([
    'OPEN (default)',
    'OPEN',
    'OPEN(PWD)',
    'EWS',
    'EWS(PWD)',
    'OBC-NCL',
    'OBC-NCL(PWD)',
    'SC',
    'SC(PWD)',
    'ST',
    'ST(PWD)',
  ]);
  // CSAB ranks every seat type on the common rank list: one rank, the CRL rank, whatever the category (decision 0011).
  await expect(form.getByLabel('JEE Main CRL rank')).toHaveValue('1500');
  await csabCategory.selectOption('SC');
  await expect(form.getByLabel('JEE Main CRL rank')).toHaveValue('1500');
  await expect(form.getByLabel('CRL rank (optional)')).toHaveCount(0);
  await csabCategory.selectOption('');
  await expect(form.getByLabel('JEE Main CRL rank')).toHaveValue('1500');
  // B.Arch and B.Planning (NIT+) need Paper 2 ranks: optional fields that say so; none for JEE Advanced (decision 0021).
  await expect(form.getByLabel('B.Arch: JEE Main Paper 2A common-rank-list rank (optional)')).toBeVisible();
  await expect(
    form.getByText('B.Arch seats at NITs, IIITs and GFTIs are allotted on this rank, not on your B.E./B.Tech rank; they are listed only when you give it.'),
  ).toBeVisible();
  await exam.getByRole('radio', { name: 'JEE Mains' }).check();
  await expect(form.getByLabel('B.Arch: JEE Main Paper 2A rank (optional)')).toBeVisible();
  await expect(form.getByLabel('B.Planning: JEE Main Paper 2B rank (optional)')).toBeVisible();
  await exam.getByRole('radio', { name: 'JEE Advanced' }).check();
  await expect(form.getByLabel(/Paper 2[AB]/)).toHaveCount(0);
  await expect(form.getByLabel('Category', { exact: true })).toBeVisible();
  await form.getByRole('button', { name: 'Submit Preferences' }).click();
  await expect(form.getByText('Category is required')).toBeVisible();
  await exam.getByRole('radio', { name: 'CSAB' }).check();

  // Branches: a multi-select of the 18 groups, optional.
  await form.getByText(/^Branches \(/).click();
  const branches = form.getByRole('group', { name: 'Branches' });
  await expect(branches.getByRole('checkbox')).toHaveCount(18);
  await expect(form.getByText('Branches (optional: all branches)')).toBeVisible();
  await branches.getByRole('checkbox', { name: 'Computer Science & IT' }).check();
  await branches.getByRole('checkbox', { name: 'Civil' }).check();
  await expect(form.getByText('Branches (2 selected)')).toBeVisible();

  // Spec §4: a visitor's valid submit opens the login modal and stays on the form.
  await form.getByRole('button', { name: 'Submit Preferences' }).click();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  await expect(page).toHaveURL(/\/start$/);
});

test('a student submits JEE Main preferences, scrolls to page 3, searches and tries every sort', async ({ page, request }) => {
  test.setTimeout(150_000);
  await signedUpThroughApi(page);
  const calls = recordCalls(page, PREFS);
  const form = await openEngineeringForm(page, { signedIn: true });
  await form.getByRole('group', { name: 'Exam type' }).getByRole('radio', { name: 'JEE Mains' }).check();
  await form.getByLabel('Category', { exact: true }).selectOption('OPEN');
  await form.getByLabel('General Rank').fill('20000');
  await form.getByLabel('Gender').selectOption('Male');
  await form.getByLabel('Home state').selectOption('Maharashtra');
  await form.getByRole('button', { name: 'Submit Preferences' }).click();

  // The preferences travel as query parameters (spec §4).
  await expect(page).toHaveURL(new RegExp(`${MAINS_URL.replace(/[?+]/g, '\\$&')}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Shape Your Dreams with Us' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Colleges' });
  await expect(list.getByRole('article')).toHaveCount(35);
  expect(calls.map((c) => c.body)).toEqual([
    { ...MAINS, sportsFacility: true, hostelFacility: true, messFacility: true, page: 1, pageSize: 35, sortBy: 'rank', searchQuery: '' },
  ]);
  const auth = calls[0].auth;
  expect(auth).toMatch(/^Bearer /);

  // Every reachable program by the rules, read independently from the database.
  const [{ n: total }] = await query<{ n: number }>(
    `select count(*)::int as n from engineering_reference where scheme = 'josaa' and institute_type <> 'IIT' and gender = 'Gender-Neutral'
       and seat_type = 'OPEN' and closing_rank >= 20000 and (quota = 'AI' or (quota = 'HS' and state = 'Maharashtra') or (quota = 'OS' and state is distinct from 'Maharashtra'))`,
  );
  expect(total).toBeGreaterThan(105);
  await expect(
    page.getByText(
      `${total.toLocaleString('en-IN')} programs your rank 20,000 could reach, judged on the official closing ranks of JoSAA 2026 round 5 (round 6 not yet in our data).`,
    ),
  ).toBeVisible();
  const server = await askApi<ApiCollege>(request, PREFS, auth, { ...MAINS, pageSize: 100 });
  expect(server.totalDocuments).toBe(total);
  const page2 = await askApi<ApiCollege>(request, PREFS, auth, { ...MAINS, pageSize: 100, page: 2 });

  // Infinite scroll: page 2, then page 3 (35 each).
  await scrollToEnd(page);
  await expect(list.getByRole('article')).toHaveCount(70);
  await scrollToEnd(page);
  await expect(list.getByRole('article')).toHaveCount(105);
  expect(calls.map((c) => [c.body.page, c.body.pageSize])).toEqual([
    [1, 35],
    [2, 35],
    [3, 35],
  ]);
  const shown = await cards(page);
  const expected = [...server.colleges, ...page2.colleges].slice(0, 105);
  expect(shown.map((c) => c.id)).toEqual(expected.map((c) => c.id));
  expect(new Set(shown.map((c) => c.id)).size).toBe(105);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Each card: institute, program, closing rank (never better than the student's), quota and pool,
  // year and round; a JEE Main rank never shows an IIT.
  const iits = await iitNames();
  const quotaLabel: Record<string, string> = { AI: 'All India', HS: 'Home state', OS: 'Other state' };
  for (const [i, c] of shown.entries()) {
    const s = expected[i];
    expect(c.name).toBe(s['Institute Name']);
    expect(c.program).toBe(s['Academic Program Name']);
    expect(iits.has(c.name)).toBe(false);
    expect(s.instituteType).not.toBe('IIT');
    expect(closing(c)).toBe(s['Closing Rank']);
    expect(closing(c)).toBeGreaterThanOrEqual(20000);
    expect(c.facts['Quota · pool']).toBe(`${quotaLabel[s.quota]} · Gender-neutral`);
    expect(c.note).toBe(`OPEN seat · ${s.referenceLabel}`);
    expect(packageOf(c)).toBe(s['Average Package(LPA)'] === 'NA' ? 'NA' : `${s['Average Package(LPA)']} LPA`);
  }
  // Default sort: closing rank ascending.
  const ranks = shown.map(closing);
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  // Home-state seats are only in Maharashtra: check where the server says so.
  const hsIds = expected.filter((s) => s.quota === 'HS').map((s) => s.id);
  const [{ n: hsOutside }] = await query<{ n: number }>(
    `select count(*)::int as n from engineering_reference where id in (${['', ...hsIds].map((id) => `'${id}'`).join(',')}) and state <> 'Maharashtra'`,
  );
  expect(hsOutside).toBe(0);

  // Search (debounced) goes to the server, narrows the cards and restarts at page 1.
  calls.length = 0;
  await page.getByLabel('Search colleges').pressSequentially('bhopal');
  await expect(page).toHaveURL(/[?&]q=bhopal/);
  const bhopal = await askApi<ApiCollege>(request, PREFS, auth, { ...MAINS, searchQuery: 'bhopal' });
  expect(bhopal.totalDocuments).toBeGreaterThan(5);
  expect(bhopal.totalDocuments).toBeLessThan(35);
  await expect(page.getByText(`${bhopal.totalDocuments} programs your rank 20,000 could reach`)).toBeVisible();
  await expect(list.getByRole('article')).toHaveCount(bhopal.totalDocuments);
  // Typed key by key, settled into one search call (500 ms debounce), from page 1.
  expect(calls.map((c) => [c.body.searchQuery, c.body.page])).toEqual([['bhopal', 1]]);
  for (const c of await cards(page)) expect(`${c.name} ${c.program}`.toLowerCase()).toContain('bhopal');

  // Every sort key, over the narrowed list (packages and NA both present): the server's order,
  // and the order the spec gives for what is shown.
  const sort = page.getByLabel('Sort by');
  await expect(sort).toHaveValue('rank');
  // The spec's five sorts, then the chance of admission (issue 13, highest first).
  await expect(sort.locator('option')).toHaveText(['Closing rank', 'Package', 'Fees', 'Program', 'College', 'Chance of admission']);
  for (const [value, label] of [
    ['package', 'Package'],
    ['fees', 'Fees'],
    ['program', 'Program'],
    ['college', 'College'],
    ['rank', 'Closing rank'],
  ] as const) {
    await sort.selectOption({ label });
    if (value !== 'rank') await expect(page).toHaveURL(new RegExp(`sortBy=${value}`));
    else await expect(page).not.toHaveURL(/sortBy=/);
    const want = (await askApi<ApiCollege>(request, PREFS, auth, { ...MAINS, searchQuery: 'bhopal', sortBy: value })).colleges.map((c) => c.id);
    await expect.poll(async () => (await cards(page)).map((c) => c.id)).toEqual(want);
    const got = await cards(page);
    if (value === 'package') {
      // Highest package first, NA last, ties by closing rank.
      const pk = got.map((c) => (packageOf(c) === 'NA' ? null : Number(packageOf(c).replace(' LPA', ''))));
      const firstNa = pk.indexOf(null);
      expect(firstNa).toBeGreaterThan(0);
      expect(pk.slice(firstNa).every((p) => p === null)).toBe(true);
      for (let i = 1; i < got.length; i++) {
        const [a, b] = [pk[i - 1], pk[i]];
        if (a !== null && b !== null) expect(a).toBeGreaterThanOrEqual(b);
        if (a === b) expect(closing(got[i - 1])).toBeLessThanOrEqual(closing(got[i]));
      }
    }
    if (value === 'fees') {
      // Tuition (IIT/NIT central rates, fees/tuition_policy.csv) lowest first, 'NA' (IIITs, GFTIs) last, ties by closing rank.
      const fee = (c: Card) =>
        factOf(c, 'Tuition per year') === 'NA' ? Infinity : Number(c.facts['Tuition per year'].replace(/^₹([\d,]+).*$/, '$1').replace(/,/g, ''));
      expect(got.some((c) => fee(c) === 125000)).toBe(true);
      expect(got.some((c) => fee(c) === Infinity)).toBe(true);
      for (let i = 1; i < got.length; i++) {
        expect(fee(got[i - 1])).toBeLessThanOrEqual(fee(got[i]));
        if (fee(got[i - 1]) === fee(got[i])) expect(closing(got[i - 1])).toBeLessThanOrEqual(closing(got[i]));
      }
      for (const c of got) if (fee(c) !== Infinity) expect(c.facts['Tuition per year']).toBe('₹1,25,000 (NIT rate since 2016)');
    }
    if (value === 'program') expect(got.map((c) => c.program)).toEqual(got.map((c) => c.program).sort(byteOrder));
    if (value === 'college') expect(got.map((c) => c.name)).toEqual(got.map((c) => c.name).sort(byteOrder));
    if (value === 'rank') expect(got.map(closing)).toEqual(got.map(closing).sort((a, b) => a - b));
  }

  // Clearing the search brings back everything.
  await page.getByLabel('Search colleges').fill('');
  await expect(page.getByText(`${total.toLocaleString('en-IN')} programs your rank 20,000 could reach`)).toBeVisible();
  // (the pages already scrolled through come back from the cache)
  await expect.poll(async () => (await cards(page)).map((c) => c.id).slice(0, 35)).toEqual(expected.slice(0, 35).map((c) => c.id));
});

test('JEE Advanced reaches IITs only, CSAB NIT+ only; a rank no IIT closed at shows No Colleges Found', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signedUpThroughApi(page);
  const calls = recordCalls(page, PREFS);
  const iits = await iitNames();

  // JEE Advanced, OBC-NCL category rank 2,000, female, with two branches.
  const form = await openEngineeringForm(page, { signedIn: true });
  await form.getByRole('group', { name: 'Exam type' }).getByRole('radio', { name: 'JEE Advanced' }).check();
  await form.getByLabel('Category', { exact: true }).selectOption('OBC-NCL');
  await form.getByLabel('Category Rank').fill('2000');
  await form.getByLabel('Gender').selectOption('Female');
  await form.getByLabel('Home state').selectOption('Tamil Nadu');
  await form.getByText(/^Branches \(/).click();
  await form.getByRole('checkbox', { name: 'Computer Science & IT' }).check();
  await form.getByRole('checkbox', { name: 'Electrical & Electronics' }).check();
  await form.getByLabel('Hostel facility').selectOption('No');
  await form.getByRole('button', { name: 'Submit Preferences' }).click();
  await expect(page).toHaveURL(
    /\/colleges\?examType=IIT&rank=2000&seatType=OBC-NCL&gender=Female&homeState=Tamil\+Nadu&branch=Computer\+Science\+%26\+IT&branch=Electrical\+%26\+Electronics&sportsFacility=Yes&hostelFacility=No&messFacility=Yes$/,
  );
  const list = page.getByRole('list', { name: 'Colleges' });
  await expect(list.getByRole('article').first()).toBeVisible();
  expect(calls[0].body).toMatchObject({
    examType: 'IIT',
    rank: 2000,
    seatType: 'OBC-NCL',
    gender: 'Female',
    branch: ['Computer Science & IT', 'Electrical & Electronics'],
    hostelFacility: false,
  });
  const auth = calls[0].auth;
  const adv = await askApi<ApiCollege>(request, PREFS, auth, {
    examType: 'IIT',
    rank: 2000,
    seatType: 'OBC-NCL',
    gender: 'Female',
    homeState: 'Tamil Nadu',
    branch: ['Computer Science & IT', 'Electrical & Electronics'],
    hostelFacility: 'No',
  });
  expect(adv.totalDocuments).toBeGreaterThan(0);
  expect(adv.totalDocuments).toBeLessThanOrEqual(100);
  if (adv.totalDocuments > 35) await scrollToEnd(page);
  await expect(list.getByRole('article')).toHaveCount(adv.totalDocuments);
  const shown = await cards(page);
  expect(shown.map((c) => c.id)).toEqual(adv.colleges.map((c) => c.id));
  for (const [i, c] of shown.entries()) {
    expect(iits.has(c.name)).toBe(true);
    expect(adv.colleges[i].instituteType).toBe('IIT');
    expect(['Computer Science & IT', 'Electrical & Electronics']).toContain((adv.colleges[i] as unknown as { branchGroup: string }).branchGroup);
    expect(closing(c)).toBeGreaterThanOrEqual(2000);
    expect(c.note).toMatch(/^OBC-NCL seat · JoSAA \d{4} round \d( \(round \d not yet in our data\))?$/);
    // Tuition is the IIT rate, labelled as tuition; the NIRF rank shows its edition; a package its batch.
    expect(c.facts['Tuition per year']).toBe('₹2,00,000 (IIT rate since 2016)');
    const api = adv.colleges[i];
    expect(factOf(c, 'NIRF rank')).toBe(api.nirfRank === null ? 'NA' : `${api.nirfRank} (NIRF ${api.nirfRankYear})`);
    if (api.placementYear) expect(Object.keys(c.facts)).toContain(`Median package (NIRF, ${api.placementYear})`);
    else expect(packageOf(c)).toBe('NA');
  }
  expect(shown.some((c) => /^\d+ \(NIRF 2025\)$/.test(factOf(c, 'NIRF rank')))).toBe(true);
  // A female student sees both pools.
  expect(new Set(shown.map((c) => c.facts['Quota · pool'].split(' · ')[1]))).toEqual(new Set(['Gender-neutral', 'Female-only']));

  // CSAB through the form, which kept this tab's last answers (CSAB's own category is optional and
  // was not chosen): NIT+ seats only, no category sent, judged on CSAB 2025's rounds.
  const again = await openEngineeringForm(page, { signedIn: true });
  await expect(again.getByRole('radio', { name: 'JEE Advanced' })).toBeChecked();
  await expect(again.getByLabel('Category Rank')).toHaveValue('2000');
  await again.getByRole('radio', { name: 'CSAB' }).check();
  await again.getByLabel('JEE Main CRL rank').fill('60000');
  await again.getByLabel('Gender').selectOption('Male');
  await again.getByLabel('Home state').selectOption('Bihar');
  await again.getByText(/^Branches \(/).click();
  await again.getByRole('checkbox', { name: 'Computer Science & IT' }).uncheck();
  await again.getByRole('checkbox', { name: 'Electrical & Electronics' }).uncheck();
  await again.getByLabel('Hostel facility').selectOption('Yes');
  calls.length = 0;
  await again.getByRole('button', { name: 'Submit Preferences' }).click();
  await expect(page).toHaveURL(/\/colleges\?examType=CSAB&rank=60000&gender=Male&homeState=Bihar&sportsFacility=Yes&hostelFacility=Yes&messFacility=Yes$/);
  await expect(list.getByRole('article')).toHaveCount(35);
  expect(calls[0].body).toEqual({
    examType: 'CSAB',
    rank: 60000,
    gender: 'Male',
    homeState: 'Bihar',
    branch: [],
    sportsFacility: true,
    hostelFacility: true,
    messFacility: true,
    page: 1,
    pageSize: 35,
    sortBy: 'rank',
    searchQuery: '',
  });
  const csab = await cards(page);
  expect(csab.some((c) => / · CSAB 2025 round \d · common-rank-list ranks$/.test(c.note))).toBe(true);
  for (const c of csab) {
    expect(iits.has(c.name)).toBe(false);
    expect(closing(c)).toBeGreaterThanOrEqual(60000);
    expect(c.note).toMatch(/^OPEN seat · CSAB 2025 round \d · common-rank-list ranks$/);
  }

  // An SC student in CSAB chooses the optional category and sees CSAB's SC and OPEN seats, all on the CRL.
  const sc = await openEngineeringForm(page, { signedIn: true });
  await sc.getByLabel('Category (optional)').selectOption('SC');
  await sc.getByLabel('JEE Main CRL rank').fill('5000');
  calls.length = 0;
  await sc.getByRole('button', { name: 'Submit Preferences' }).click();
  await expect(page).toHaveURL(/\/colleges\?examType=CSAB&rank=5000&seatType=SC&gender=Male&homeState=Bihar&/);
  await expect(list.getByRole('article').first()).toBeVisible();
  expect(calls[0].body).toMatchObject({ examType: 'CSAB', rank: 5000, seatType: 'SC' });
  const scCards = await cards(page);
  expect(scCards.length).toBeGreaterThan(0);
  for (const c of scCards) {
    expect(c.note).toMatch(/^(SC|OPEN) seat · CSAB 2025 round \d · common-rank-list ranks$/);
    expect(closing(c)).toBeGreaterThanOrEqual(5000);
  }

  // No IIT seat closed at or beyond this rank in the reference data: the empty state.
  const [{ max }] = await query<{ max: number }>(
    `select max(closing_rank)::int as max from engineering_reference where institute_type = 'IIT' and seat_type = 'OPEN' and gender = 'Gender-Neutral'`,
  );
  await page.goto(`/colleges?examType=IIT&rank=${max + 1}&seatType=OPEN&gender=Male&homeState=Kerala&sportsFacility=Yes&hostelFacility=Yes&messFacility=Yes`);
  await expect(page.getByRole('heading', { name: 'No Colleges Found' })).toBeVisible();
  await expect(list).toBeHidden();
  // The same rank reaches NITs with JEE Main.
  expect(
    (await askApi<ApiCollege>(request, PREFS, auth, { examType: '', rank: max + 1, seatType: 'OPEN', gender: 'Male', homeState: 'Kerala', branch: [] }))
      .totalDocuments,
  ).toBeGreaterThan(0);
  // Issue 15: Adjust Preferences opens the form filled with these preferences (it went to the stream choice).
  await page.getByRole('link', { name: 'Adjust Preferences' }).click();
  await expect(page).toHaveURL(new RegExp(`/start\\?stream=engineering&examType=IIT&rank=${max + 1}&seatType=OPEN&gender=Male&homeState=Kerala&`));
  await expect(page.getByRole('heading', { level: 1, name: 'Engineering preferences' })).toBeVisible();
  await expect(page.getByLabel('General Rank')).toHaveValue(String(max + 1));
});

test('results opened without preferences go back to the form with the spec message', async ({ page }) => {
  await page.goto('/colleges');
  await expect(page.getByText('No preferences received. Please submit the form first.')).toBeVisible();
  await expect(page).toHaveURL(/\/start$/);
});

test('a visitor sees the first 35, blurred samples and the sign-in overlay; Sign In to Continue unlocks the same results', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // An account made (through the API) in another browser context, so this page stays signed out.
  const other = await browser.newContext();
  const creds = await createAccount(other.request);
  await other.close();

  const calls = recordCalls(page, PREFS);
  await page.goto(MAINS_URL);
  await expect(page.getByRole('heading', { level: 1, name: 'Shape Your Dreams with Us' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Colleges' });
  await expect(list.getByRole('article')).toHaveCount(35);
  // No modal on arrival (DECISIONS.md); search is disabled (spec §6).
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByLabel('Search colleges')).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Want to see more colleges?' })).toBeVisible();
  await expect(page.getByText('Sign in to explore more colleges and use all features')).toBeVisible();
  const samples = page.locator('[data-id^="clg-"]');
  await expect(samples).toHaveCount(3);
  await expect(samples.first().locator('xpath=ancestor::*[@aria-hidden="true"][1]')).toHaveClass(/blur/);
  expect(await seriousAxeViolations(page)).toEqual([]);
  const firstPage = (await cards(page)).map((c) => c.id);
  // Scrolling to the end loads nothing more.
  await page.mouse.wheel(0, 20_000);
  await page.waitForTimeout(1200);
  expect(calls.map((c) => [c.body.page, c.auth])).toEqual([[1, undefined]]);
  await expect(list.getByRole('article')).toHaveCount(35);
  // The server refuses a visitor's page 2 and search too.
  const refused = await page.request.post(PREFS, { data: { ...MAINS, page: 2 } });
  expect(refused.status()).toBe(401);
  // Add to Compare asks a visitor to sign in (spec §4).
  await list.getByRole('article').first().getByRole('button', { name: 'Add to Compare' }).click();
  const login = page.getByRole('dialog', { name: 'Login' });
  await expect(login).toBeVisible();
  await login.getByRole('button', { name: 'Close' }).click();
  await expect(login).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${MAINS_URL.replace(/[?+]/g, '\\$&')}$`));

  await page.getByRole('button', { name: 'Sign In to Continue' }).click();
  await signIn(page, creds);

  // Back on the same results, unlocked.
  await expect(page).toHaveURL(new RegExp(`${MAINS_URL.replace(/[?+]/g, '\\$&')}$`));
  await expect(page.getByRole('heading', { name: 'Want to see more colleges?' })).toBeHidden();
  await expect(samples).toHaveCount(0);
  await expect(page.getByLabel('Search colleges')).toBeEnabled();
  await expect(list.getByRole('article')).toHaveCount(35);
  expect((await cards(page)).map((c) => c.id)).toEqual(firstPage);
  await scrollToEnd(page);
  await expect(list.getByRole('article')).toHaveCount(70);
  expect(calls.at(-1)?.auth).toMatch(/^Bearer /);
  expect(calls.at(-1)?.body.page).toBe(2);
});

test('Add to Compare toggles, and a fourth college shows the compare alert', async ({ page }) => {
  test.setTimeout(90_000);
  await signedUpThroughApi(page);
  const calls = recordCalls(page, PREFS);
  await page.goto(MAINS_URL);
  // After a full load the session is restored first (a visitor's click would open the login modal).
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
  const articles = page.getByRole('list', { name: 'Colleges' }).getByRole('article');
  await expect(articles).toHaveCount(35);
  // A signed-in student reloading results is never treated as a visitor while the session is restored.
  await expect(page.getByLabel('Search colleges')).toBeEnabled();
  expect(calls.length).toBeGreaterThan(0);
  expect(calls.filter((c) => !c.auth)).toEqual([]);
  const toggle = (i: number) => articles.nth(i).getByRole('button', { name: /to Compare$/ });

  await toggle(0).click();
  await expect(toggle(0)).toHaveText('Added to Compare');
  await expect(toggle(0)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('1 of 3 selected for comparison')).toBeVisible();
  // A second click removes it.
  await toggle(0).click();
  await expect(toggle(0)).toHaveText('Add to Compare');
  await expect(toggle(0)).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText(/of 3 selected for comparison/)).toHaveCount(0);

  for (const i of [0, 1, 2]) await toggle(i).click();
  await expect(page.getByText('3 of 3 selected for comparison')).toBeVisible();
  await toggle(3).click();
  const alert = page.getByRole('dialog', { name: 'Compare colleges' });
  await expect(alert.getByText('You can only compare up to 3 colleges.')).toBeVisible();
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
  await expect(toggle(3)).toHaveText('Add to Compare');
  await expect(page.getByText('3 of 3 selected for comparison')).toBeVisible();
  // Removing one makes room again.
  await toggle(1).click();
  await toggle(3).click();
  await expect(toggle(3)).toHaveText('Added to Compare');
  await expect(page.getByText('3 of 3 selected for comparison')).toBeVisible();

  // Opening results afresh keeps the list until the student clears it (docs/decisions/0028, a departure from spec §4).
  await page.goto(`${MAINS_URL}&sortBy=college`);
  await expect(articles).toHaveCount(35);
  await expect(page.getByText('3 of 3 selected for comparison')).toBeVisible();
});

test("past the submission limit the results page says 'Max submissions limit per user Breached' (a signed-in student: the message only)", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signedUpThroughApi(page);
  const calls = recordCalls(page, PREFS);
  await page.goto(MAINS_URL);
  await expect(page.getByRole('list', { name: 'Colleges' }).getByRole('article')).toHaveCount(35);
  const auth = calls.find((c) => c.auth)?.auth;
  expect(auth).toBeDefined();
  // The account has used 1 preference set; 49 more fill the limit of 50 (the harness's default).
  // Paging, sorting and searching the same set do not count.
  for (let rank = 30001; rank < 30050; rank++) await askApi<ApiCollege>(request, PREFS, auth, { ...MAINS, rank, pageSize: 1 });
  await askApi<ApiCollege>(request, PREFS, auth, { ...MAINS, rank: 30001, page: 2, sortBy: 'college', searchQuery: 'nit', pageSize: 1 });

  await page.goto(MAINS_URL.replace('rank=20000', 'rank=44444'));
  await expect(page.getByText('Max submissions limit per user Breached')).toBeVisible();
  // Issue 15: the register modal is for visitors (spec §8); this student already has an account.
  await page.waitForTimeout(500);
  await expect(page.getByRole('dialog', { name: 'Signup' })).toHaveCount(0);
  // It stays on the results route (no redirect to /start for this error), with no cards.
  await expect(page).toHaveURL(/\/colleges\?examType=MAINS&rank=44444/);
  await expect(page.getByRole('list', { name: 'Colleges' })).toBeHidden();
  // A set already counted still answers.
  expect((await askApi<ApiCollege>(request, PREFS, auth, { ...MAINS, rank: 30001, pageSize: 1 })).totalDocuments).toBeGreaterThan(0);
});
