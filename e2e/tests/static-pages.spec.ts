import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { query } from '../support/control.ts';

const pages: [string, string, string[]][] = [
  [
    '/about',
    'About Us',
    ['Our vision', 'Our mission', 'Innovation', 'Empathy', 'Accuracy', 'Accessibility', 'Integrity', 'Need Assistance?', 'support@rankwise.in'],
  ],
  ['/privacy-policy', 'Privacy Policy', ['Your account', 'Bookings and payments', 'Reviews', 'Messages to us', 'Your rights']],
  [
    '/terms',
    'Terms & Conditions',
    ['Last changed: 23 November 2026', 'Predictions are guidance, not a guarantee', 'Payments and refunds', 'Contact and disputes'],
  ],
  ['/help-center', 'Help Center', ['Mail', 'Feedback']],
  [
    '/faq',
    'Frequently Asked Questions',
    ['college finder', 'database', 'rankings', 'filters', 'benefits', 'chance of admission computed', 'book a session', 'refunds', 'secure'],
  ],
  ['/feedback', 'Feedback Form', ['You Rated 4.5', 'Overall experience', 'Ease of use', 'Performance']],
  [
    '/upcoming-features',
    'Upcoming Features',
    ['Personalized AI college finder', 'Connect with students', 'Distance learning', 'Scholarships matched to your rank'],
  ],
  ['/contact', 'Contact Us', ['Name', 'E-mail ID', 'Phone', 'Message']],
];

for (const [path, heading, texts] of pages) {
  test(`${path} shows its heading and content, with no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    for (const t of texts) await expect(page.getByText(t, { exact: false }).first()).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test('the FAQ has nine questions that open to show their answers: booking, refunds and how chances are computed among them', async ({ page }) => {
  await page.goto('/faq');
  const items = page.locator('details');
  await expect(items).toHaveCount(9);
  await items.first().locator('summary').click();
  await expect(items.first().getByText('closing rank', { exact: false })).toBeVisible();
  const chance = items.filter({ hasText: 'How is my chance of admission computed?' });
  await chance.locator('summary').click();
  await expect(chance.getByRole('link', { name: 'How chances are computed' })).toHaveAttribute('href', '/methodology');
  const refunds = items.filter({ hasText: 'Can I cancel, and how do refunds work?' });
  await refunds.locator('summary').click();
  await expect(refunds).toContainText('Cancel at least 24 hours before the start and you get a full refund.');
  const booking = items.filter({ hasText: 'How do I book a session' });
  await booking.locator('summary').click();
  await expect(booking).toContainText('12-minute (₹279) or 25-minute (₹419)');
});

test('About Us sends to the contact page', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('main').getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test('the footer carries the company legal name', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('contentinfo')).toContainText('Rankwise Education Technologies Private Limited');
});

test('help center and feedback forms are stored and acknowledged', async ({ page }) => {
  await page.goto('/help-center');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Mail').fill('help-e2e@example.in');
  await page.getByLabel('Feedback').fill('How do PwD seats work?');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Thank you! Our team will get back to you soon.')).toBeVisible();
  await page.goto('/feedback');
  await page.getByLabel('Ease of use: 3 of 5').check({ force: true });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
});

test('the feedback form asks for a rating or a comment instead of thanking an empty form', async ({ page }) => {
  await page.goto('/feedback');
  // Nothing is rated until the visitor chooses.
  for (const row of ['Overall experience', 'Ease of use', 'Performance'])
    for (let n = 1; n <= 5; n++) await expect(page.getByLabel(`${row}: ${n} of 5`)).not.toBeChecked();
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/app/feedback')) sent.push(r.postData() ?? '');
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please rate at least one item or write your feedback')).toBeVisible();
  await expect(page.getByText('Thank you for your feedback!')).toHaveCount(0);
  expect(sent).toEqual([]);
  // The server refuses an empty one too.
  const empty = await page.request.post('/api/v1/app/feedback', { data: {} });
  expect(empty.status()).toBe(400);
  expect((await empty.json()).message).toContain('Please rate at least one item or write your feedback');

  // A comment alone is enough; the message goes as soon as one is being written.
  await page.getByLabel('Your feedback').fill('The CSAB results helped me.');
  await expect(page.getByText('Please rate at least one item or write your feedback')).toBeHidden();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
  expect(JSON.parse(sent[0])).toEqual({ overallExperience: null, easeOfUse: null, performance: null, feedback: 'The CSAB results helped me.' });
  const [row] = await query<{ message: string; details: Record<string, number> }>(
    `select message, details from form_submissions where kind = 'feedback' and message = 'The CSAB results helped me.' order by created_at desc limit 1`,
  );
  expect(row.details).toEqual({});
});
