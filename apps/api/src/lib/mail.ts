/** A file sent with a mail. JSON-safe (mail travels through the job queue): binary content as base64. */
export type MailAttachment = { filename: string; content: string; encoding?: 'utf8' | 'base64'; contentType?: string };
/** An e-mail as the job queue carries it; plugins/mail.ts sends it. */
export type Mail = {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  /** `<id@host>`: the job's own (plugins/jobs.ts), so a retry of the same job is the same message. */
  messageId?: string;
};
