import { createHash } from 'node:crypto';
import type { ContactRequest, FeedbackRequest, HelpRequest } from '@rankwise/contract/app';
import { CONTACT_SUCCESS_MESSAGE } from '@rankwise/contract/app';
import { AppError } from '../../lib/app-error.ts';
import type { JobContext, JobQueue } from '../../lib/jobs.ts';
import { safeError } from '../../lib/safe-error.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { ContactRepository } from './contact.repository.ts';

declare module '../../lib/jobs.ts' {
  interface JobPayloads {
    /** The support mail of a stored contact or help message (read from its row when sent). */
    'contact.mail': { submissionId: string };
  }
}

export type ContactDeps = { uow: UnitOfWork<{ contact: ContactRepository }>; jobs: JobQueue; now: () => Date };
export type ContactMailDeps = { repo: ContactRepository; mailer: Mailer; supportEmail: string; productName: string };

/** A resent identical message within this long is the same message (with or without an Idempotency-Key). */
export const RESEND_WINDOW_MS = 10 * 60_000;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,128}$/;

/** The client's Idempotency-Key header, checked: printable, 8 to 128 characters. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) {
    throw new AppError('BAD_REQUEST', 'The Idempotency-Key header must be 8 to 128 printable characters.');
  }
  return header;
}

const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url');

/**
 * Stores the message and its support-mail job in one transaction: a stored message is always
 * mailed, from the job queue, retried until it is sent (issue 29), and the visitor's answer never
 * waits for the mail server. A resent identical message (the same Idempotency-Key, or the same
 * content within RESEND_WINDOW_MS) stores and mails nothing new.
 */
async function storeAndQueue(
  d: ContactDeps,
  kind: 'contact' | 'help',
  row: { name?: string; email: string; phone?: string; message: string },
  key: string | null,
) {
  const contentHash = digest(kind, row.name ?? '', row.email, row.phone ?? '', row.message);
  await d.uow.transaction(async ({ contact: repo, tx }) => {
    if (!key && (await repo.findRecent(kind, contentHash, new Date(d.now().getTime() - RESEND_WINDOW_MS)))) return;
    const id = await repo.insert({ kind, ...row, contentHash, dedupeKey: key ? digest(kind, key, contentHash) : null });
    if (id) await d.jobs.enqueue('contact.mail', { submissionId: id }, { db: tx, dedupeKey: `contact-mail:${id}` });
  });
}

export async function submitContact(
  d: ContactDeps,
  c: { name: string; email: string; phone: string; message: string },
  key: string | null,
): Promise<{ message: string }> {
  await storeAndQueue(d, 'contact', c, key);
  return { message: CONTACT_SUCCESS_MESSAGE };
}

export async function submitHelp(d: ContactDeps, h: { email: string; feedback: string }, key: string | null): Promise<{ message: string }> {
  await storeAndQueue(d, 'help', { email: h.email, message: h.feedback }, key);
  return { message: 'Thank you! Our team will get back to you soon.' };
}

export async function submitFeedback(
  d: ContactDeps,
  f: { overallExperience?: number | null; easeOfUse?: number | null; performance?: number | null; feedback: string },
): Promise<{ message: string }> {
  const { feedback, ...given } = f;
  // Only the rows the visitor rated (the contract refuses a form with neither a rating nor text).
  const ratings = Object.fromEntries(Object.entries(given).filter(([, v]) => v != null));
  await d.uow.store.contact.insert({ kind: 'feedback', message: feedback || null, details: ratings, mailStatus: 'none' });
  return { message: 'Thank you for your feedback!' };
}

/**
 * The `contact.mail` job: mails support once (`job.once`), then marks the row sent. A mail server
 * that fails is retried with back-off; a message whose mail failed for good is marked 'failed'
 * (support reads it from the table).
 */
export async function sendSupportMail(d: ContactMailDeps, p: { submissionId: string }, job: JobContext): Promise<void> {
  const s = await d.repo.findById(p.submissionId);
  if (!s || s.mailStatus !== 'pending') return;
  const subject = s.kind === 'contact' ? `[${d.productName}] Contact form: ${s.name}` : `[${d.productName}] Help request from ${s.email}`;
  const text =
    s.kind === 'contact'
      ? `Name: ${s.name}\nE-mail: ${s.email}\nPhone: ${s.phone}\n\n${s.message}\n\n(submission ${s.id})`
      : `${s.message}\n\n(submission ${s.id})`;
  try {
    await job.once(() => d.mailer.send({ to: d.supportEmail, subject, text, replyTo: s.email ?? undefined }));
  } catch (err) {
    if (job.attempt >= job.maxAttempts) {
      job.log.error({ err: safeError(err), submissionId: s.id }, 'support mail failed for good; the message is stored');
      await d.repo.setMailStatus(s.id, 'failed').catch(() => {});
    }
    throw err;
  }
  try {
    await d.repo.setMailStatus(s.id, 'sent');
  } catch (err) {
    // The mail went; only its status could not be written. The retry finds it sent (job.once) and writes it.
    job.log.warn({ err: safeError(err), submissionId: s.id }, 'support mail sent; its status not recorded yet');
    throw err;
  }
}

export type { ContactRequest, FeedbackRequest, HelpRequest };
