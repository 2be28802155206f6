import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { counsellors } from './counsellors.ts';

/**
 * The booking state machine (docs/decisions/0008-bookings-and-payments.md, 0013-session-lifecycle.md,
 * code in modules/bookings/booking-states.ts). `held`, `paid` and `confirmed` occupy the slot: the
 * exclusion constraint `bookings_no_overlap` (custom migration) refuses any two of them for one
 * counsellor whose time ranges overlap; a cancelled session's slot is free again.
 */
export const bookingStatuses = [
  'held',
  'paid',
  'confirmed',
  'expired',
  'released',
  'refunded',
  'cancelled',
  'completed',
  'absence_reported',
  'disputed',
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];
export const counsellorOutcomes = ['held', 'student_absent'] as const;
export type CounsellorOutcome = (typeof counsellorOutcomes)[number];

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    counsellorId: uuid('counsellor_id')
      .notNull()
      .references(() => counsellors.id, { onDelete: 'restrict' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    durationMinutes: smallint('duration_minutes').notNull(),
    status: text('status', { enum: bookingStatuses }).notNull(),
    /** While `held`, the slot is kept for the student until then. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    /** 10 digits, +91 implied. */
    studentPhone: text('student_phone').notNull(),
    /** The private meeting room, set when confirmed. */
    meetingUrl: text('meeting_url'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** When the confirmation e-mails were queued (in the confirming transaction). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    /** A student may move a session once, at least 24 h before it starts. */
    rescheduleCount: smallint('reschedule_count').notNull().default(0),
    cancelledBy: text('cancelled_by', { enum: ['student', 'counsellor'] }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** What the counsellor says happened (after the start): the session was held, or the student did not come. */
    counsellorOutcome: text('counsellor_outcome', { enum: counsellorOutcomes }),
    outcomeMarkedAt: timestamp('outcome_marked_at', { withTimezone: true }),
    /** The student said the counsellor did not join (within 24 h after the session). */
    absenceReportedAt: timestamp('absence_reported_at', { withTimezone: true }),
    /** The counsellor's side of a disputed absence report, for the admin who decides. */
    disputeNote: text('dispute_note'),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    /** The amount became payable to the counsellor. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookings_counsellor_starts_idx').on(t.counsellorId, t.startsAt),
    index('bookings_student_idx').on(t.studentId),
    // One hold per student at a time (issue 24 item 8): a second hold is refused by the database itself.
    uniqueIndex('bookings_one_hold_per_student')
      .on(t.studentId)
      .where(sql`${t.status} = 'held'`),
    index('bookings_status_hold_idx').on(t.status, t.holdExpiresAt),
    check(
      'bookings_status_check',
      sql`${t.status} in ('held', 'paid', 'confirmed', 'expired', 'released', 'refunded', 'cancelled', 'completed', 'absence_reported', 'disputed')`,
    ),
    check('bookings_duration_check', sql`${t.durationMinutes} in (12, 25)`),
    check('bookings_reschedule_check', sql`${t.rescheduleCount} between 0 and 1`),
    check('bookings_outcome_check', sql`${t.counsellorOutcome} is null or ${t.counsellorOutcome} in ('held', 'student_absent')`),
    check('bookings_range_check', sql`${t.endsAt} = ${t.startsAt} + make_interval(mins => ${t.durationMinutes})`),
  ],
);

/**
 * One payment per booking, one booking per payment: `booking_id` is both the key and a foreign key,
 * and bookings.id references it back (deferred, custom migration), so neither row can exist alone.
 */
export const payments = pgTable(
  'payments',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: ['cashfree'] })
      .notNull()
      .default('cashfree'),
    /** Our order id, sent to Cashfree as `order_id`. */
    orderId: text('order_id').notNull().unique(),
    cfOrderId: text('cf_order_id'),
    paymentSessionId: text('payment_session_id'),
    /** Set by the server from the session length; in paise. */
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status', { enum: ['created', 'active', 'paid', 'failed'] }).notNull(),
    cfPaymentId: text('cf_payment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payments_status_check', sql`${t.status} in ('created', 'active', 'paid', 'failed')`),
    check('payments_amount_check', sql`${t.amountPaise} > 0`),
  ],
);

/** Every state change of a booking, in the transaction that made it. Append-only. */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** What caused it: 'payment', 'verify', 'webhook', 'sweep', 'superseded', ... */
    source: text('source').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('booking_events_booking_idx').on(t.bookingId, t.id)],
);

/** Money going back to a student. `requested` until Cashfree accepts it; retried until then. */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => payments.bookingId, { onDelete: 'restrict' }),
    /** Our refund id, sent to Cashfree as `refund_id` (so a retry cannot refund twice). */
    refundId: text('refund_id').notNull().unique(),
    amountPaise: integer('amount_paise').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['requested', 'pending', 'success', 'failed', 'cancelled'] }).notNull(),
    cfRefundId: text('cf_refund_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_booking_idx').on(t.bookingId),
    index('refunds_status_idx').on(t.status),
    check('refunds_status_check', sql`${t.status} in ('requested', 'pending', 'success', 'failed', 'cancelled')`),
    check('refunds_amount_check', sql`${t.amountPaise} > 0`),
  ],
);

/** Cashfree webhooks already handled, by `x-idempotency-key`: a repeat is acknowledged and ignored. */
export const paymentWebhooks = pgTable('payment_webhooks', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  type: text('type').notNull(),
  orderId: text('order_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The counsellors' money, entry by entry (docs/decisions/0013-session-lifecycle.md). Append-only (a
 * trigger refuses UPDATE and DELETE). A payment enters `held` (+); a refund leaves `held` (-); a
 * completed session (or a late cancellation, which is not refunded) moves its amount from `held` to
 * `payable` (- and +). So for any counsellor, the sum of all entries equals the payments received
 * minus the refunds, and each account's sum is its balance. `entry_key` makes every entry happen once.
 */
export const ledgerAccounts = ['held', 'payable'] as const;
export type LedgerAccount = (typeof ledgerAccounts)[number];
export const ledgerKinds = ['payment', 'refund', 'release', 'payout'] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    counsellorId: uuid('counsellor_id')
      .notNull()
      .references(() => counsellors.id, { onDelete: 'restrict' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    account: text('account', { enum: ledgerAccounts }).notNull(),
    kind: text('kind', { enum: ledgerKinds }).notNull(),
    /** Signed, in paise: + into the account, - out of it. */
    amountPaise: integer('amount_paise').notNull(),
    /** 'payment:{bookingId}', 'refund:{refundId}', 'release:{bookingId}:held' ...: each entry exists once. */
    entryKey: text('entry_key').notNull().unique(),
    /** For a `payout` entry: the payout that paid it (table payouts). */
    payoutId: uuid('payout_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_counsellor_idx').on(t.counsellorId, t.id),
    index('ledger_entries_booking_idx').on(t.bookingId),
    check('ledger_entries_account_check', sql`${t.account} in ('held', 'payable')`),
    check('ledger_entries_kind_check', sql`${t.kind} in ('payment', 'refund', 'release', 'payout')`),
    check('ledger_entries_amount_check', sql`${t.amountPaise} <> 0`),
  ],
);
