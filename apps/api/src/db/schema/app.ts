import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Contact, help-center and feedback submissions: stored first, so nothing sent is lost. */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['contact', 'help', 'feedback'] }).notNull(),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    message: text('message'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    mailStatus: text('mail_status', { enum: ['pending', 'sent', 'failed', 'none'] })
      .notNull()
      .default('pending'),
    /** A digest of the kind and the text the visitor sent: a resend within minutes is the same message. */
    contentHash: text('content_hash'),
    /** A digest of the client's Idempotency-Key with the content: a resent request stores nothing new. */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('form_submissions_kind_created_idx').on(t.kind, t.createdAt),
    uniqueIndex('form_submissions_dedupe_key_idx').on(t.dedupeKey),
    index('form_submissions_content_idx').on(t.contentHash, t.createdAt),
  ],
);
