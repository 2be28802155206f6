import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signedUpThroughApi, type Credentials } from '../support/auth.ts';
import { grantRole, query, waitForMail } from '../support/control.ts';
import { solidPng } from '../support/images.ts';

const COLLEGE = 'National Institute of Technology Goa';
const COUNSELLOR = `Riya Naik ${Date.now().toString(36)}`;

async function seriousAxeViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The counsellor's card on the college's list. */
const card = (page: Page) => page.getByRole('article', { name: COUNSELLOR });

async function openBooking(page: Page) {
  await page.goto(`/connect-students?collegeName=${encodeURIComponent(COLLEGE)}`);
  await card(page)
    .getByRole('button', { name: `Book a Session with ${COUNSELLOR}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Connect With Student' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('counsellors and paid sessions', () => {
  // One story in order (apply, approve, book, the next student); sign-ups make each step long on a busy machine.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let counsellor: Credentials;

  test('a current student applies as a counsellor from the start dialog, and an admin approves', async ({ page, browser }) => {
    counsellor = await signedUpThroughApi(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'College Predictor' }).click();
    await page
      .getByRole('dialog', { name: 'Get started' })
      .getByRole('button', { name: /Counsellor/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Become a counsellor' })).toBeVisible();

    await page.getByLabel('Your college').selectOption({ label: COLLEGE });
    // Proof of enrolment (issue 24): a code to the college's own mail domain.
    const studentMail = `${counsellor.username.toLowerCase()}@nitgoa.ac.in`;
    await page.getByLabel('Your college e-mail address').fill(studentMail);
    await page.getByRole('button', { name: 'Send code' }).click();
    const codeMail = await waitForMail((m) => m.to.includes(studentMail) && /student verification code/.test(m.subject));
    await page.getByLabel('Code from the e-mail').fill(/Your code: (\d{6})/.exec(codeMail.text)![1]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(`Verified: ${studentMail} is your ${COLLEGE} address.`)).toBeVisible();
    await page.getByLabel('Full name').fill(COUNSELLOR);
    await page.getByLabel('Year of study').selectOption({ label: 'Year 3' });
    await page.getByLabel('Program').fill('B.Tech Computer Science and Engineering');
    await page.getByLabel('About you').fill('Third-year CSE student; ask me about hostels, coding clubs and the first-year workload.');
    await page.getByLabel('Achievements (optional)').fill('Smart India Hackathon finalist');
    for (const day of ['Monday', 'Wednesday', 'Friday', 'Saturday', 'Sunday']) await page.getByLabel(day).check();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Submit application' }).click();
    await expect(page.getByText('Application sent. An admin will review it soon.')).toBeVisible();
    await expect(page.getByText('Your application is under review.', { exact: false })).toBeVisible();

    await page.getByLabel('Add a photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng(300, 300, [40, 90, 160]) });
    await expect(page.getByText('Photo saved')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Your photo' })).toHaveAttribute('src', /^\/media\/counsellors\/[0-9a-f]{32}-320\.webp$/);

    // Not listed before approval.
    await page.goto(`/connect-students?collegeName=${encodeURIComponent(COLLEGE)}`);
    await expect(page.getByRole('heading', { name: 'No Counselors Found' }).or(page.getByRole('list', { name: 'Counsellors' }))).toBeVisible();
    await expect(card(page)).toHaveCount(0);

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const adminCreds = await signedUpThroughApi(admin);
    await admin.goto('/admin/counsellors');
    await expect(admin.getByText('You do not have access to this page.')).toBeVisible();
    await grantRole(adminCreds.email, 'admin');
    await admin.reload();
    const application = admin.getByRole('article', { name: `Application from ${COUNSELLOR}` });
    await expect(application).toContainText(counsellor.email);
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await application.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByText(`${COUNSELLOR} is now listed`)).toBeVisible();
    await adminContext.close();
  });

  test('a student books a session, pays in the Cashfree checkout modal, and both sides get the link and the invite', async ({ page }) => {
    const student = await signedUpThroughApi(page);
    await page.goto(`/connect-students?collegeName=${encodeURIComponent(COLLEGE)}`);
    const c = card(page);
    await expect(c).toBeVisible();
    await expect(c.getByRole('link', { name: COLLEGE })).toHaveAttribute('href', `/about-college?collegeName=${encodeURIComponent(COLLEGE)}`);
    await expect(c.getByText('3rd Year, B.Tech Computer Science and Engineering')).toBeVisible();
    await expect(c.getByRole('heading', { name: 'Achievements' })).toBeVisible();
    await expect(c.getByRole('heading', { name: 'Experience' })).toHaveCount(0);
    await expect(c.getByRole('img', { name: `Photo of ${COUNSELLOR}` })).toBeVisible();
    await expect(c.getByRole('link', { name: /No reviews yet/ })).toHaveAttribute('href', /^\/reviews\?counsellorId=[0-9a-f-]{36}$/);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const dialog = await openBooking(page);
    await expect(dialog.getByText('Test payment', { exact: false })).toBeVisible();
    // No offer is configured (PRICE_OFFER_ENDS): the plain prices, nothing struck, no urgency (issue 24).
    for (const text of ['₹279', '₹419']) await expect(dialog.getByText(text, { exact: true }).first()).toBeVisible();
    for (const text of ['₹350', '₹600', 'Limited time offer', /Offer ends/]) await expect(dialog.getByText(text)).toHaveCount(0);
    const dates = dialog.getByRole('group', { name: 'Choose a date' }).getByRole('button');
    await expect(dates).toHaveCount(7);
    const pay = dialog.getByRole('button', { name: 'Pay now' });
    await expect(pay).toBeDisabled();

    await dates.first().click();
    await dialog.getByRole('button', { name: '9:00 AM', exact: true }).click();
    const phone = dialog.getByLabel('Phone number');
    await phone.fill('98765');
    await phone.blur();
    await expect(dialog.getByText('Phone number must be exactly 10 digits')).toBeVisible();
    await expect(pay).toBeDisabled();
    await phone.fill('9876543210');
    await expect(dialog.getByText('Phone number must be exactly 10 digits')).toBeHidden();
    await expect(pay).toBeEnabled();
    // Choosing a date resets the time.
    await dates.nth(1).click();
    await expect(pay).toBeDisabled();
    await dates.first().click();
    await dialog.getByRole('button', { name: '9:00 AM', exact: true }).click();
    await expect(dialog.getByText('9:00 AM - 9:12 AM IST')).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await pay.click();
    const checkout = page.frameLocator('iframe[title="Cashfree checkout"]');
    await checkout.getByRole('button', { name: 'Pay ₹279.00' }).click();
    await expect(page.getByText('Session booked successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();

    const [booking] = await query<{ status: string; meeting_url: string }>(
      `select b.status, b.meeting_url from bookings b join users u on u.id = b.student_id where u.email = '${student.email}'`,
    );
    expect(booking.status).toBe('confirmed');
    expect(booking.meeting_url).toMatch(/^https:\/\/meet\.jit\.si\/rankwise-[0-9a-f]{32}$/);
    for (const to of [student.email, counsellor.email]) {
      const mail = await waitForMail((m) => m.to.includes(to) && m.text.includes(booking.meeting_url));
      const ics = mail.attachments.find((a) => a.filename === 'session.ics');
      expect(ics?.content).toContain('DTSTART;TZID=Asia/Kolkata:');
      expect(ics?.content.replace(/\r\n /g, '')).toContain(booking.meeting_url);
    }
  });

  test('the next student sees the slot (Booked); closing the checkout shows payment cancelled', async ({ page }) => {
    await signedUpThroughApi(page);
    const dialog = await openBooking(page);
    await dialog.getByRole('group', { name: 'Choose a date' }).getByRole('button').first().click();
    await expect(dialog.getByRole('button', { name: '9:00 AM (Booked)' })).toBeDisabled();
    await dialog.getByRole('button', { name: '9:30 AM', exact: true }).click();
    await dialog.getByLabel('Phone number').fill('9123456780');
    await dialog.getByRole('radio', { name: /25 minutes/ }).check();
    await expect(dialog.getByText('9:30 AM - 9:55 AM IST')).toBeVisible();
    await dialog.getByRole('button', { name: 'Pay now' }).click();
    const checkout = page.frameLocator('iframe[title="Cashfree checkout"]');
    await expect(checkout.getByRole('button', { name: 'Pay ₹419.00' })).toBeVisible();
    await checkout.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('payment cancelled')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test("a college without counsellors shows 'No Counselors Found' and the toast", async ({ page }) => {
    await signedUpThroughApi(page);
    await page.goto(`/connect-students?collegeName=${encodeURIComponent('Indian Institute of Technology Bombay')}`);
    await expect(page.getByRole('heading', { name: 'No Counselors Found' })).toBeVisible();
    await expect(page.getByText("We couldn't find any counselors for this college at the moment.")).toBeVisible();
    await expect(page.getByText('No counsellors found', { exact: true })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).not.toHaveURL(/connect-students/);
  });
});
