import { expect, test } from '@playwright/test';
import { signIn, signUpAndSignIn, submitSignUp, typeCode } from '../support/auth.ts';
import { query, setGoogleIdentity, waitForMail } from '../support/control.ts';

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
  await reg.getByLabel('Email').fill('student@nowhere');
  await reg.getByLabel('Password', { exact: true }).fill('short');
  await reg.getByRole('button', { name: 'Signup' }).click();
  await expect(reg.getByText('Please enter a valid email address')).toBeVisible();
  await expect(reg.getByText('Password must be at least 8 characters long')).toBeVisible();
  // An error clears when the field is edited.
  await reg.getByLabel('Username').fill('someone');
  await expect(reg.getByText('Username is required')).toBeHidden();
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

test('dismissing sign-in on a protected link opened in a new tab goes home, not off the site', async ({ page, context }) => {
  await page.goto('/faq');
  // A tab of its own (as a link opened in a new tab): its history holds nothing of this site before it.
  const tab = await context.newPage();
  await tab.goto('/compare');
  await expect(tab.getByRole('dialog', { name: 'Login' })).toBeVisible();
  await tab.keyboard.press('Escape');
  await expect(tab).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
  // The same through the Close button, from a link with target=_blank.
  await page.evaluate(() => {
    const a = Object.assign(document.createElement('a'), { href: '/sessions', target: '_blank', textContent: 'My sessions in a new tab' });
    document.getElementById('main')!.prepend(a);
  });
  const [opened] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'My sessions in a new tab' }).click()]);
  await opened.getByRole('dialog', { name: 'Login' }).getByRole('button', { name: 'Close' }).click();
  await expect(opened).toHaveURL(/^http:\/\/localhost:\d+\/$/);
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
  // The harness leaves PUBLIC_URL unset: the link points at the port the app really runs on.
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);

  await page.goto(new URL(link).pathname);
  await expect(page).toHaveURL(/\/auth\/reset-password$/);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Confirm Password is required', { exact: true })).toBeVisible();
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

test('the OTP boxes advance, step back on Backspace, and fill from the clipboard with its two messages', async ({ page, context }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Signup' }).click();
  const { code } = await submitSignUp(page);
  const otp = page.getByRole('dialog', { name: 'Verify your e-mail' });
  const box = (i: number) => otp.getByLabel(`Digit ${i}`);
  const toasts = page.locator('[data-sonner-toast]');

  // The dialog opens on box 1, which reads the clipboard silently: the browser refuses (no
  // permission) and nothing is said, neither then nor on each later focus of box 1.
  await expect(box(1)).toBeFocused();
  await box(3).focus();
  await box(1).focus();
  await page.waitForTimeout(500);
  await expect(toasts.filter({ hasText: /clipboard/ })).toHaveCount(0);
  // Asked for by the student (Paste code), a refused read is reported.
  await otp.getByRole('button', { name: 'Paste code' }).click();
  await expect(page.getByText('Failed to read clipboard')).toBeVisible();

  // Typing advances; Backspace on an empty box clears the previous one and moves back.
  await box(1).pressSequentially('12');
  await expect(box(1)).toHaveValue('1');
  await expect(box(2)).toHaveValue('2');
  await expect(box(3)).toBeFocused();
  await page.keyboard.press('Backspace');
  await expect(box(2)).toHaveValue('');
  await expect(box(2)).toBeFocused();
  // Typing over a filled box replaces its digit, wherever the caret is.
  await box(1).click();
  await page.keyboard.press('7');
  await expect(box(1)).toHaveValue('7');
  await box(1).focus();
  await page.keyboard.press('End');
  await page.keyboard.press('4');
  await expect(box(1)).toHaveValue('4');
  await expect(box(2)).toBeFocused();

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await box(4).focus();
  await page.evaluate(() => navigator.clipboard.writeText('not a code'));
  await box(1).focus();
  await page.waitForTimeout(300);
  await expect(page.getByText('No valid 6-digit OTP found in clipboard')).toHaveCount(0);
  await otp.getByRole('button', { name: 'Paste code' }).click();
  await expect(page.getByText('No valid 6-digit OTP found in clipboard')).toBeVisible();
  // A paste of something else than a code changes nothing.
  await box(5).focus();
  await page.keyboard.press('Control+V');
  await expect(box(5)).toHaveValue('');

  await box(4).focus();
  await page.evaluate((c) => navigator.clipboard.writeText(c), code);
  await box(1).focus();
  for (let i = 0; i < 6; i++) await expect(box(i + 1)).toHaveValue(code[i]);
  await otp.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
});

test('on a 360 px phone the six boxes and Verify fit inside the dialog; a pasted code fills them', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Signup' }).click();
  const { code } = await submitSignUp(page);
  const otp = page.getByRole('dialog', { name: 'Verify your e-mail' });
  const dialog = (await otp.boundingBox())!;
  for (const part of [otp.getByLabel('Digit 1'), otp.getByLabel('Digit 6'), otp.getByRole('button', { name: 'Verify' })]) {
    const b = (await part.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(dialog.x);
    expect(b.x + b.width).toBeLessThanOrEqual(dialog.x + dialog.width);
  }
  expect(await otp.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: /clipboard/ })).toHaveCount(0);
  // A code pasted into any box fills all six.
  await otp.getByLabel('Digit 3').focus();
  await otp.getByLabel('Digit 3').evaluate((el, c) => {
    const data = new DataTransfer();
    data.setData('text/plain', ` ${c} `);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, code);
  for (let i = 0; i < 6; i++) await expect(otp.getByLabel(`Digit ${i + 1}`)).toHaveValue(code[i]);
});

test('a wrong code is refused with the server message and the account is not created', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Signup' }).click();
  const { code, email } = await submitSignUp(page);
  const wrong = code
    .split('')
    .map((d) => String((Number(d) + 1) % 10))
    .join('');
  const otp = page.getByRole('dialog', { name: 'Verify your e-mail' });
  await typeCode(page, wrong);
  await expect(otp.getByRole('alert')).toBeVisible();
  await expect(otp).toBeVisible();
  expect(await query(`select 1 from users where email = '${email}'`)).toHaveLength(0);
  // The resend link has a cool-down.
  await expect(otp.getByRole('button', { name: /Resend in \d+s/ })).toBeDisabled();
});

test('Continue with Google signs in through the OpenID provider and comes back to the page', async ({ page }) => {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await setGoogleIdentity({ sub: `google-${id}`, email: `Google.${id}@Gmail.com`, name: `Gita ${id}` });
  await page.goto('/compare');
  const login = page.getByRole('dialog', { name: 'Login' });
  await login.getByRole('button', { name: 'Continue with Google' }).click();
  // The provider sends the browser back to /auth/google/callback with a code; the server exchanges it.
  await expect(page).toHaveURL(/\/compare$/);
  await expect(page.getByRole('button', { name: /^Account menu for Gita/ })).toBeVisible();
  const [user] = await query<{ email: string; google_sub: string }>(`select email, google_sub from users where google_sub = 'google-${id}'`);
  expect(user.email).toBe(`google.${id}@gmail.com`);
});

test('a Google callback without the matching state is refused', async ({ page }) => {
  await page.goto('/auth/google/callback?code=stolen&state=forged');
  await expect(page.getByText('Failed to login with google. Please try again later.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
