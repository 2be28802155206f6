import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { authTexts, loginWaitMessage, type AuthUserDto, type SessionResponse } from '@rankwise/contract/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import type { KeyLimiter } from '../../lib/key-limiter.ts';
import { UNIQUE_VIOLATION } from '../../lib/pg-error.ts';
import { databaseCause, safeError } from '../../lib/safe-error.ts';
import { signAccessToken, type RevokedSessions } from '../../plugins/auth.ts';
import type { MailHealth } from '../../plugins/mail.ts';
import type { AuthRepository, UserRow } from './auth.repository.ts';
import type { GoogleClient } from './google.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { RequestOrigin } from './request-origin.ts';

// What other modules use of this one (they reach a module only through its service).
export { createAuthRepository } from './auth.repository.ts';
export type { GoogleClient } from './google.ts';
export { createRolesRepository } from './roles.repository.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_COOLDOWN_MS = 60_000;
export const CODE_MAX_WRONG = 5;
export const RESET_TTL_MS = 30 * 60_000;
export const PERSISTENT_SESSION_MS = 30 * 24 * 3600_000;
/** A "keep me logged in: off" session lives in a browser-session cookie; the server bounds it too. */
export const BROWSER_SESSION_MS = 24 * 3600_000;
/**
 * A refresh token presented again within this time after its rotation (two tabs refreshing at
 * once) gets the same successor instead of ending the session; later, it is reuse (docs/decisions/0016).
 */
export const REFRESH_GRACE_MS = 30_000;

export type AuthDeps = {
  repo: AuthRepository;
  config: Config;
  google: GoogleClient;
  limiter: KeyLimiter;
  throttle: LoginThrottle;
  jobs: JobQueue;
  mailHealth: MailHealth;
  revoked: RevokedSessions;
  log: FastifyBaseLogger;
  now: () => Date;
};
export type IssuedSession = { response: SessionResponse; refreshToken: string; persistent: boolean; expiresAt: Date };

/** Codes and tokens are stored as keyed hashes, so a database leak reveals none of them. */
function secretHash(config: Config, value: string): string {
  return createHmac('sha256', config.JWT_SECRET).update(value).digest('base64url');
}
function sameHash(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}
/**
 * The refresh token that replaces `token` at rotation. Derived, not random, so that the same token
 * presented again within the grace period can be answered with the same successor without storing
 * any token in a readable form.
 */
function successorOf(config: Config, token: string): string {
  return createHmac('sha256', config.JWT_SECRET).update(`successor:${token}`).digest('base64url');
}
/**
 * The sign-up code of one request, derived from a random nonce: the job that mails it recomputes
 * it, so the code itself is never stored anywhere (the queue holds only the nonce).
 */
export function signupCode(config: Config, email: string, nonce: string): string {
  const digest = createHmac('sha256', config.JWT_SECRET).update(`signup-code:${email}:${nonce}`).digest();
  return String(digest.readUIntBE(0, 6) % 1_000_000).padStart(6, '0');
}
export const codeHash = (config: Config, email: string, code: string) => secretHash(config, `${email}:${code}`);
export const resetTokenHash = (config: Config, token: string) => secretHash(config, token);

/**
 * A hash of the same kind (argon2id, the library's defaults, as every password hash here) to verify
 * against when the account does not exist or has no password: a login costs the same either way.
 */
let dummyHash: Promise<string> | null = null;
const dummyPasswordHash = () => (dummyHash ??= argonHash(randomBytes(16).toString('base64url')));

export const toUserDto = (u: UserRow): AuthUserDto => ({ username: u.username, email: u.email, profilePicture: u.profilePicture });

function sessionAnswer(user: UserRow, accessToken: string, message: string): SessionResponse {
  const dto = toUserDto(user);
  return { message, user: dto, accessToken, data: { user: dto, accessToken } };
}
const sessionLifetime = (persistent: boolean) => (persistent ? PERSISTENT_SESSION_MS : BROWSER_SESSION_MS);

async function issueSession(d: AuthDeps, user: UserRow, persistent: boolean): Promise<IssuedSession> {
  const refreshToken = randomBytes(32).toString('base64url');
  const familyId = randomUUID();
  const expiresAt = new Date(d.now().getTime() + sessionLifetime(persistent));
  await d.repo.insertSession({ userId: user.id, familyId, tokenHash: secretHash(d.config, refreshToken), persistent, expiresAt });
  const accessToken = await signAccessToken(d.config, { id: user.id, username: user.username, email: user.email }, undefined, familyId);
  return { response: sessionAnswer(user, accessToken, 'Logged in successfully'), refreshToken, persistent, expiresAt };
}

/** verify-account and forgot-password refuse alike for every address while mail is failing. */
function requireMail(d: AuthDeps): void {
  if (d.mailHealth.down()) throw new AppError('MAIL_UNAVAILABLE', authTexts.mailUnavailable);
}

/**
 * Sends a sign-up code, from the job queue. The answer is the same whether or not the address
 * already has an account (that owner gets a "you already have an account" mail instead of a code,
 * decided when the mail is sent), so the answer and its timing say nothing about the address. A
 * username that is taken may still say so.
 */
export async function requestCode(d: AuthDeps, username: string, email: string): Promise<{ message: string }> {
  requireMail(d);
  if (await d.repo.usernameTaken(username))
    throw new AppError('CONFLICT', 'This username is taken. Please choose another.', { username: ['This username is taken'] });
  const now = d.now();
  const nonce = randomBytes(16).toString('base64url');
  const stored = await d.repo.putCodeUnlessCooling(
    {
      email,
      username,
      codeHash: codeHash(d.config, email, signupCode(d.config, email, nonce)),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      sentAt: now,
      wrongAttempts: 0,
    },
    new Date(now.getTime() - CODE_COOLDOWN_MS),
  );
  if (!stored) {
    const sentAt = (await d.repo.findCode(email))?.sentAt.getTime() ?? now.getTime();
    const wait = Math.max(1, Math.ceil((CODE_COOLDOWN_MS - (now.getTime() - sentAt)) / 1000));
    throw new AppError('RATE_LIMITED', `Please wait ${wait} seconds before requesting a new code.`);
  }
  await d.jobs.enqueue('auth.signup-mail', { email, username, nonce });
  return { message: authTexts.codeSent };
}

const codeExpired = () => new AppError('BAD_REQUEST', 'The verification code has expired. Please request a new one.', { otp: ['The code has expired'] });
const tooManyWrong = () => new AppError('RATE_LIMITED', 'Too many wrong codes. Please request a new code.');

/**
 * Creates the account with the e-mailed code. The code is checked and spent in one statement, and
 * a wrong guess counted in one statement, so once CODE_MAX_WRONG wrong guesses have landed no
 * request in flight can still use the code; of several requests with the right code, one wins.
 */
export async function register(d: AuthDeps, r: { username: string; email: string; password: string; otp: string }): Promise<{ message: string }> {
  const now = d.now();
  const hash = codeHash(d.config, r.email, r.otp);
  const current = await d.repo.findCode(r.email);
  // The slow password hash only for a guess that can be right (not for every wrong guess).
  if (current && sameHash(current.codeHash, hash)) {
    const passwordHash = await argonHash(r.password);
    try {
      if (await d.repo.createUserWithCode(r.email, hash, now, CODE_MAX_WRONG, { username: r.username, email: r.email, passwordHash }))
        return { message: authTexts.registered };
    } catch (err) {
      const db = databaseCause(err);
      if (db?.code !== UNIQUE_VIOLATION) throw err;
      // Taken meanwhile (the code stays for another try); never the values in the log.
      d.log.info({ err: safeError(err) }, 'registration refused: taken meanwhile');
      if (db.constraint?.includes('email')) throw new AppError('CONFLICT', 'An account with this e-mail already exists. Please log in.');
      throw new AppError('CONFLICT', 'This username is taken. Please choose another.', { username: ['This username is taken'] });
    }
    // Right, but spent by a request a moment earlier, locked by wrong guesses, or expired.
    const after = await d.repo.findCode(r.email);
    if (!after)
      throw new AppError('BAD_REQUEST', 'This code has already been used. Please log in, or request a new code.', { otp: ['The code was already used'] });
  }
  const n = await d.repo.countWrongGuess(r.email, now, CODE_MAX_WRONG);
  if (n === null) {
    const code = await d.repo.findCode(r.email);
    throw code && code.expiresAt > now && code.wrongAttempts >= CODE_MAX_WRONG ? tooManyWrong() : codeExpired();
  }
  const left = CODE_MAX_WRONG - n;
  if (left <= 0) throw tooManyWrong();
  throw new AppError('BAD_REQUEST', `Wrong verification code. ${left} ${left === 1 ? 'try' : 'tries'} left.`, { otp: ['Wrong verification code'] });
}

/**
 * Password sign-in. Slowed down per (account, address) pair after repeated failures, never locked
 * for everyone; an unknown account costs the same password check as a known one.
 */
export async function login(d: AuthDeps, email: string, password: string, persist: boolean, address: string): Promise<IssuedSession> {
  const verdict = await d.throttle.attempt(email, address, d.now().getTime());
  if (!verdict.allowed) throw new AppError('RATE_LIMITED', loginWaitMessage(verdict.waitSeconds));
  const user = await d.repo.findUserByEmail(email);
  const ok = await argonVerify(user?.passwordHash ?? (await dummyPasswordHash()), password).catch(() => false);
  if (!user?.passwordHash || !ok) throw new AppError('UNAUTHORIZED', authTexts.invalidCredentials);
  await d.throttle.succeeded(email, address);
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

async function endFamily(d: AuthDeps, familyId: string): Promise<void> {
  await d.repo.revokeFamily(familyId, d.now());
  d.revoked.add(familyId);
}

/**
 * Rotates the refresh token. The same token again within REFRESH_GRACE_MS of its rotation (another
 * tab) gets the same successor; a token used again after that, or whose successor has itself been
 * rotated or ended, was stolen or replayed: the whole family ends.
 */
export async function refresh(d: AuthDeps, refreshToken: string | undefined): Promise<IssuedSession> {
  const fail = () => new AppError('UNAUTHORIZED', authTexts.refreshFailed);
  if (!refreshToken) throw fail();
  const hash = secretHash(d.config, refreshToken);
  let session = await d.repo.findSessionByHash(hash);
  if (!session) throw fail();
  const now = d.now();
  if (session.expiresAt <= now) throw fail();
  const user = await d.repo.findUserById(session.userId);
  if (!user) throw fail();
  const next = successorOf(d.config, refreshToken);
  const nextHash = secretHash(d.config, next);
  const answer = async (expiresAt: Date): Promise<IssuedSession> => {
    const accessToken = await signAccessToken(d.config, { id: user.id, username: user.username, email: user.email }, undefined, session!.familyId);
    return { response: sessionAnswer(user, accessToken, 'Session refreshed'), refreshToken: next, persistent: session!.persistent, expiresAt };
  };

  if (!session.revokedAt) {
    const expiresAt = new Date(now.getTime() + sessionLifetime(session.persistent));
    const successor = { userId: user.id, familyId: session.familyId, tokenHash: nextHash, persistent: session.persistent, expiresAt };
    if (await d.repo.rotateSession(session.id, now, successor)) return answer(expiresAt);
    // Another request rotated it a moment ago: judged like any token presented again.
    session = (await d.repo.findSessionByHash(hash))!;
  }
  const rotatedAt = session.revokedAt!;
  const successor = await d.repo.findSessionByHash(nextHash);
  const withinGrace = now.getTime() - rotatedAt.getTime() <= REFRESH_GRACE_MS;
  if (successor && !successor.revokedAt && successor.expiresAt > now && withinGrace) return answer(successor.expiresAt);
  await endFamily(d, session.familyId);
  throw fail();
}

/**
 * Ends the session of the refresh cookie. A GET (spec §7) is a link any site could open in a
 * browser that holds the cookie, so it is obeyed only when the browser says it came from this
 * site; a POST cannot be sent across sites with the cookie (SameSite=Lax), and is refused only if
 * the browser says it came from elsewhere.
 */
export async function logout(d: AuthDeps, refreshToken: string | undefined, method: string, origin: RequestOrigin): Promise<void> {
  if (origin === 'cross' || (method === 'GET' && origin !== 'same')) throw new AppError('FORBIDDEN', authTexts.logoutRefused);
  if (!refreshToken) return;
  const session = await d.repo.findSessionByHash(secretHash(d.config, refreshToken));
  if (session) await endFamily(d, session.familyId);
}

/**
 * Queues the reset mail and answers the same for every address: whether the address has an
 * account is looked at only when the mail is sent (auth-mail.ts), so the answer and its time are
 * the same for known and unknown addresses.
 */
export async function forgotPassword(d: AuthDeps, email: string): Promise<{ message: string }> {
  requireMail(d);
  if (!(await d.limiter.hit(`forgot:${email}`, 5, 3600)))
    throw new AppError('RATE_LIMITED', 'Too many reset requests for this e-mail. Please try again in an hour.');
  await d.jobs.enqueue('auth.reset-mail', { email });
  return { message: authTexts.forgotAnswer };
}

async function liveReset(d: AuthDeps, token: string) {
  const row = await d.repo.findReset(secretHash(d.config, token));
  return row && !row.usedAt && row.expiresAt > d.now() ? row : null;
}

export async function verifyResetToken(d: AuthDeps, token: string) {
  const valid = (await liveReset(d, token)) !== null;
  return { valid, data: { valid }, message: valid ? 'Token is valid' : 'This reset link is invalid or has expired.' };
}

export async function resetPassword(d: AuthDeps, token: string, password: string): Promise<{ message: string }> {
  const row = await liveReset(d, token);
  if (!row || !(await d.repo.spendReset(row.tokenHash))) throw new AppError('BAD_REQUEST', 'This reset link is invalid or has expired.');
  await d.repo.setPassword(row.userId, await argonHash(password));
  for (const familyId of await d.repo.revokeAllForUser(row.userId, d.now())) d.revoked.add(familyId);
  return { message: authTexts.passwordChanged };
}
