import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { authTexts, type AuthUserDto, type SessionResponse } from '@rankwise/contract/auth';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import type { KeyLimiter } from '../../lib/key-limiter.ts';
import { signAccessToken } from '../../plugins/auth.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { AuthRepository, UserRow } from './auth.repository.ts';
import type { GoogleClient } from './google.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_COOLDOWN_MS = 60_000;
export const CODE_MAX_WRONG = 5;
export const RESET_TTL_MS = 30 * 60_000;
export const PERSISTENT_SESSION_MS = 30 * 24 * 3600_000;
/** A "keep me logged in: off" session lives in a browser-session cookie; the server bounds it too. */
export const BROWSER_SESSION_MS = 24 * 3600_000;

export type AuthDeps = { repo: AuthRepository; config: Config; mailer: Mailer; google: GoogleClient; limiter: KeyLimiter };
export type IssuedSession = { response: SessionResponse; refreshToken: string; persistent: boolean; expiresAt: Date };

/** Codes and tokens are stored as keyed hashes, so a database leak reveals none of them. */
function secretHash(config: Config, value: string): string {
  return createHmac('sha256', config.JWT_SECRET).update(value).digest('base64url');
}
function sameHash(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}

export const toUserDto = (u: UserRow): AuthUserDto => ({ username: u.username, email: u.email, profilePicture: u.profilePicture });

async function issueSession(
  d: AuthDeps,
  user: UserRow,
  persistent: boolean,
  familyId: string = randomUUID(),
  message = 'Logged in successfully',
): Promise<IssuedSession> {
  const refreshToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + (persistent ? PERSISTENT_SESSION_MS : BROWSER_SESSION_MS));
  await d.repo.insertSession({ userId: user.id, familyId, tokenHash: secretHash(d.config, refreshToken), persistent, expiresAt });
  const accessToken = await signAccessToken(d.config, { id: user.id, username: user.username, email: user.email });
  const dto = toUserDto(user);
  return { response: { message, user: dto, accessToken, data: { user: dto, accessToken } }, refreshToken, persistent, expiresAt };
}

export async function requestCode(d: AuthDeps, username: string, email: string): Promise<{ message: string }> {
  const conflict = await d.repo.findConflict(username, email);
  if (conflict.email)
    throw new AppError('CONFLICT', 'An account with this e-mail already exists. Please log in.', { email: ['An account with this e-mail already exists'] });
  if (conflict.username) throw new AppError('CONFLICT', 'This username is taken. Please choose another.', { username: ['This username is taken'] });
  const existing = await d.repo.findCode(email);
  if (existing && Date.now() - existing.sentAt.getTime() < CODE_COOLDOWN_MS) {
    const wait = Math.ceil((CODE_COOLDOWN_MS - (Date.now() - existing.sentAt.getTime())) / 1000);
    throw new AppError('RATE_LIMITED', `Please wait ${wait} seconds before requesting a new code.`);
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = new Date();
  await d.repo.upsertCode({
    email,
    username,
    codeHash: secretHash(d.config, `${email}:${code}`),
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    sentAt: now,
    wrongAttempts: 0,
  });
  await d.mailer.send({
    to: email,
    subject: `Your ${d.config.PRODUCT_NAME} verification code: ${code}`,
    text: `Hello ${username},\n\nYour verification code is ${code}. It is valid for 10 minutes.\n\nIf you did not ask for it, ignore this e-mail.\n`,
  });
  return { message: authTexts.codeSent };
}

export async function register(d: AuthDeps, r: { username: string; email: string; password: string; otp: string }): Promise<{ message: string }> {
  const code = await d.repo.findCode(r.email);
  if (!code || code.expiresAt.getTime() < Date.now())
    throw new AppError('BAD_REQUEST', 'The verification code has expired. Please request a new one.', { otp: ['The code has expired'] });
  if (code.wrongAttempts >= CODE_MAX_WRONG) throw new AppError('RATE_LIMITED', 'Too many wrong codes. Please request a new code.');
  if (!sameHash(code.codeHash, secretHash(d.config, `${r.email}:${r.otp}`))) {
    const n = await d.repo.countWrongAttempt(r.email);
    const left = CODE_MAX_WRONG - n;
    throw left > 0
      ? new AppError('BAD_REQUEST', `Wrong verification code. ${left} ${left === 1 ? 'try' : 'tries'} left.`, { otp: ['Wrong verification code'] })
      : new AppError('RATE_LIMITED', 'Too many wrong codes. Please request a new code.');
  }
  const conflict = await d.repo.findConflict(r.username, r.email);
  if (conflict.email || conflict.username)
    throw new AppError(
      'CONFLICT',
      conflict.email ? 'An account with this e-mail already exists. Please log in.' : 'This username is taken. Please choose another.',
    );
  await d.repo.insertUser({ username: r.username, email: r.email, passwordHash: await argonHash(r.password) });
  await d.repo.deleteCode(r.email);
  return { message: authTexts.registered };
}

export async function login(d: AuthDeps, email: string, password: string, persist: boolean): Promise<IssuedSession> {
  // Per account, against guessing from many addresses (the route limits each address too).
  if (!(await d.limiter.hit(`login:${email}`, 10, 15 * 60)))
    throw new AppError('RATE_LIMITED', 'Too many sign-in attempts for this account. Please try again in 15 minutes.');
  const user = await d.repo.findUserByEmail(email);
  const ok = user?.passwordHash ? await argonVerify(user.passwordHash, password) : false;
  if (!user || !ok) throw new AppError('UNAUTHORIZED', authTexts.invalidCredentials);
  return issueSession(d, user, persist);
}

export async function loginWithGoogle(d: AuthDeps, code: string, persist: boolean): Promise<IssuedSession> {
  const id = await d.google.identify(code);
  let user = (await d.repo.findUserByGoogleSub(id.sub)) ?? (await d.repo.findUserByEmail(id.email));
  if (user && !user.googleSub) await d.repo.setGoogleSub(user.id, id.sub, user.profilePicture ?? id.picture);
  if (!user) {
    const base = (id.name ?? id.email.split('@')[0]).replace(/[^A-Za-z0-9_.-]+/g, '').slice(0, 24) || 'student';
    let username = base.length >= 3 ? base : `${base}-user`;
    for (let i = 2; await d.repo.usernameTaken(username); i++) username = `${base}${i}`;
    user = await d.repo.insertUser({ username, email: id.email, googleSub: id.sub, profilePicture: id.picture });
  }
  return issueSession(d, user, persist);
}

/** Rotates the refresh token; a token used twice revokes its whole family (it was stolen or replayed). */
export async function refresh(d: AuthDeps, refreshToken: string | undefined): Promise<IssuedSession> {
  const fail = () => new AppError('UNAUTHORIZED', authTexts.refreshFailed);
  if (!refreshToken) throw fail();
  const session = await d.repo.findSessionByHash(secretHash(d.config, refreshToken));
  if (!session) throw fail();
  if (session.revokedAt || !(await d.repo.revokeSessionIfLive(session.id))) {
    await d.repo.revokeFamily(session.familyId);
    throw fail();
  }
  if (session.expiresAt.getTime() < Date.now()) throw fail();
  const user = await d.repo.findUserById(session.userId);
  if (!user) throw fail();
  return issueSession(d, user, session.persistent, session.familyId, 'Session refreshed');
}

export async function logout(d: AuthDeps, refreshToken: string | undefined): Promise<void> {
  if (!refreshToken) return;
  const session = await d.repo.findSessionByHash(secretHash(d.config, refreshToken));
  if (session) await d.repo.revokeFamily(session.familyId);
}

export async function forgotPassword(d: AuthDeps, email: string): Promise<{ message: string }> {
  // The same answer whether or not the address has an account; the per-address limit applies to both.
  if (!(await d.limiter.hit(`forgot:${email}`, 5, 3600)))
    throw new AppError('RATE_LIMITED', 'Too many reset requests for this e-mail. Please try again in an hour.');
  const user = await d.repo.findUserByEmail(email);
  if (user) {
    const token = randomBytes(32).toString('base64url');
    await d.repo.insertReset({ tokenHash: secretHash(d.config, token), userId: user.id, expiresAt: new Date(Date.now() + RESET_TTL_MS) });
    const link = `${d.config.PUBLIC_URL.replace(/\/$/, '')}/auth/verify-reset-token/${token}`;
    await d.mailer.send({
      to: email,
      subject: `Reset your ${d.config.PRODUCT_NAME} password`,
      text: `Hello ${user.username},\n\nOpen this link within 30 minutes to choose a new password:\n${link}\n\nIf you did not ask for it, ignore this e-mail; your password stays the same.\n`,
    });
  }
  return { message: authTexts.forgotAnswer };
}

async function liveReset(d: AuthDeps, token: string) {
  const row = await d.repo.findReset(secretHash(d.config, token));
  return row && !row.usedAt && row.expiresAt.getTime() > Date.now() ? row : null;
}

export async function verifyResetToken(d: AuthDeps, token: string) {
  const valid = (await liveReset(d, token)) !== null;
  return { valid, data: { valid }, message: valid ? 'Token is valid' : 'This reset link is invalid or has expired.' };
}

export async function resetPassword(d: AuthDeps, token: string, password: string): Promise<{ message: string }> {
  const row = await liveReset(d, token);
  if (!row || !(await d.repo.spendReset(row.tokenHash))) throw new AppError('BAD_REQUEST', 'This reset link is invalid or has expired.');
  await d.repo.setPassword(row.userId, await argonHash(password));
  await d.repo.revokeAllForUser(row.userId);
  return { message: authTexts.passwordChanged };
}
