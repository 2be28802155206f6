import { z } from 'zod';
import { emailField, messageResponseSchema } from './app.ts';
import { defineEndpoints } from './endpoint.ts';

/** Spec §5 messages; DECISIONS.md: at least 8 characters at registration and reset. */
export const authMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordShort: 'Password must be at least 8 characters long',
  usernameRequired: 'Username is required',
  passwordsDiffer: 'Passwords do not match',
  otpInvalid: 'Please enter the 6-digit code',
} as const;

export const PASSWORD_MIN = 8;
export const OTP_LENGTH = 6;

/** Accounts are keyed by the lower-cased address. */
export const emailSchema = emailField.transform((e) => e.toLowerCase());

const passwordRequired = z
  .string({ error: authMessages.passwordRequired })
  .min(1, { message: authMessages.passwordRequired, abort: true })
  .max(200, 'Password must be at most 200 characters long');
export const newPasswordSchema = passwordRequired.pipe(z.string().min(PASSWORD_MIN, authMessages.passwordShort));

export const usernameSchema = z
  .string({ error: authMessages.usernameRequired })
  .trim()
  .min(1, { message: authMessages.usernameRequired, abort: true })
  .min(3, 'Username must be at least 3 characters long')
  .max(30, 'Username must be at most 30 characters long')
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may contain only letters, digits, dots, dashes and underscores');

export const otpSchema = z.string({ error: authMessages.otpInvalid }).regex(/^\d{6}$/, authMessages.otpInvalid);

export const verifyAccountRequestSchema = z.object({ username: usernameSchema, email: emailSchema });
export const registerRequestSchema = z.object({ username: usernameSchema, email: emailSchema, password: newPasswordSchema, otp: otpSchema });
export const loginRequestSchema = z.object({ email: emailSchema, password: passwordRequired, persist: z.boolean().default(true) });
export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export const verifyResetTokenRequestSchema = z.object({ token: z.string({ error: 'Token is required' }).min(1, 'Token is required').max(200) });
/** The new password may be sent as `newPassword` or `password` (spec §7, DECISIONS.md). */
export const resetPasswordRequestSchema = z
  .object({
    token: z.string({ error: 'Token is required' }).min(1, 'Token is required').max(200),
    newPassword: z.string().optional(),
    password: z.string().optional(),
  })
  .transform((v, ctx) => {
    const pw = v.newPassword ?? v.password;
    const parsed = newPasswordSchema.safeParse(pw ?? '');
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', path: [v.newPassword !== undefined ? 'newPassword' : 'password'], message: parsed.error.issues[0].message });
      return z.NEVER;
    }
    return { token: v.token, password: parsed.data };
  });
export const googleLoginRequestSchema = z.object({
  code: z.string({ error: 'Sign-in code is required' }).min(1, 'Sign-in code is required').max(4096),
  persist: z.boolean().default(true),
});

export const authUserSchema = z.object({ username: z.string(), email: z.string(), profilePicture: z.string().nullable() });
export type AuthUserDto = z.infer<typeof authUserSchema>;

/** Login, Google and refresh answers: the fields at the top and under `data` (docs/decisions/0004-auth-response-shapes.md). */
export const sessionResponseSchema = z.object({
  message: z.string(),
  user: authUserSchema,
  accessToken: z.string(),
  data: z.object({ user: authUserSchema, accessToken: z.string() }),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const verifyResetTokenResponseSchema = z.object({ message: z.string(), valid: z.boolean(), data: z.object({ valid: z.boolean() }) });
export type VerifyResetTokenResponse = z.infer<typeof verifyResetTokenResponseSchema>;

export type VerifyAccountRequest = z.input<typeof verifyAccountRequestSchema>;
export type RegisterRequest = z.input<typeof registerRequestSchema>;
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const authTexts = {
  loginFailed: 'Login failed',
  invalidCredentials: 'Invalid email or password',
  registrationFailed: 'Registration failed',
  otpFailed: 'Failed to generate verification OTP',
  resetLinkFailed: 'failed to send reset password link',
  verifyTokenFailed: 'failed to verify token',
  logoutFailed: 'Logout failed',
  refreshFailed: 'failed to refresh access token',
  googleFailed: 'Failed to login with google. Please try again later.',
  alreadyLoggedIn: 'User already loggedin!',
  passwordChanged: 'Password changed successfully',
  resetFailed: 'Failed to reset password',
  forgotAnswer: 'If an account exists for this e-mail, a password reset link has been sent to it.',
  codeSent: 'A 6-digit verification code has been sent to your e-mail.',
  registered: 'Registration successful! Please log in.',
  loggedOut: 'Logged out successfully',
  /** verify-account and forgot-password while the mail server is failing: the same for every address. */
  mailUnavailable: 'We could not send e-mail just now. Please try again in a few minutes.',
  /** GET /auth/logout from another site (or without any sign of where it came from). */
  logoutRefused: 'Logout must come from this site. Please use the Logout button.',
  /** An access token whose session has ended (logout, reset, account deleted): the client refreshes, which fails. */
  sessionEnded: 'Your session has ended. Please sign in again.',
} as const;

/**
 * A cookie the page can read (value `1`, no secret) set beside the httpOnly refresh cookie with the
 * same lifetime and cleared with it: the web app asks for a silent refresh only when it is present.
 */
export const SESSION_MARKER_COOKIE = 'rw_session';

/** Login slowed down after repeated failures for one account from one address. */
export const loginWaitMessage = (seconds: number) => `Too many failed sign-ins. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`;

export const authEndpoints = defineEndpoints('auth', {
  verifyAccount: {
    method: 'POST',
    path: '/auth/verify-account',
    summary: 'E-mail a 6-digit sign-up code',
    access: 'public',
    body: verifyAccountRequestSchema,
    responses: { 200: messageResponseSchema },
  },
  register: {
    method: 'POST',
    path: '/auth/register',
    summary: 'Create the account with the e-mailed code',
    access: 'public',
    body: registerRequestSchema,
    responses: { 201: messageResponseSchema },
  },
  login: {
    method: 'POST',
    path: '/auth/login',
    summary: 'Log in with e-mail and password',
    access: 'public',
    body: loginRequestSchema,
    responses: { 200: sessionResponseSchema },
  },
  google: {
    method: 'POST',
    path: '/auth/google',
    summary: 'Log in with a Google sign-in code',
    access: 'public',
    body: googleLoginRequestSchema,
    responses: { 200: sessionResponseSchema },
  },
  refreshToken: {
    method: 'POST',
    path: '/auth/refresh-token',
    summary: 'Rotate the refresh cookie and get a new access token',
    access: 'public',
    responses: { 200: sessionResponseSchema },
  },
  /** Spec §7's GET, accepted only from this site's own pages (docs/decisions/0016). */
  logout: {
    method: 'GET',
    path: '/auth/logout',
    summary: 'Log out (from this site only): revoke the session and clear the cookie',
    access: 'public',
    responses: { 200: messageResponseSchema },
  },
  logoutPost: {
    method: 'POST',
    path: '/auth/logout',
    summary: 'Log out: revoke the session and clear the cookie',
    access: 'public',
    responses: { 200: messageResponseSchema },
  },
  forgotPassword: {
    method: 'POST',
    path: '/auth/forgot-password',
    summary: 'E-mail a password reset link',
    access: 'public',
    body: forgotPasswordRequestSchema,
    responses: { 200: messageResponseSchema },
  },
  verifyResetToken: {
    method: 'POST',
    path: '/auth/verify-reset-token',
    summary: 'Is this reset link still valid?',
    access: 'public',
    body: verifyResetTokenRequestSchema,
    responses: { 200: verifyResetTokenResponseSchema },
  },
  resetPassword: {
    method: 'POST',
    path: '/auth/reset-password',
    summary: 'Set a new password with a reset link',
    access: 'public',
    body: resetPasswordRequestSchema,
    responses: { 200: messageResponseSchema },
  },
});
