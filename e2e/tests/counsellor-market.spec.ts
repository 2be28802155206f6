import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signedUpThroughApi, signIn, type Credentials } from '../support/auth.ts';
import { grantRole, query, waitForMail } from '../support/control.ts';
import { bookPaidSession, createAccount, istDay, moveIntoPast } from '../support/sessions.ts';

const COLLEGE = 'National Institute of Technology Goa';
const NAME = `Meera Kulkarni ${Date.now().toString(36)}`;

async function seriousAxeViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Issue 24, end to end in the browser: a new user proves with a college e-mail code that they study
 * there, applies, is approved (and e-mailed), enters payout details (masked afterwards); a student's
 * session completes; the admin's payout report lists what the counsellor earned, and records the payout.
 */
test.describe('a verified counsellor is paid', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let counsellor: Credentials;
  let counsellorId: string;

  test('a new user applies with a college e-mail code and an admin approves from the menu', async ({ page, browser }) => {
    counsellor = await signedUpThroughApi(page);
    await page.goto('/counsellor');
    await expect(page.getByRole('heading', { name: 'Become a counsellor' })).toBeVisible();
    await page.getByLabel('Your college').selectOption({ label: COLLEGE });
    const proof = page.getByRole('region', { name: 'Prove that you study there' });
    // Stated before applying.
    await expect(proof).toContainText(/Rankwise keeps a commission of \d+(\.\d+)?% of each completed session's price/);

    // Another domain is refused, naming the college's own.
    await proof.getByLabel('Your college e-mail address').fill(`${counsellor.username}@gmail.com`);
    await proof.getByRole('button', { name: 'Send code' }).click();
    await expect(proof.getByText('Use your student address at @nitgoa.ac.in (a subdomain of it is fine), or upload your student ID card.')).toBeVisible();
    const studentMail = `${counsellor.username.toLowerCase()}@students.nitgoa.ac.in`;
    await proof.getByLabel('Your college e-mail address').fill(studentMail);
    await proof.getByRole('button', { name: 'Send code' }).click();
    const codeMail = await waitForMail((m) => m.to.includes(studentMail) && /student verification code/.test(m.subject));
    await proof.getByLabel('Code from the e-mail').fill(/Your code: (\d{6})/.exec(codeMail.text)![1]);
    await proof.getByRole('button', { name: 'Verify' }).click();
    await expect(proof.getByText(`Verified: ${studentMail} is your ${COLLEGE} address.`)).toBeVisible();

    await page.getByLabel('Full name').fill(NAME);
    await page.getByLabel('Year of study').selectOption({ label: 'Year 2' });
    await page.getByLabel('Program').fill('B.Tech Electronics and Communication Engineering');
    await page.getByLabel('About you').fill('Second-year ECE student at NIT Goa: ask me about the campus, clubs and the first-year courses.');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) await page.getByLabel(day).check();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Submit application' }).click();
    await expect(page.getByText('Application sent. An admin will review it soon.')).toBeVisible();
    [{ id: counsellorId }] = await query<{ id: string }>(
      `select c.id from counsellors c join users u on u.id = c.user_id where u.email = '${counsellor.email.toLowerCase()}'`,
    );

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const adminCreds = await signedUpThroughApi(admin);
    await grantRole(adminCreds.email, 'admin');
    await admin.goto('/');
    await admin.reload();
    // The admin pages are in the admin's menu.
    await admin.getByRole('button', { name: `Account menu for ${adminCreds.username}` }).click();
    await admin.getByRole('menuitem', { name: 'Admin: counsellor applications' }).click();
    const application = admin.getByRole('article', { name: `Application from ${NAME}` });
    await expect(application).toContainText(`Proof: college e-mail ${studentMail} verified`);
    await application.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByText(`${NAME} is now listed`)).toBeVisible();
    await adminContext.close();

    const welcome = await waitForMail((m) => m.to.includes(counsellor.email.toLowerCase()) && /You are now a Rankwise counsellor/.test(m.subject));
    expect(welcome.text).toContain('payout details');

    // Listed with the proof and when.
    await page.goto(`/connect-students?collegeName=${encodeURIComponent(COLLEGE)}`);
    const card = page.getByRole('article', { name: NAME });
    await expect(card).toContainText(`Verified student of ${COLLEGE}, year 2`);
    await expect(card).toContainText('college e-mail');
  });

  test('the counsellor enters payout details, shown masked afterwards', async ({ page }) => {
    await signInAs(page, counsellor);
    await page.goto('/counsellor');
    const section = page.getByRole('region', { name: 'Payout details' });
    await expect(section).toContainText(/keeps \d+(\.\d+)?% of each completed session/);
    await section.getByLabel('UPI ID').fill('bad upi');
    await section.getByRole('button', { name: 'Save payout details' }).click();
    await expect(section.getByText('Enter a UPI ID such as name@okaxis')).toBeVisible();
    await section.getByLabel('UPI ID').fill('meera.k@okhdfcbank');
    await section.getByRole('button', { name: 'Save payout details' }).click();
    await expect(section.getByText('UPI: me•••@okhdfcbank')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Payout details' })).toContainText('UPI: me•••@okhdfcbank');
    await expect(page.getByText('meera.k@okhdfcbank')).toHaveCount(0);
  });

  test("a student's session completes, and the admin's payout report lists what the counsellor earned", async ({ page, request, browser }) => {
    const student = await createAccount(request);
    const session = await bookPaidSession(request, student, counsellorId, istDay(1), '10:00', 25);
    // The session took place two days ago; its settlement (24 h after the end) runs now, as the job queue would.
    await moveIntoPast(session.bookingId, 2);
    await query(
      `update jobs j set run_at = now(), payload = jsonb_set(j.payload, '{endsAt}', to_jsonb(to_char(b.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
       from bookings b where b.id = '${session.bookingId}' and j.kind = 'sessions.settle' and j.payload->>'bookingId' = b.id::text`,
    );
    await expect
      .poll(async () => (await query<{ status: string }>(`select status from bookings where id = '${session.bookingId}'`))[0].status, { timeout: 30_000 })
      .toBe('completed');

    // The counsellor sees it payable, with the commission.
    await signInAs(page, counsellor);
    await page.goto('/counsellor');
    await expect(page.getByRole('table', { name: 'What is payable when' })).toContainText('in the next payout');

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const adminCreds = await signedUpThroughApi(admin);
    await grantRole(adminCreds.email, 'admin');
    const today = istDay(0);
    await admin.goto(`/admin/payouts?from=${today}&to=${today}`);
    const row = admin.getByRole('row', { name: new RegExp(NAME) });
    await expect(row).toContainText('UPI meera.k@okhdfcbank');
    await expect(row).toContainText('₹419');
    expect(await seriousAxeViolations(admin)).toEqual([]);
    // The CSV lists the same line.
    const download = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Download CSV' }).click();
    const file = await (await download).path();
    expect(readFileSync(file, 'utf8')).toContain(`${counsellorId},${NAME},`);
    await row.getByLabel(`Transfer reference for ${NAME}`).fill('UTR-E2E-1');
    await row.getByRole('button', { name: 'Mark paid' }).click();
    await expect(admin.getByText(`${NAME} marked paid`)).toBeVisible();
    await expect(admin.getByRole('row', { name: new RegExp(NAME) })).toHaveCount(0);
    await expect(admin.getByText(/reference UTR-E2E-1/)).toBeVisible();
    await adminContext.close();

    await page.reload();
    await expect(page.getByText('Paid out to you').first()).toBeVisible();
  });

  test('a college with no counsellor: notify me (one click stops it), students of similar colleges, and Study here?', async ({ page }) => {
    const college = 'National Institute of Technology Calicut';
    await signedUpThroughApi(page);
    await page.goto(`/connect-students?collegeName=${encodeURIComponent(college)}`);
    await expect(page.getByRole('heading', { name: 'No Counselors Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Become a counsellor' })).toHaveAttribute('href', '/counsellor');
    // NIT Goa's verified counsellor (above) is a student of a similar college.
    await expect(page.getByRole('list', { name: 'Counsellors of similar colleges' }).getByRole('article', { name: NAME })).toBeVisible();
    const email = `parent.${Date.now().toString(36)}@example.in`;
    await page.getByLabel(`E-mail me once when a student of ${college} joins`).fill(email);
    await page.getByRole('button', { name: 'Notify me' }).click();
    await expect(page.getByText(`We will e-mail ${email} once when a counsellor from ${college} joins.`)).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const mail = await waitForMail((m) => m.to.includes(email) && /We will tell you/.test(m.subject));
    const stop = /(https?:\/\/\S+\/counsellors\/stop\?token=[\w-]+)/.exec(mail.text)![1];
    await page.goto(new URL(stop).pathname + new URL(stop).search);
    await expect(page.getByText('Done: you will get no e-mail about this college.')).toBeVisible();
    expect(await query(`select id from college_watchers where email = '${email}'`)).toEqual([]);
  });
});

async function signInAs(page: Page, creds: Credentials) {
  await page.goto('/');
  await signIn(page, creds);
}
