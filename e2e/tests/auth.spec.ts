import { expect, test } from '@playwright/test';
import { signIn, signUpAndSignIn } from '../support/auth.ts';
import { waitForMail } from '../support/control.ts';

test('register through the modals, log out, log in again, and stay signed in across a reload', async ({ page }) => {
  await page.goto('/');
  const creds = await signUpAndSignIn(page);
  await page.getByRole('button', { name: `Account menu for ${creds.username}` }).click();
  await expect(page.getByRole('menu').getByText(creds.email)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' })).toBeVisible();

  await signIn(page, creds);
  await page.reload();
  await expect(page.getByRole('button', { name: `Account menu for ${creds.username}` })).toBeVisible();
  // Opening login while signed in.
  await page.goto('/auth/login');
  await expect(page.getByText('User already loggedin!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeHidden();
});

test('the auth forms show the spec validation messages', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
  const login = page.getByRole('dialog', { name: 'Login' });
  await expect(login.getByLabel('Keep me logged in')).toBeChecked();
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(login.getByText('Email is required')).toBeVisible();
  await expect(login.getByText('Password is required')).toBeVisible();
  await login.getByLabel('Email').fill('not-an-address');
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(login.getByText('Please enter a valid email address')).toBeVisible();
  await login.getByLabel('Email').fill('nobody@example.in');
  await login.getByLabel('Password', { exact: true }).fill('wrong-password');
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();

  await login.getByRole('button', { name: 'Create an account' }).click();
  const reg = page.getByRole('dialog', { name: 'Signup' });
  await reg.getByRole('button', { name: 'Signup' }).click();
  await expect(reg.getByText('Username is required')).toBeVisible();
  await expect(reg.getByText('Email is required')).toBeVisible();
  await expect(reg.getByText('Password is required')).toBeVisible();
  await reg.getByLabel('Password', { exact: true }).fill('short');
  await reg.getByRole('button', { name: 'Signup' }).click();
  await expect(reg.getByText('Password must be at least 8 characters long')).toBeVisible();
});

test('a protected page asks to sign in and comes back to it', async ({ page }) => {
  await page.goto('/');
  const creds = await signUpAndSignIn(page, { keepLoggedIn: false });
  await page.getByRole('button', { name: `Account menu for ${creds.username}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.goto('/compare');
  const login = page.getByRole('dialog', { name: 'Login' });
  await expect(login).toBeVisible();
  await signIn(page, creds);
  await expect(page).toHaveURL(/\/compare$/);
  await expect(login).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Compare' })).toBeVisible();
});

test('dismissing sign-in on a protected page goes back', async ({ page }) => {
  await page.goto('/faq');
  await page.goto('/reviews?counsellorId=x');
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/faq$/);
});

test('forgot password: the e-mailed link leads to a new password that works', async ({ page }) => {
  await page.goto('/');
  const creds = await signUpAndSignIn(page);
  await page.getByRole('button', { name: `Account menu for ${creds.username}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Login' }).click();
  await page.getByRole('dialog', { name: 'Login' }).getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Forgot password' });
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(forgot.getByText('Email is required')).toBeVisible();
  await forgot.getByLabel('Email').fill(creds.email);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for this e-mail')).toBeVisible();
  const mail = await waitForMail((m) => m.to.includes(creds.email) && m.subject.includes('Reset'));
  const link = /(http:\/\/\S+\/auth\/verify-reset-token\/\S+)/.exec(mail.text)![1];

  await page.goto(new URL(link).pathname);
  await expect(page).toHaveURL(/\/auth\/reset-password$/);
  await page.getByLabel('Password', { exact: true }).fill('brand-new-password');
  await page.getByLabel('Confirm Password').fill('different-password');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm Password').fill('brand-new-password');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, { email: creds.email, password: 'brand-new-password' });

  // The link is single use.
  await page.goto(new URL(link).pathname);
  await expect(page.getByText(/Redirecting to homepage/)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('the reset page without a token goes home', async ({ page }) => {
  await page.goto('/auth/reset-password');
  await expect(page.getByText('No token found. Redirecting to homepage')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
