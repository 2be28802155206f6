import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { query } from '../support/control.ts';
import { approvedCounsellor, bookPaidSession, createAccount, istDay, moveIntoPast, type Account } from '../support/sessions.ts';

const COLLEGE = 'National Institute of Technology Goa';
const COUNSELLOR = `Meera Kulkarni ${Date.now().toString(36)}`;

async function seriousAxeViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** '₹1,396' as the pages write rupees. */
const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

test.describe('reviews after real sessions, my sessions, the counsellor dashboard', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let counsellor: Account & { id: string };
  let student: Account;

  test.beforeAll(async ({ request }) => {
    counsellor = await approvedCounsellor(request, COUNSELLOR);
    student = await createAccount(request);
  });

  test('every text of the reviews page: signed out, not allowed, empty, errors', async ({ page, request }) => {
    const url = `/reviews?counsellorId=${counsellor.id}`;
    // Signed out: the login modal opens (a protected route), the page's own signed-out state beneath it
    // (hidden from the accessibility tree while the modal is open, so found by text).
    await page.goto(url);
    const login = page.getByRole('dialog', { name: 'Login' });
    await expect(login).toBeVisible();
    await expect(page.locator('h1', { hasText: 'Ratings & Reviews' })).toBeVisible();
    await expect(page.getByText('Please sign in to write a review')).toBeVisible();
    await expect(page.getByText('No reviews yet. Be the first to review!')).toBeVisible();
    await expect(page.getByText('NA', { exact: true })).toBeVisible();
    await expect(page.getByText('0 reviews')).toBeVisible();

    // Signing in changes the token: the reviews are fetched again, now with this student's permission.
    const calls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/v1/reviews/get-reviews') calls.push(r.headers().authorization ?? 'none');
    });
    await signIn(page, student);
    await expect(page.getByText('You can only submit one review after booking a session with this counsellor.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ratings & Reviews', level: 1 })).toBeVisible();
    expect(calls.some((a) => a.startsWith('Bearer '))).toBe(true);
    await expect(page.getByRole('heading', { name: 'Write a Review' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Review' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to counsellor' })).toHaveAttribute(
      'href',
      `/connect-students?collegeName=${encodeURIComponent(COLLEGE)}`,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go back', exact: true }).click();
    await expect(page).not.toHaveURL(/\/reviews/);

    // A counsellor who does not exist, and no counsellor at all.
    await page.goto('/reviews?counsellorId=00000000-0000-0000-0000-000000000000');
    await expect(page.getByRole('heading', { name: 'Error Loading Reviews' })).toBeVisible();
    await expect(page.getByText('Counsellor not found')).toBeVisible();
    await expect(page.getByText('Failed to fetch reviews')).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.goto('/reviews');
    await expect(page.getByRole('heading', { name: 'Error Loading Reviews' })).toBeVisible();
    await expect(page.getByText('Counsellor ID is required')).toBeVisible();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).not.toHaveURL(/\/reviews/);

    // The server says the same: no session, no review.
    const refused = await request.post('/api/v1/reviews/send-review', {
      headers: student.auth,
      data: { rating: 5, review: 'Great', counsellorId: counsellor.id },
    });
    expect([refused.status(), ((await refused.json()) as { message: string }).message]).toEqual([
      403,
      'You can only review counsellors after booking a session with them',
    ]);
  });

  test('a student reviews after sessions that took place; the text clears, the list and the average reload', async ({ page, request }) => {
    const first = await bookPaidSession(request, student, counsellor.id, istDay(1), '08:00');
    const second = await bookPaidSession(request, student, counsellor.id, istDay(1), '08:30', 25);
    await moveIntoPast(first.bookingId, 2);
    await moveIntoPast(second.bookingId, 1);

    await page.goto('/');
    await signIn(page, student);
    await page.goto('/sessions');
    await expect(page.getByRole('heading', { name: 'My sessions' })).toBeVisible();
    const past = page.getByRole('region', { name: 'Past and cancelled' });
    await expect(past.getByRole('article')).toHaveCount(2);
    await expect(past.getByRole('button', { name: 'The counsellor did not join' })).toHaveCount(1); // the session of yesterday, still within 24 h
    expect(await seriousAxeViolations(page)).toEqual([]);
    await past.getByRole('link', { name: 'Write a review' }).first().click();

    await expect(page).toHaveURL(new RegExp(`/reviews\\?counsellorId=${counsellor.id}$`));
    await expect(page.getByRole('heading', { name: 'Write a Review' })).toBeVisible();
    await expect(page.getByRole('radio', { name: '5 stars' })).toBeChecked();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Spec §5 in the form.
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByText('Please enter a review')).toBeVisible();

    const text = 'Honest answers about hostels. <b>Not bold</b> & <script>alert(1)</script>';
    await page.getByRole('radio', { name: '4 stars' }).check({ force: true });
    await page.getByLabel('Your review').fill(text);
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByText('Review submitted successfully')).toBeVisible();
    // One more session to review: the form stays, its text cleared; the list reloaded.
    await expect(page.getByLabel('Your review')).toHaveValue('');
    const review = page.getByRole('article', { name: `Review by ${student.username}` });
    await expect(review).toHaveCount(1);
    await expect(review.getByText(text, { exact: true })).toBeVisible(); // escaped: shown as typed
    await expect(review.getByText('Rated 4 out of 5')).toBeAttached();
    await expect(page.getByText('4.0', { exact: true })).toBeVisible();
    await expect(page.getByText('1 review', { exact: true })).toBeVisible();

    await page.getByLabel('Your review').fill('The second session settled my choice of branch.');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByText('You can only submit one review after booking a session with this counsellor.')).toBeVisible();
    await expect(page.getByRole('article', { name: `Review by ${student.username}` })).toHaveCount(2);
    await expect(page.getByText('4.5', { exact: true })).toBeVisible();
    await expect(page.getByText('2 reviews', { exact: true })).toBeVisible();
    expect(await query(`select r.id from reviews r where r.counsellor_id = '${counsellor.id}'`)).toHaveLength(2);

    // A reviewer without a name to show (an account whose username is gone) is 'Anonymous User'.
    const other = await createAccount(request);
    const third = await bookPaidSession(request, other, counsellor.id, istDay(2), '09:00');
    await moveIntoPast(third.bookingId, 3);
    const sent = await request.post('/api/v1/reviews/send-review', {
      headers: other.auth,
      data: { rating: 3, review: 'Useful.', counsellorId: counsellor.id },
    });
    expect(sent.status()).toBe(201);
    await query(`update users set username = '' where email = '${other.email}'`);
    await page.reload();
    await expect(page.getByRole('article', { name: 'Review by Anonymous User' }).getByText('Useful.')).toBeVisible();
    await expect(page.getByText('4.0', { exact: true })).toBeVisible();
    await expect(page.getByText('3 reviews', { exact: true })).toBeVisible();

    // The counsellor's card shows the average and the count.
    await page.getByRole('link', { name: 'Back to counsellor' }).click();
    const card = page.getByRole('article', { name: COUNSELLOR });
    await expect(card.getByRole('link', { name: /4\.0 \(3 reviews\)/ })).toBeVisible();
  });

  test('my sessions: join link, calendar file, cancel with the 24-hour rule shown', async ({ page }) => {
    await page.goto('/');
    await signIn(page, student);
    // An upcoming session, paid through the same calls as the booking modal.
    const upcoming = await bookPaidSession(page.request, student, counsellor.id, istDay(3), '10:00');
    await page.goto('/sessions');
    const card = page.getByRole('region', { name: 'Upcoming' }).getByRole('article').first();
    const [meeting] = await query<{ meeting_url: string }>(`select meeting_url from bookings where id = '${upcoming.bookingId}'`);
    await expect(card.getByRole('link', { name: /Join the session/ })).toHaveAttribute('href', meeting.meeting_url);
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Add to calendar' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('session.ics');
    const ics = await (await file.createReadStream()).toArray();
    expect(Buffer.concat(ics).toString('utf8')).toContain('DTSTART;TZID=Asia/Kolkata:');

    await card.getByRole('button', { name: 'Cancel session' }).click();
    await expect(card.getByText('You will get a full refund of ₹279.')).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(page.getByText('Session cancelled. Your payment of ₹279 will be refunded in full.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Past and cancelled' }).getByText('Cancelled by you')).toBeVisible();
    await expect.poll(async () => (await query(`select status from refunds where booking_id = '${upcoming.bookingId}'`)).length).toBe(1);
  });

  test('the counsellor dashboard: sessions, a cancellation refunded, and a ledger that equals payments minus refunds', async ({ page, request }) => {
    const later = await bookPaidSession(request, student, counsellor.id, istDay(4), '11:00');
    await page.goto('/');
    await signIn(page, counsellor);
    await page.goto('/counsellor');
    await expect(page.getByRole('heading', { name: 'Counsellor dashboard' })).toBeVisible();
    const upcoming = page.getByRole('region', { name: 'Upcoming sessions' });
    const card = upcoming.getByRole('article', { name: student.username });
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: 'Cancel session' }).click();
    await card.getByRole('button', { name: 'Yes, cancel and refund' }).click();
    await expect(page.getByText('Session cancelled. The student gets a full refund of ₹279.')).toBeVisible();
    await expect.poll(async () => (await query(`select id from refunds where booking_id = '${later.bookingId}'`)).length).toBe(1);

    // A session that took place: marked held.
    const past = page.getByRole('region', { name: 'Past and cancelled sessions' });
    const held = past
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: 'Mark as held' }) })
      .first();
    await held.getByRole('button', { name: 'Mark as held' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();

    // The ledger adds up to what Cashfree took and gave back.
    await page.reload();
    const [money] = await query<{ paid: number; refunded: number }>(
      `select
        (select coalesce(sum(p.amount_paise), 0)::int from payments p join bookings b on b.id = p.booking_id where p.status = 'paid' and b.counsellor_id = '${counsellor.id}') as paid,
        (select coalesce(sum(r.amount_paise), 0)::int from refunds r join bookings b on b.id = r.booking_id where b.counsellor_id = '${counsellor.id}') as refunded`,
    );
    expect(Number(money.refunded)).toBeGreaterThanOrEqual(2 * 27900);
    const earnings = page.getByRole('region', { name: 'Earnings' });
    const amountOf = async (label: string) =>
      (await earnings
        .locator('dl > div')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('dd')
        .textContent())!.trim();
    expect(await amountOf('Payments received')).toBe(rupees(Number(money.paid)));
    expect(await amountOf('Refunded')).toBe(rupees(Number(money.refunded)));
    const paise = (text: string) => Math.round(Number(text.replace(/[₹,]/g, '')) * 100);
    expect(paise(await amountOf('Held')) + paise(await amountOf('Payable'))).toBe(Number(money.paid) - Number(money.refunded));
    const ledger = earnings.getByRole('table', { name: 'Ledger' });
    await expect(ledger.getByRole('row', { name: /Total \(payments received - refunds\)/ })).toContainText(rupees(Number(money.paid) - Number(money.refunded)));
    const amounts = await ledger.locator('tbody tr td:last-child').allTextContents();
    expect(amounts.reduce((sum, a) => sum + (a.startsWith('-') ? -1 : 1) * paise(a.replace('-', '')), 0)).toBe(Number(money.paid) - Number(money.refunded));
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
