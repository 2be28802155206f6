import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { submitSignUp, typeCode } from '../support/auth.ts';

// Issue 23 on a phone: a list of 30 built from results with 'Add to my choices', reordered by touch,
// by the keyboard and by position number, kept across a reload, exported as CSV and PDF, and opened
// signed out through its share link.

test.use({ viewport: { width: 393, height: 851 }, hasTouch: true, isMobile: true });
test.setTimeout(240_000);

const RESULTS =
  '/colleges?examType=MAINS&rank=20000&seatType=OPEN&gender=Male&homeState=Maharashtra&sportsFacility=Yes&hostelFacility=Yes&messFacility=Yes&reach=1';

async function signUpOnPhone(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Signup' }).click();
  const { code, ...creds } = await submitSignUp(page);
  await typeCode(page, code);
  const login = page.getByRole('dialog', { name: 'Login' });
  await expect(login).toBeVisible();
  await login.getByLabel('Email').fill(creds.email);
  await login.getByLabel('Password', { exact: true }).fill(creds.password);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(login).toBeHidden();
}

const order = (page: Page) => page.getByTestId('choice-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')!));

/** A touch drag (Chromium's touch events, which the page sees as pointer events of type 'touch'). */
async function touchDrag(page: Page, from: { x: number; y: number }, toY: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  const steps = 8;
  for (let k = 1; k <= steps; k++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x, y: from.y + ((toY - from.y) * k) / steps }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('a list of 30 from results on a phone: reorder by touch, keyboard and number, reload, export CSV and PDF, share signed out', async ({ page, browser }) => {
  await signUpOnPhone(page);
  await page.goto(RESULTS);
  const cards = page.locator('article');
  await expect(cards.first()).toBeVisible({ timeout: 60_000 });
  // Thirty seats, one after another, each confirmed before the next.
  const added: string[] = [];
  for (let i = 0; i < 30; i++) {
    const card = cards.nth(i);
    await card.scrollIntoViewIfNeeded();
    added.push((await card.locator('h3').innerText()).trim());
    await card.getByRole('button', { name: 'Add to my choices' }).click();
    await expect(card.getByRole('link', { name: `Choice #${i + 1} in your list` })).toBeVisible();
  }
  await cards.nth(29).getByRole('link', { name: 'Choice #30 in your list' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /My JoSAA list/ })).toBeVisible();
  await expect(page.getByTestId('choice-count')).toHaveText('30');
  const rows = page.getByTestId('choice-row');
  await expect(rows).toHaveCount(30);
  await expect(page.getByTestId('none-percent')).toHaveText(/^\d+%$/);
  // The institutes in the order they were added.
  for (const [i, name] of added.slice(0, 3).entries()) await expect(rows.nth(i)).toContainText(name);
  // The outcome chances and 'no seat' add up to 100%.
  await expect(rows.nth(29).getByTestId('outcome-percent')).toHaveText(/^\d+%$/);
  // textContent: rows off screen are not rendered (content-visibility), so they have no innerText.
  const percents = await page.getByTestId('outcome-percent').evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  const none = Number((await page.getByTestId('none-percent').innerText()).replace('%', ''));
  expect(percents.reduce((a, p) => a + Number(p.replace('%', '')), 0) + none).toBe(100);

  const start = await order(page);

  // Keyboard: the first choice's handle, arrow down twice.
  const handle = page.getByRole('button', { name: 'Move choice 1: drag, or use the arrow keys' });
  await handle.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => order(page)).toEqual([start[1], start[2], start[0], ...start.slice(3)]);
  const afterKeys = await order(page);

  // Touch: drag choice 5 up by three rows. First the page settles: the keyboard's new order has its
  // outcomes (and its warnings above the list, which move the rows), and the point the finger goes
  // down on is choice 5's handle itself, measured where it is now, not where it was a moment ago.
  await expect(page.getByTestId('choice-list')).not.toHaveAttribute('data-pending');
  const h5 = page.getByRole('button', { name: 'Move choice 5: drag, or use the arrow keys' });
  await h5.scrollIntoViewIfNeeded();
  const rowHeight = (await rows.nth(4).boundingBox())!.height;
  let from = { x: 0, y: 0 };
  await expect
    .poll(async () => {
      const box = (await h5.boundingBox())!;
      from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      return h5.evaluate((el, p) => el.contains(document.elementFromPoint(p.x, p.y)), from);
    })
    .toBe(true);
  await touchDrag(page, from, from.y - 3 * rowHeight);
  const afterTouch = [...afterKeys];
  afterTouch.splice(1, 0, afterTouch.splice(4, 1)[0]);
  await expect.poll(() => order(page)).toEqual(afterTouch);

  // By number: choice 20 to position 1.
  const pos = page.getByRole('textbox', { name: 'Position of choice 20' });
  await pos.scrollIntoViewIfNeeded();
  await pos.fill('1');
  await pos.press('Enter');
  const afterNumber = [...afterTouch];
  afterNumber.unshift(afterNumber.splice(19, 1)[0]);
  await expect.poll(() => order(page)).toEqual(afterNumber);

  // Saved to the account: a reload shows the same order.
  await expect(page.getByTestId('save-state')).toHaveText('Saved');
  await page.reload();
  await expect(rows).toHaveCount(30);
  await expect.poll(() => order(page)).toEqual(afterNumber);

  // Rehearse the rounds and ask for advice after round 1.
  await page.getByRole('button', { name: 'Rehearse', exact: true }).click();
  const mock = page.getByRole('table', { name: /^Mock allotment on the \d{4} rounds$/ });
  await expect(mock).toBeVisible({ timeout: 30_000 });
  await expect(mock.getByRole('row')).not.toHaveCount(1);
  await expect(page.getByTestId('rehearsal-simulated')).toContainText('simulated years');
  // After JoSAA: with no CSAB list the JoSAA seat is final, and the page says so.
  await expect(page.getByTestId('after-josaa')).toContainText('You have no CSAB list, so the rehearsal ends with JoSAA’s last round');
  await page.getByLabel('Allotted choice number').fill('10');
  await page.getByRole('button', { name: 'Advise me' }).click();
  await expect(page.getByTestId('advice')).toContainText(/^(float|slide|freeze)/i, { timeout: 60_000 });
  await expect(page.getByTestId('advice').getByRole('listitem')).toHaveCount(9);

  // CSV in the portal's wording, with the chance per choice and the data date.
  await expect(rows.nth(29).getByTestId('outcome-percent')).toHaveText(/^\d+%$/);
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync((await (await csvDownload).path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r\n/);
  expect(lines[0]).toMatch(/^"?JoSAA choice list ""My JoSAA list""\. Chances from JoSAA closing ranks up to \d{4} \(model fitted \d{4}-\d{2}-\d{2}\)/);
  expect(lines[1]).toBe('Choice No.,Institute,Academic Program Name,Quota,Seat Type,Gender,Chance of this seat (%),Chance it is your final seat (%),Note');
  expect(lines).toHaveLength(32);
  const firstName = ((await rows.first().locator('p').first().textContent()) ?? '').trim();
  expect(firstName.length).toBeGreaterThan(5);
  expect(lines[2].startsWith(`1,${firstName.includes(',') ? `"${firstName}"` : firstName},`), `${lines[2]} / ${firstName}`).toBe(true);
  expect(lines[2]).toMatch(/,(OS|HS|AI),OPEN,Gender-Neutral,\d+,\d+,$/);

  // PDF: a real PDF file with the list in it.
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PDF' }).click();
  const pdf = readFileSync((await (await pdfDownload).path())!, 'latin1');
  expect(pdf.startsWith('%PDF-1.4')).toBe(true);
  expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
  expect(pdf).toContain('(Choice No.) Tj');
  expect(pdf).toContain('(30) Tj');

  // Share: the link opens the list read-only for someone signed out.
  await page.getByRole('button', { name: 'Share a read-only link' }).click();
  const link = await page.getByTestId('share-link').getAttribute('href');
  const visitor = await browser.newContext({ viewport: { width: 393, height: 851 }, hasTouch: true, isMobile: true });
  const other = await visitor.newPage();
  await other.goto(link!);
  await expect(other.getByRole('heading', { level: 1, name: 'My JoSAA list' })).toBeVisible();
  await expect(other.getByTestId('choice-row')).toHaveCount(30);
  await expect.poll(() => order(other)).toEqual(afterNumber);
  await expect(other.getByRole('button', { name: /Move choice/ })).toHaveCount(0);
  await expect(other.getByTestId('none-percent')).toHaveText(/\d+%/);

  // Revoked, the link opens nothing.
  await page.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(page.getByRole('button', { name: 'Share a read-only link' })).toBeVisible();
  await other.reload();
  await expect(other.getByText(/does not open a list/)).toBeVisible();
  await visitor.close();

  // The college page: the seat picked in its closing-rank history joins the list as choice #31.
  await page.goto('/about-college?collegeName=IIT%20Bombay');
  const add = page.getByTestId('college-add-choices').getByRole('button', { name: 'Add to my JoSAA choices' });
  await add.scrollIntoViewIfNeeded();
  await add.click();
  await expect(page.getByTestId('college-add-choices').getByRole('link', { name: 'Choice #31 in your list' })).toBeVisible();
  await page.getByTestId('college-add-choices').getByRole('link', { name: 'Choice #31 in your list' }).click();
  await expect(page.getByTestId('choice-count')).toHaveText('31');
  await expect(rows.nth(30)).toContainText('Indian Institute of Technology Bombay');
});

test('/methodology shows the choice-list backtests that a first start computes in the background', async ({ page, request }) => {
  // The harness is a first start: once it listens, a child process computes these backtests from the
  // raw JoSAA files (about 20 s of CPU), which a busy machine stretches; the page asks again every 15 s.
  test.setTimeout(20 * 60_000);
  await page.goto('/methodology');
  const section = page.getByRole('region', { name: 'Choice lists: the chance of every outcome, and freeze, float or slide' });
  await expect(section).toBeVisible({ timeout: 30_000 });
  const table = section.getByRole('table', { name: 'Outcome model backtest by year' });
  await expect(section.getByTestId('choice-backtests-computing').or(table)).toBeVisible();
  await expect(table).toBeVisible({ timeout: 15 * 60_000 });
  const stored = (await (await request.get('/api/v1/choices/backtests')).json()) as {
    data: { computing: boolean; computedAt: string | null; outcomes: { years: { year: number }[] } | null; rounds: unknown };
  };
  expect(stored.data.computing).toBe(false);
  expect(stored.data.computedAt).not.toBeNull();
  expect(stored.data.outcomes?.years.length).toBeGreaterThan(0);
  expect(stored.data.rounds).not.toBeNull();
  // A header, a row per year, and all years together.
  await expect(table.getByRole('row')).toHaveCount(stored.data.outcomes!.years.length + 2);
});
