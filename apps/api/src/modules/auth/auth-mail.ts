import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { messageIdOf } from '../../plugins/jobs.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { AuthRepository } from './auth.repository.ts';
import { codeHash, RESET_TTL_MS, resetTokenHash, signupCode } from './auth.service.ts';

declare module '../../lib/jobs.ts' {
  interface JobPayloads {
    /** The sign-up code (recomputed from the nonce), or "you already have an account" if the address has one by now. */
    'auth.signup-mail': { email: string; username: string; nonce: string };
    /** A reset link if the address has an account; nothing otherwise. */
    'auth.reset-mail': { email: string };
  }
}

type MailJobDeps = { repo: AuthRepository; config: Config; mailer: Mailer; now: () => Date };

/**
 * The sign-up and reset mails leave from the job queue, so the request answers the same, in the
 * same time, whatever the address and whether or not mail works (docs/decisions/0016). Whether an
 * address has an account is looked at here, when the mail is sent.
 */
export function registerAuthMailJobs(jobs: JobQueue, d: MailJobDeps): void {
  const site = d.config.PUBLIC_URL.replace(/\/$/, '');
  const product = d.config.PRODUCT_NAME;

  jobs.register(
    'auth.signup-mail',
    async ({ email, username, nonce }, job) => {
      const code = signupCode(d.config, email, nonce);
      const hash = codeHash(d.config, email, code);
      const row = await d.repo.findCode(email);
      // Replaced by a newer request, used, or expired: this mail has nothing left to say.
      if (!row || row.codeHash !== hash || row.expiresAt <= d.now()) return;
      const owner = await d.repo.findUserByEmail(email);
      const mail = owner
        ? {
            to: email,
            subject: `You already have a ${product} account`,
            text: `Hello ${owner.username},\n\nSomeone, perhaps you, asked to create a new ${product} account with this e-mail address, but it already has one. To sign in, use your password, or "Forgot password?" on the sign-in screen to choose a new one:\n${site}\n\nIf it was not you, ignore this e-mail; nothing has changed.\n`,
          }
        : {
            to: email,
            subject: `Your ${product} verification code: ${code}`,
            text: `Hello ${username},\n\nYour verification code is ${code}. It is valid for 10 minutes.\n\nIf you did not ask for it, ignore this e-mail.\n`,
          };
      try {
        await job.once(() => d.mailer.send({ ...mail, messageId: messageIdOf(job.id, d.config) }));
      } catch (err) {
        // Nothing was sent: the student may ask again at once (no false "wait 60 seconds").
        await d.repo.endCodeCooldown(email, hash);
        throw err;
      }
    },
    // The code lives 10 minutes: retries at about 10, 20, 40, 80 s, then it is left to the student.
    { maxAttempts: 5, erasePayloadOnDone: true, timeoutMs: 60_000 },
  );

  jobs.register(
    'auth.reset-mail',
    async ({ email }, job) => {
      const user = await d.repo.findUserByEmail(email);
      if (!user) return;
      const token = randomBytes(32).toString('base64url');
      const tokenHash = resetTokenHash(d.config, token);
      await d.repo.insertReset({ tokenHash, userId: user.id, expiresAt: new Date(d.now().getTime() + RESET_TTL_MS) });
      try {
        await job.once(() =>
          d.mailer.send({
            messageId: messageIdOf(job.id, d.config),
            to: email,
            subject: `Reset your ${product} password`,
            text: `Hello ${user.username},\n\nOpen this link within 30 minutes to choose a new password:\n${site}/auth/verify-reset-token/${token}\n\nIf you did not ask for it, ignore this e-mail; your password stays the same.\n`,
          }),
        );
      } catch (err) {
        // A link nobody received is not left usable; the retry makes a new one.
        await d.repo.deleteReset(tokenHash);
        throw err;
      }
    },
    { maxAttempts: 6, erasePayloadOnDone: true, timeoutMs: 60_000 },
  );
}
