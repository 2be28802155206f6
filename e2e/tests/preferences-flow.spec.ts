import { expect, test, type Page } from '@playwright/test';
import { completeSignUp, signedUpThroughApi, signIn } from '../support/auth.ts';
import { query, setGoogleIdentity } from '../support/control.ts';
import { recordCalls, scrollToEnd } from '../support/results.ts';
import { createAccount } from '../support/sessions.ts';

// Issue 15, the rough edges of the preference flow: signing in from the submit prompt carries on to
// the results; the results say which preferences they answer, with Edit back to the filled form;
// a fresh form never hides an earlier search's ticks; Back from a card returns to the same place.

const ENGINEERING = '/api/v1/college/preferences';
const MEDICAL = '/api/v1/medical-college/preferences';
const MAINS_URL = '/colleges?examType=MAINS&rank=20000&seatType=OPEN&gender=Male&homeState=Maharashtra&sportsFacility=Yes&hostelFacility=Yes&messFacility=Yes';

/** An account made through the API in another browser context, so `page` stays a visitor until it signs in. */
async function accountElsewhere(page: Page) {
  const other = await page.context().browser()!.newContext();
  const creds = await createAccount(other.request);
  await other.close();
  return creds;
}

async function openForm(page: Page, stream: 'Engineering' | 'Medical') {
  await page.goto('/start');
  await page.getByRole('button', { name: new RegExp(`^${stream}`) }).click();
  return page.getByRole('form', { name: stream === 'Engineering' ? 'Engineering preferences' : 'Medical preferences' });
}

async function fillEngineering(page: Page, opts: { branches?: string[] } = {}) {
  const form = await openForm(page, 'Engineering');
  await form.getByRole('radio', { name: 'JEE Mains' }).check();
  await form.getByLabel('Category', { exact: true }).selectOption('OPEN');
  await form.getByLabel('General Rank').fill('20000');
  await form.getByLabel('Home state').selectOption('Maharashtra');
  if (opts.branches?.length) {
    await form.getByText(/^Branches \(/).click();
    for (const b of opts.branches) await form.getByRole('checkbox', { name: b }).check();
  }
  return form;
}

const preferences = (page: Page) => page.getByRole('region', { name: 'Your preferences' });

/**
 * The applied preferences a results page shows, label → value. The page's prerendered loading frame
 * has the box with placeholder values, unseen until the page runs and fills in the URL's: wait for
 * the values to show, not the box.
 */
async function applied(page: Page): Promise<Record<string, string>> {
  await expect(preferences(page).locator('dl')).toBeVisible();
  return preferences(page)
    .locator('dl > div')
    .evaluateAll((rows) => Object.fromEntries(rows.map((r) => [r.querySelector('dt')!.textContent!.replace(/:$/, ''), r.querySelector('dd')!.textContent!])));
}

test('a visitor who signs in from the submit prompt lands on the engineering results without submitting again', async ({ page }) => {
  const creds = await accountElsewhere(page);
  const calls = recordCalls(page, ENGINEERING);
  const form = await fillEngineering(page);
  await form.getByRole('button', { name: 'Submit Preferences' }).click();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  await expect(page).toHaveURL(/\/start$/);
  await signIn(page, creds);

  await expect(page).toHaveURL(new RegExp(`${MAINS_URL.replace(/[?+]/g, '\\$&')}$`));
  await expect(page.getByRole('list', { name: 'Colleges' }).getByRole('article')).toHaveCount(35);
  // Signed in: the full results (search on), asked with the student's token.
  await expect(page.getByLabel('Search colleges')).toBeEnabled();
  expect(calls.map((c) => [c.body.rank, c.body.page, Boolean(c.auth)])).toEqual([[20000, 1, true]]);
});

test('a visitor who signs up from the submit prompt, then logs in, lands on the medical results', async ({ page }) => {
  const calls = recordCalls(page, MEDICAL);
  const form = await openForm(page, 'Medical');
  await form.getByLabel('CRL rank').fill('5000');
  await form.getByLabel('Category').selectOption('General');
  await form.getByLabel('Quota').selectOption('All India');
  await form.getByRole('button', { name: 'Submit Preferences' }).click();
  const login = page.getByRole('dialog', { name: 'Login' });
  await expect(login).toBeVisible();
  // No account yet: Create an account, the e-mailed code, then the login the registration opens.
  await login.getByRole('button', { name: 'Create an account' }).click();
  await completeSignUp(page);

  await expect(page).toHaveURL(/\/medical-colleges\?rank=5000&category=General&quota=All\+India$/);
  await expect(page.getByRole('list', { name: 'Medical colleges' }).getByRole('article')).toHaveCount(10);
  expect(calls.map((c) => [c.body.rank, Boolean(c.auth)])).toEqual([[5000, true]]);
});

test('Continue with Google from the submit prompt comes back to the results, not the form', async ({ page }) => {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await setGoogleIdentity({ sub: `google-${id}`, email: `prompt.${id}@gmail.com`, name: `Prompt ${id}` });
  const form = await fillEngineering(page);
  await form.getByRole('button', { name: 'Submit Preferences' }).click();
  await page.getByRole('dialog', { name: 'Login' }).getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(new RegExp(`${MAINS_URL.replace(/[?+]/g, '\\$&')}$`));
  await expect(page.getByRole('button', { name: /^Account menu for Prompt/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Colleges' }).getByRole('article')).toHaveCount(35);
});

test('dismissing the submit prompt stays on the form; a later sign-in from the navigation does not jump to results', async ({ page }) => {
  const creds = await accountElsewhere(page);
  const form = await fillEngineering(page);
  await form.getByRole('button', { name: 'Submit Preferences' }).click();
  await page.getByRole('dialog', { name: 'Login' }).getByRole('button', { name: 'Close' }).click();
  await signIn(page, creds);
  await expect(page).toHaveURL(/\/start$/);
  // What was typed is still there; submitting now goes straight to the results.
  await expect(form.getByLabel('General Rank')).toHaveValue('20000');
  await form.getByRole('button', { name: 'Submit Preferences' }).click();
  await expect(page).toHaveURL(/\/colleges\?examType=MAINS&rank=20000/);
});

test('the results show the applied preferences; Edit and Adjust Preferences open the form filled with them', async ({ page }) => {
  test.setTimeout(90_000);
  await signedUpThroughApi(page);
  const form = await fillEngineering(page, { branches: ['Computer Science & IT', 'Civil'] });
  await form.getByLabel('Gender').selectOption('Female');
  await form.getByRole('button', { name: 'Submit Preferences' }).click();
  await expect(page).toHaveURL(/\/colleges\?examType=MAINS&rank=20000&seatType=OPEN&gender=Female&homeState=Maharashtra&branch=Computer/);
  expect(await applied(page)).toEqual({
    Exam: 'JEE Mains',
    Category: 'OPEN',
    'General rank': '20,000',
    Gender: 'Female',
    'Home state': 'Maharashtra',
    Branches: 'Computer Science & IT, Civil',
  });

  // Edit: the same form, filled with exactly this search (the branch ticks in view of the summary).
  await preferences(page).getByRole('link', { name: 'Edit preferences' }).click();
  await expect(page).toHaveURL(/\/start\?stream=engineering&examType=MAINS&rank=20000/);
  const edit = page.getByRole('form', { name: 'Engineering preferences' });
  await expect(edit.getByRole('radio', { name: 'JEE Mains' })).toBeChecked();
  await expect(edit.getByLabel('Category', { exact: true })).toHaveValue('OPEN');
  await expect(edit.getByLabel('General Rank')).toHaveValue('20000');
  await expect(edit.getByLabel('Gender')).toHaveValue('Female');
  await expect(edit.getByLabel('Home state')).toHaveValue('Maharashtra');
  await expect(edit.getByText('Branches (2 selected)')).toContainText('Computer Science & IT, Civil');
  await edit.getByText(/^Branches \(/).click();
  await expect(edit.getByRole('checkbox', { name: 'Civil' })).toBeChecked();
  await expect(edit.getByRole('checkbox', { name: 'Computer Science & IT' })).toBeChecked();
  await expect(edit.getByRole('checkbox', { name: 'Mechanical' })).not.toBeChecked();
  // Changing one answer and submitting gives that search.
  await edit.getByLabel('General Rank').fill('25000');
  await edit.getByRole('button', { name: 'Submit Preferences' }).click();
  await expect(page).toHaveURL(
    /\/colleges\?examType=MAINS&rank=25000&seatType=OPEN&gender=Female&homeState=Maharashtra&branch=Computer\+Science\+%26\+IT&branch=Civil&/,
  );
  expect((await applied(page))['General rank']).toBe('25,000');

  // No Colleges Found: Adjust Preferences opens the filled form too, not the stream choice.
  const [{ max }] = await query<{ max: number }>(
    `select max(closing_rank)::int as max from engineering_reference where institute_type = 'IIT' and seat_type = 'OPEN' and gender = 'Gender-Neutral'`,
  );
  await page.goto(`/colleges?examType=IIT&rank=${max + 1}&seatType=OPEN&gender=Male&homeState=Kerala&sportsFacility=Yes&hostelFacility=Yes&messFacility=Yes`);
  await expect(page.getByRole('heading', { name: 'No Colleges Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Adjust Preferences' }).click();
  await expect(page).toHaveURL(new RegExp(`/start\\?stream=engineering&examType=IIT&rank=${max + 1}&`));
  const adjust = page.getByRole('form', { name: 'Engineering preferences' });
  await expect(adjust.getByRole('radio', { name: 'JEE Advanced' })).toBeChecked();
  await expect(adjust.getByLabel('General Rank')).toHaveValue(String(max + 1));
  await expect(adjust.getByLabel('Home state')).toHaveValue('Kerala');
  await expect(adjust.getByText('Branches (optional: all branches)')).toBeVisible();
});

test('the medical results show rank, category, quota and courses, with Edit back to the filled form', async ({ page }) => {
  await signedUpThroughApi(page);
  await page.goto('/medical-colleges?rank=20000&category=OBC&quota=All+India&course=MS+IN+ORTHOPAEDICS&course=DNB+IN+ORTHOPAEDICS');
  expect(await applied(page)).toEqual({
    'NEET PG rank': '20,000',
    Category: 'OBC',
    Quota: 'All India',
    Courses: 'MS IN ORTHOPAEDICS, DNB IN ORTHOPAEDICS',
  });
  await preferences(page).getByRole('link', { name: 'Edit preferences' }).click();
  await expect(page).toHaveURL(/\/start\?stream=medical&rank=20000&category=OBC&quota=All\+India&course=MS/);
  const form = page.getByRole('form', { name: 'Medical preferences' });
  await expect(form.getByLabel('CRL rank')).toHaveValue('20000');
  await expect(form.getByLabel('Category')).toHaveValue('OBC');
  await expect(form.getByLabel('Quota')).toHaveValue('All India');
  await expect(form.getByRole('list', { name: 'Selected courses' }).getByRole('listitem')).toHaveText([/^MS IN ORTHOPAEDICS/, /^DNB IN ORTHOPAEDICS/]);

  // The edit URL loaded afresh (a reload, a shared link) opens the same filled form, without an error.
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.reload();
  await expect(form.getByLabel('CRL rank')).toHaveValue('20000');
  await expect(form.getByLabel('Quota')).toHaveValue('All India');
  await expect(form.getByRole('list', { name: 'Selected courses' }).getByRole('listitem')).toHaveCount(2);
  expect(errors).toEqual([]);
});

test('a fresh start page never keeps an earlier search out of sight: it names the last search and can clear it', async ({ page }) => {
  await signedUpThroughApi(page);
  const form = await fillEngineering(page, { branches: ['Mechanical'] });
  await form.getByRole('button', { name: 'Submit Preferences' }).click();
  await expect(page).toHaveURL(/\/colleges\?/);

  const again = await openForm(page, 'Engineering');
  // The last search is offered, and says so; its branch tick is named with the folded list.
  await expect(again.getByRole('status').filter({ hasText: 'Filled in with your last search.' })).toBeVisible();
  await expect(again.getByText('Branches (1 selected)')).toContainText('Mechanical');
  await again.getByRole('button', { name: 'Clear the form' }).click();
  await expect(again.getByText('Filled in with your last search.')).toBeHidden();
  await expect(again.getByText('Branches (optional: all branches)')).toBeVisible();
  await expect(again.getByLabel('General Rank')).toHaveValue('');
  await expect(again.getByLabel('Home state')).toHaveValue('');
  for (const exam of ['JEE Mains', 'JEE Advanced', 'CSAB']) await expect(again.getByRole('radio', { name: exam })).not.toBeChecked();
  await again.getByText(/^Branches \(/).click();
  await expect(again.getByRole('checkbox', { name: 'Mechanical' })).not.toBeChecked();
  // Cleared for good: a reload starts empty.
  await page.reload();
  const fresh = await openForm(page, 'Engineering');
  await expect(fresh.getByLabel('General Rank')).toHaveValue('');
  await expect(fresh.getByText('Filled in with your last search.')).toBeHidden();

  // The medical form the same way (its chosen courses always show as a list).
  const medical = await openForm(page, 'Medical');
  await medical.getByLabel('CRL rank').fill('9000');
  await medical.getByLabel('Category').selectOption('EWS');
  await medical.getByLabel('Quota').selectOption('All India');
  await medical.getByRole('button', { name: 'Submit Preferences' }).click();
  await expect(page).toHaveURL(/\/medical-colleges\?rank=9000/);
  const medicalAgain = await openForm(page, 'Medical');
  await expect(medicalAgain.getByRole('status').filter({ hasText: 'Filled in with your last search.' })).toBeVisible();
  await expect(medicalAgain.getByLabel('CRL rank')).toHaveValue('9000');
  await medicalAgain.getByRole('button', { name: 'Clear the form' }).click();
  await expect(medicalAgain.getByLabel('CRL rank')).toHaveValue('');
  await expect(medicalAgain.getByLabel('Category')).toHaveValue('');
});

test('Back from a college page or the counsellors returns to the same place in the results, with the same pages loaded', async ({ page }) => {
  test.setTimeout(90_000);
  await signedUpThroughApi(page);
  const calls = recordCalls(page, ENGINEERING);
  await page.goto(MAINS_URL);
  const articles = page.getByRole('list', { name: 'Colleges' }).getByRole('article');
  await expect(articles).toHaveCount(35);
  await scrollToEnd(page);
  await expect(articles).toHaveCount(70);
  const card = articles.nth(50);
  await card.scrollIntoViewIfNeeded();
  const name = await card.getByRole('heading').textContent();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(2000);
  const fetched = calls.length;

  for (const open of [() => card.getByRole('heading').getByRole('link').click(), () => card.getByRole('link', { name: 'Connect with Students' }).click()]) {
    await open();
    await expect(page).not.toHaveURL(/\/colleges\?/);
    // The new page opens at its top.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${MAINS_URL.replace(/[?+]/g, '\\$&')}$`));
    await expect(articles).toHaveCount(70);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
    await expect(articles.nth(50).getByRole('heading')).toHaveText(name!);
    await expect(articles.nth(50)).toBeInViewport();
  }
  // Nothing was asked again: the loaded pages came from the cache.
  expect(calls.length).toBe(fetched);
});
