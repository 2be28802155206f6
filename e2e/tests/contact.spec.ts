import { expect, test } from '@playwright/test';
import { query, waitForMail } from '../support/control.ts';

test('the contact form shows every spec message, clears it on edit, and sends to the database and support', async ({ page }) => {
  await page.goto('/contact');
  const submit = page.getByRole('button', { name: 'Submit' });
  await submit.click();
  for (const m of ['Name is required', 'Email is required', 'Phone number is required', 'Message is required']) await expect(page.getByText(m)).toBeVisible();

  await page.getByLabel('Name').fill('Meera Iyer');
  await expect(page.getByText('Name is required')).toBeHidden();
  await page.getByLabel('E-mail ID').fill('meera@');
  await page.getByLabel('Phone').fill('12345');
  await page.getByLabel('Message').fill('too short');
  await submit.click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Please enter a valid Indian phone number')).toBeVisible();
  await expect(page.getByText('Message must be at least 10 characters long')).toBeVisible();

  const unique = `e2e-${Date.now()}`;
  await page.getByLabel('E-mail ID').fill('meera@example.in');
  await page.getByLabel('Phone').fill('+91 9876543210');
  await page.getByLabel('Message').fill(`Which IITs take rank 4000? ${unique}`);
  await submit.click();
  await expect(page.getByText('Message sent successfully! We will get back to you soon.')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');

  const rows = await query<{ email: string; phone: string }>(`select email, phone from form_submissions where message like '%${unique}'`);
  expect(rows).toEqual([{ email: 'meera@example.in', phone: '+919876543210' }]);
  const mail = await waitForMail((m) => m.text.includes(unique));
  expect(mail.to).toEqual(['support@rankwise.in']);
});

test('each error clears as soon as its field is edited, even before the value is valid (spec §5)', async ({ page }) => {
  await page.goto('/contact');
  await page.getByLabel('E-mail ID').fill('meera@');
  await page.getByLabel('Phone').fill('12345');
  await page.getByLabel('Message').fill('short');
  await page.getByRole('button', { name: 'Submit' }).click();
  const errors = [
    'Name is required',
    'Please enter a valid email address',
    'Please enter a valid Indian phone number',
    'Message must be at least 10 characters long',
  ];
  for (const m of errors) await expect(page.getByText(m)).toBeVisible();

  // Still invalid after one keystroke each, but being edited: the message goes.
  await page.getByLabel('E-mail ID').press('x');
  await expect(page.getByText('Please enter a valid email address')).toBeHidden();
  await page.getByLabel('Phone').press('6');
  await expect(page.getByText('Please enter a valid Indian phone number')).toBeHidden();
  await page.getByLabel('Message').press('!');
  await expect(page.getByText('Message must be at least 10 characters long')).toBeHidden();
  // Untouched fields keep theirs; Submit checks everything again.
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  for (const m of errors) await expect(page.getByText(m)).toBeVisible();
});

test('a failed send keeps what the visitor typed', async ({ page }) => {
  await page.route('**/api/v1/app/contact', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom","code":"INTERNAL"}' }),
  );
  await page.goto('/contact');
  await page.getByLabel('Name').fill('Kept Name');
  await page.getByLabel('E-mail ID').fill('kept@example.in');
  await page.getByLabel('Phone').fill('9876543210');
  await page.getByLabel('Message').fill('Please keep this message');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Failed to send message. Please try again later.')).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveValue('Please keep this message');
});

test('the button reads Sending... while busy', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/v1/app/contact', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/contact');
  await page.getByLabel('Name').fill('Busy');
  await page.getByLabel('E-mail ID').fill('busy@example.in');
  await page.getByLabel('Phone').fill('9876543210');
  await page.getByLabel('Message').fill('Checking the busy state');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  release();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
});
