import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Mail } from '../lib/mail.ts';

export type { Mail, MailAttachment } from '../lib/mail.ts';

export type Mailer = { send(mail: Mail): Promise<void>; mode: 'smtp' | 'outbox' };

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** Whether the mail server failed its last attempt recently (sign-up and reset answer 503 then). */
    mailHealth: MailHealth;
  }
}

export type MailHealth = { down(): boolean };

/** After a failed delivery, mail counts as down for this long, or until a delivery succeeds. */
export const MAIL_DOWN_WINDOW_MS = 60_000;

/**
 * Watches every delivery: a failure of the connection or the server (not a rejected recipient)
 * marks mail down until a delivery succeeds or MAIL_DOWN_WINDOW_MS passes, so one new attempt
 * probes the server again. In-process: each instance learns from its own worker's deliveries.
 */
function watchDeliveries(mailer: Mailer, now: () => number): { mailer: Mailer; health: MailHealth } {
  let failedAt: number | null = null;
  return {
    mailer: {
      mode: mailer.mode,
      async send(mail) {
        try {
          await mailer.send(mail);
          failedAt = null;
        } catch (err) {
          // nodemailer: EENVELOPE/EMESSAGE are about this mail; anything else is the transport.
          const code = (err as { code?: unknown }).code;
          if (code !== 'EENVELOPE' && code !== 'EMESSAGE') failedAt = now();
          throw err;
        }
      },
    },
    health: { down: () => failedAt !== null && now() - failedAt < MAIL_DOWN_WINDOW_MS },
  };
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
      const body = `From: ${config.MAIL_FROM}\nTo: ${to}\n${mail.messageId ? `Message-ID: ${mail.messageId}\n` : ''}Subject: ${mail.subject}\n${names.length ? `Attachments: ${names.join(', ')}\n` : ''}\n${mail.text}\n`;
      await mkdir(outbox, { recursive: true });
      // Unique whatever the load: the time orders the folder, a random part keeps parallel mails apart.
      const stem = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}-${slug(mail.subject)}`);
      const file = `${stem}.txt`;
      await writeFile(file, body, { flag: 'wx' });
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
  const watched = watchDeliveries(opts.mailer ?? createMailer(opts.config, app.log), () => app.clock.now().getTime());
  app.decorate('mailer', watched.mailer);
  app.decorate('mailHealth', watched.health);
});
