import type { ContactRequest, FeedbackRequest, HelpRequest } from '@rankwise/contract/app';
import { CONTACT_SUCCESS_MESSAGE } from '@rankwise/contract/app';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../plugins/mail.ts';
import type { ContactRepository } from './contact.repository.ts';

type Deps = { repo: ContactRepository; mailer: Mailer; supportEmail: string; productName: string; log: FastifyBaseLogger };

/**
 * Stores first, then mails support: if the mail fails the message is still kept (mail_status
 * 'failed') and support reads it from the table, so nothing a visitor sent is lost.
 */
async function storeAndNotify(d: Deps, id: string, subject: string, text: string, replyTo?: string): Promise<void> {
  try {
    await d.mailer.send({ to: d.supportEmail, subject, text, replyTo });
    await d.repo.setMailStatus(id, 'sent');
  } catch (err) {
    d.log.error({ err, submissionId: id }, 'support mail failed; the submission is stored');
    await d.repo.setMailStatus(id, 'failed');
  }
}

export async function submitContact(d: Deps, c: { name: string; email: string; phone: string; message: string }): Promise<{ message: string }> {
  const id = await d.repo.insert({ kind: 'contact', name: c.name, email: c.email, phone: c.phone, message: c.message });
  await storeAndNotify(
    d,
    id,
    `[${d.productName}] Contact form: ${c.name}`,
    `Name: ${c.name}\nE-mail: ${c.email}\nPhone: ${c.phone}\n\n${c.message}\n\n(submission ${id})`,
    c.email,
  );
  return { message: CONTACT_SUCCESS_MESSAGE };
}

export async function submitHelp(d: Deps, h: { email: string; feedback: string }): Promise<{ message: string }> {
  const id = await d.repo.insert({ kind: 'help', email: h.email, message: h.feedback });
  await storeAndNotify(d, id, `[${d.productName}] Help request from ${h.email}`, `${h.feedback}\n\n(submission ${id})`, h.email);
  return { message: 'Thank you! Our team will get back to you soon.' };
}

export async function submitFeedback(
  d: Deps,
  f: { overallExperience?: number | null; easeOfUse?: number | null; performance?: number | null; feedback: string },
): Promise<{ message: string }> {
  const { feedback, ...given } = f;
  // Only the rows the visitor rated (the contract refuses a form with neither a rating nor text).
  const ratings = Object.fromEntries(Object.entries(given).filter(([, v]) => v != null));
  const id = await d.repo.insert({ kind: 'feedback', message: feedback || null, details: ratings });
  await d.repo.setMailStatus(id, 'none');
  return { message: 'Thank you for your feedback!' };
}

export type { ContactRequest, FeedbackRequest, HelpRequest };
