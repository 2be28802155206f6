import { expect, type Page } from '@playwright/test';
import { waitForMail } from './control.ts';
import { createAccount } from './sessions.ts';

let counter = 0;

export type Credentials = { username: string; email: string; password: string };

/** Fills and sends the open Signup dialog with fresh credentials; returns them and the e-mailed code. */
export async function submitSignUp(page: Page): Promise<Credentials & { code: string }> {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const creds = { username: `student_${id}`, email: `student.${id}@example.in`, password: `pass-${id}-long` };
  const reg = page.getByRole('dialog', { name: 'Signup' });
  await reg.getByLabel('Username').fill(creds.username);
  await reg.getByLabel('Email').fill(creds.email);
  await reg.getByLabel('Password', { exact: true }).fill(creds.password);
  await reg.getByRole('button', { name: 'Signup' }).click();
  const mail = await waitForMail((m) => m.to.includes(creds.email) && /verification code/.test(m.subject));
  return { ...creds, code: /\b(\d{6})\b/.exec(mail.text)![1] };
}

/** Types a code into the OTP boxes (not focusing the first box, which reads the clipboard). */
export async function typeCode(page: Page, code: string): Promise<void> {
  const otp = page.getByRole('dialog', { name: 'Verify your e-mail' });
  await otp.getByLabel('Digit 2').click();
  for (let i = 0; i < 6; i++) await otp.getByLabel(`Digit ${i + 1}`).fill(code[i]);
  await otp.getByRole('button', { name: 'Verify' }).click();
}

/** Completes sign-up in the already open Signup dialog (code read from the SMTP server) and signs in. */
export async function completeSignUp(page: Page, opts: { keepLoggedIn?: boolean } = {}): Promise<Credentials> {
  const { code, ...creds } = await submitSignUp(page);
  await typeCode(page, code);
  // Spec §4: a successful registration opens the login modal.
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  await signIn(page, creds, opts);
  return creds;
}

/** Creates a fresh account through the sign-up modals and signs in. */
export async function signUpAndSignIn(page: Page, opts: { keepLoggedIn?: boolean } = {}): Promise<Credentials> {
  if (!page.url().startsWith('http')) await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Signup' }).click();
  return completeSignUp(page, opts);
}

/** Signs in through the (already open, or opened here) login modal. */
export async function signIn(page: Page, creds: { email: string; password: string; username?: string }, opts: { keepLoggedIn?: boolean } = {}): Promise<void> {
  const login = page.getByRole('dialog', { name: 'Login' });
  if (!(await login.isVisible())) await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
  await login.getByLabel('Email').fill(creds.email);
  await login.getByLabel('Password', { exact: true }).fill(creds.password);
  if (opts.keepLoggedIn === false) await login.getByLabel('Keep me logged in').uncheck();
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(login).toBeHidden();
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
}

/**
 * Set-up, for tests about what a signed-in student sees (the sign-up and sign-in screens themselves
 * are tested in auth.spec.ts, session.spec.ts and navigation.spec.ts): a fresh account made through
 * the sign-up calls (the code read from the SMTP server), signed in through the login call in the
 * page's browser context (its cookies, as the login modal's request sets them), and `path` opened
 * signed in.
 */
export async function signedUpThroughApi(page: Page, path = '/'): Promise<Credentials> {
  const { username, email, password } = await createAccount(page.request);
  await page.goto(path);
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
  return { username, email, password };
}
