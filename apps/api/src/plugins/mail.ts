import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';

/** A file sent with a mail. JSON-safe (mail travels through the job queue): binary content as base64. */
export type MailAttachment = { filename: string; content: string; encoding?: 'utf8' | 'base64'; contentType?: string };
export type Mail = { to: string | string[]; subject: string; text: string; html?: string; replyTo?: string; attachments?: MailAttachment[] };
export type Mailer = { send(mail: Mail): Promise<void>; mode: 'smtp' | 'outbox' };

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** SMTP when SMTP_URL is set; otherwise (never in production) the console and an outbox folder. */
export function createMailer(config: Config, log: FastifyInstance['log']): Mailer {
  if (config.SMTP_URL) {
    const transport: Transporter = nodemailer.createTransport(config.SMTP_URL);
    return {
      mode: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: config.MAIL_FROM, ...mail });
      },
    };
  }
  const outbox = path.join(config.DATA_FOLDER, 'outbox');
  return {
    mode: 'outbox',
    async send(mail) {
      const to = Array.isArray(mail.to) ? mail.to.join(', ') : mail.to;
      const names = (mail.attachments ?? []).map((a) => a.filename);
      const body = `From: ${config.MAIL_FROM}\nTo: ${to}\nSubject: ${mail.subject}\n${names.length ? `Attachments: ${names.join(', ')}\n` : ''}\n${mail.text}\n`;
      await mkdir(outbox, { recursive: true });
      const stem = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${slug(mail.subject)}`);
      const file = `${stem}.txt`;
      await writeFile(file, body);
      for (const a of mail.attachments ?? []) await writeFile(`${stem}-${path.basename(a.filename)}`, Buffer.from(a.content, a.encoding ?? 'utf8'));
      // Development only: lets a newcomer read codes and links without an SMTP server.
      if (config.NODE_ENV !== 'test') console.log(`\n----- mail (outbox: ${file}) -----\n${body}-----\n`);
      // Never the address or the subject (it may carry a code).
      log.info('mail written to outbox');
    },
  };
}

function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40);
}

export const mailPlugin = fp(async (app: FastifyInstance, opts: { config: Config; mailer?: Mailer }) => {
  app.decorate('mailer', opts.mailer ?? createMailer(opts.config, app.log));
});
