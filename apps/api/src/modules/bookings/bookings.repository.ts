import { aliasedTable, and, asc, desc, eq, gt, gte, inArray, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import {
  bookingEvents,
  bookings,
  ledgerEntries,
  paymentWebhooks,
  payments,
  refunds,
  type BookingStatus,
  type CounsellorOutcome,
  type LedgerAccount,
  type LedgerKind,
} from '../../db/schema/bookings.ts';
import { counsellors } from '../../db/schema/counsellors.ts';
import { reviews } from '../../db/schema/reviews.ts';
import { EXCLUSION_VIOLATION, pgErrorCode } from '../../lib/pg-error.ts';
import { isUuid } from '../counsellors/counsellors.repository.ts';
import { canTransition, type TransitionSource } from './booking-states.ts';

export type PaymentStatus = 'created' | 'active' | 'paid' | 'failed';
export type RefundStatus = 'requested' | 'pending' | 'success' | 'failed' | 'cancelled';

/** A booking with its payment (they always exist together). */
export type BookingWithPayment = {
  id: string;
  counsellorId: string;
  studentId: string;
  startsAt: Date;
  endsAt: Date;
  durationMinutes: number;
  status: BookingStatus;
  holdExpiresAt: Date;
  meetingUrl: string | null;
  orderId: string;
  amountPaise: number;
  paymentStatus: PaymentStatus;
  paymentSessionId: string | null;
  rescheduleCount: number;
  counsellorOutcome: CounsellorOutcome | null;
  absenceReportedAt: Date | null;
};

export type BookingDetails = BookingWithPayment & {
  studentName: string;
  studentEmail: string;
  studentPhone: string;
  counsellorName: string;
  counsellorEmail: string;
  counsellorIsDemo: boolean;
  college: string;
};

export type RefundRecord = {
  id: string;
  bookingId: string;
  orderId: string;
  refundId: string;
  amountPaise: number;
  reason: string;
  status: RefundStatus;
  attempts: number;
};

const withPayment = {
  id: bookings.id,
  counsellorId: bookings.counsellorId,
  studentId: bookings.studentId,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  durationMinutes: bookings.durationMinutes,
  status: bookings.status,
  holdExpiresAt: bookings.holdExpiresAt,
  meetingUrl: bookings.meetingUrl,
  orderId: payments.orderId,
  amountPaise: payments.amountPaise,
  paymentStatus: payments.status,
  paymentSessionId: payments.paymentSessionId,
  rescheduleCount: bookings.rescheduleCount,
  counsellorOutcome: bookings.counsellorOutcome,
  absenceReportedAt: bookings.absenceReportedAt,
};

/** Columns a transition may set beside the status (when it was cancelled, reported, disputed...). */
export type TransitionFields = Partial<
  Pick<
    typeof bookings.$inferInsert,
    'cancelledBy' | 'cancelledAt' | 'absenceReportedAt' | 'disputeNote' | 'disputedAt' | 'completedAt' | 'counsellorOutcome' | 'outcomeMarkedAt'
  >
>;

/** A session as the student's and the counsellor's lists show it. */
export type SessionRow = {
  id: string;
  counsellorId: string;
  studentId: string;
  studentName: string;
  counsellorName: string;
  college: string;
  availableDays: number[];
  timeRanges: { start: number; end: number }[];
  startsAt: Date;
  endsAt: Date;
  durationMinutes: number;
  status: BookingStatus;
  meetingUrl: string | null;
  amountPaise: number;
  rescheduleCount: number;
  cancelledBy: 'student' | 'counsellor' | null;
  counsellorOutcome: CounsellorOutcome | null;
  absenceReportedAt: Date | null;
  disputeNote: string | null;
  disputedAt: Date | null;
  refundAmountPaise: number | null;
  refundStatus: RefundStatus | null;
  reviewed: boolean;
  heldPaise: number;
  payablePaise: number;
};

export type LedgerRow = {
  id: number;
  createdAt: Date;
  bookingId: string;
  sessionStartsAt: Date;
  studentName: string;
  kind: LedgerKind;
  account: LedgerAccount;
  amountPaise: number;
};

/** The states in which a booking is a session (paid and confirmed at some point). */
export const SESSION_STATUSES = ['confirmed', 'cancelled', 'completed', 'refunded', 'absence_reported', 'disputed'] as const;

const overlaps = (startsAt: Date, endsAt: Date) =>
  sql`tstzrange(${bookings.startsAt}, ${bookings.endsAt}, '[)') && tstzrange(${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz, '[)')`;

/** The only code that reads or writes bookings, payments and refunds. Takes a Db that may be a transaction. */
export function createBookingsRepository(db: Db) {
  async function event(
    bookingId: string,
    fromStatus: BookingStatus | null,
    toStatus: BookingStatus,
    source: TransitionSource,
    details?: Record<string, unknown>,
  ) {
    await db.insert(bookingEvents).values({ bookingId, fromStatus, toStatus, source, details: details ?? null });
  }

  /** Moves held bookings matching `where` to `to`, recording each change; returns their ids. */
  async function moveHeld(where: ReturnType<typeof and>, to: 'expired' | 'released', source: TransitionSource, now: Date): Promise<string[]> {
    const rows = await db
      .update(bookings)
      .set({ status: to, updatedAt: now })
      .where(and(eq(bookings.status, 'held'), where))
      .returning({ id: bookings.id });
    for (const r of rows) await event(r.id, 'held', to, source);
    return rows.map((r) => r.id);
  }

  /** One ledger entry, once per key; the counsellor is the booking's. */
  async function ledger(bookingId: string, account: LedgerAccount, kind: LedgerKind, amountPaise: number, entryKey: string, at: Date) {
    await db.execute(sql`
      insert into ledger_entries (counsellor_id, booking_id, account, kind, amount_paise, entry_key, created_at)
      select counsellor_id, id, ${account}, ${kind}, ${amountPaise}, ${entryKey}, ${at.toISOString()}::timestamptz from bookings where id = ${bookingId}
      on conflict (entry_key) do nothing`);
  }
  async function balances(bookingId: string): Promise<{ held: number; payable: number }> {
    const [t] = await db
      .select({
        held: sql<number>`coalesce(sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.account} = 'held'), 0)::int`,
        payable: sql<number>`coalesce(sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.account} = 'payable'), 0)::int`,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.bookingId, bookingId));
    return { held: Number(t.held), payable: Number(t.payable) };
  }
  function detailsQuery() {
    const student = aliasedTable(users, 'student');
    const counsellorUser = aliasedTable(users, 'counsellor_user');
    return db
      .select({
        ...withPayment,
        studentName: student.username,
        studentEmail: student.email,
        studentPhone: bookings.studentPhone,
        counsellorName: counsellors.name,
        counsellorEmail: counsellorUser.email,
        counsellorIsDemo: counsellors.isDemo,
        college: counsellors.instituteName,
        disputeNote: bookings.disputeNote,
        disputedAt: bookings.disputedAt,
      })
      .from(bookings)
      .innerJoin(payments, eq(payments.bookingId, bookings.id))
      .innerJoin(student, eq(student.id, bookings.studentId))
      .innerJoin(counsellors, eq(counsellors.id, bookings.counsellorId))
      .innerJoin(counsellorUser, eq(counsellorUser.id, counsellors.userId));
  }

  return {
    /** Holds on this counsellor's overlapping time that lapsed unpaid give way to a new hold. */
    expireLapsedOverlapping(counsellorId: string, startsAt: Date, endsAt: Date, now: Date): Promise<string[]> {
      return moveHeld(
        and(eq(bookings.counsellorId, counsellorId), lte(bookings.holdExpiresAt, now), overlaps(startsAt, endsAt)),
        'expired',
        'slot_needed',
        now,
      );
    },
    /** This student's unexpired hold on this counsellor at this start time, if any. */
    async liveHoldOf(studentId: string, counsellorId: string, startsAt: Date, now: Date): Promise<BookingWithPayment | null> {
      const [row] = await db
        .select(withPayment)
        .from(bookings)
        .innerJoin(payments, eq(payments.bookingId, bookings.id))
        .where(
          and(
            eq(bookings.studentId, studentId),
            eq(bookings.counsellorId, counsellorId),
            eq(bookings.startsAt, startsAt),
            eq(bookings.status, 'held'),
            gt(bookings.holdExpiresAt, now),
          ),
        )
        .limit(1);
      return (row as BookingWithPayment | undefined) ?? null;
    },
    /** A student holds one slot at a time: starting a new booking releases their earlier unpaid holds. */
    releaseStudentHolds(studentId: string, now: Date): Promise<string[]> {
      return moveHeld(eq(bookings.studentId, studentId), 'released', 'superseded', now);
    },

    /** A new held booking and its payment, together (the deferred foreign keys require both). */
    async insertHeld(
      b: { counsellorId: string; studentId: string; startsAt: Date; endsAt: Date; durationMinutes: number; holdExpiresAt: Date; studentPhone: string },
      p: { orderId: string; amountPaise: number },
    ): Promise<string> {
      const [row] = await db
        .insert(bookings)
        .values({ ...b, status: 'held' })
        .returning({ id: bookings.id });
      await db.insert(payments).values({ bookingId: row.id, orderId: p.orderId, amountPaise: p.amountPaise, status: 'created' });
      await event(row.id, null, 'held', 'payment', { orderId: p.orderId, amountPaise: p.amountPaise });
      return row.id;
    },

    /** The booking of an order, locked until the transaction ends (one confirmation at a time). */
    async lockByOrderId(orderId: string): Promise<BookingWithPayment | null> {
      const [row] = await db
        .select(withPayment)
        .from(payments)
        .innerJoin(bookings, eq(bookings.id, payments.bookingId))
        .where(eq(payments.orderId, orderId))
        .for('update');
      return (row as BookingWithPayment | undefined) ?? null;
    },
    async findByOrderId(orderId: string): Promise<BookingWithPayment | null> {
      const [row] = await db.select(withPayment).from(payments).innerJoin(bookings, eq(bookings.id, payments.bookingId)).where(eq(payments.orderId, orderId));
      return (row as BookingWithPayment | undefined) ?? null;
    },

    /**
     * Changes a booking's state from `from` to `to` and records it; false if it was no longer in `from`.
     * The single way a booking's status changes (see booking-states.ts).
     */
    async transition(
      id: string,
      from: BookingStatus,
      to: BookingStatus,
      source: TransitionSource,
      opts: { details?: Record<string, unknown>; meetingUrl?: string; now?: Date; fields?: TransitionFields } = {},
    ): Promise<boolean> {
      if (!canTransition(from, to)) throw new Error(`booking ${id}: ${from} -> ${to} is not a transition`);
      const now = opts.now ?? new Date();
      const rows = await db
        .update(bookings)
        .set({
          status: to,
          updatedAt: now,
          ...(to === 'confirmed' ? { confirmedAt: now } : {}),
          ...(to === 'completed' ? { completedAt: now } : {}),
          ...(opts.meetingUrl ? { meetingUrl: opts.meetingUrl } : {}),
          ...opts.fields,
        })
        .where(and(eq(bookings.id, id), eq(bookings.status, from)))
        .returning({ id: bookings.id });
      if (rows.length === 0) return false;
      await event(id, from, to, source, opts.details);
      return true;
    },

    /**
     * A lapsed or released booking takes its slot back (-> paid) if no other booking holds it now;
     * false when the exclusion constraint refuses. In a savepoint, so the caller's transaction goes on.
     */
    async retake(id: string, from: 'expired' | 'released', source: TransitionSource, details: Record<string, unknown>): Promise<boolean> {
      try {
        return await db.transaction((sp) => createBookingsRepository(sp).transition(id, from, 'paid', source, { details }));
      } catch (err) {
        if (pgErrorCode(err) === EXCLUSION_VIOLATION) return false;
        throw err;
      }
    },

    async paymentCreated(bookingId: string, v: { cfOrderId: string; paymentSessionId: string }): Promise<void> {
      await db
        .update(payments)
        .set({ status: 'active', cfOrderId: v.cfOrderId, paymentSessionId: v.paymentSessionId, updatedAt: new Date() })
        .where(eq(payments.bookingId, bookingId));
    },
    async paymentFailed(bookingId: string): Promise<void> {
      await db.update(payments).set({ status: 'failed', updatedAt: new Date() }).where(eq(payments.bookingId, bookingId));
    },
    /** The money is in: the payment is marked paid and its amount enters the counsellor's ledger as held. */
    async paymentPaid(bookingId: string, v: { cfPaymentId: string | null; paidAt: Date }): Promise<void> {
      const [p] = await db
        .update(payments)
        .set({ status: 'paid', cfPaymentId: v.cfPaymentId, paidAt: v.paidAt, updatedAt: new Date() })
        .where(eq(payments.bookingId, bookingId))
        .returning({ amountPaise: payments.amountPaise });
      if (p) await ledger(bookingId, 'held', 'payment', p.amountPaise, `payment:${bookingId}`, v.paidAt);
    },

    /**
     * A refund decided (sent to Cashfree after commit, by the refund job). Its amount leaves the
     * counsellor's ledger in the same transaction: from what is held for the session (from what
     * was payable only if nothing is held). One refund per refund id.
     */
    async insertRefund(v: { bookingId: string; refundId: string; amountPaise: number; reason: string }, now = new Date()): Promise<string> {
      const [row] = await db
        .insert(refunds)
        .values({ ...v, status: 'requested', createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: refunds.refundId })
        .returning({ id: refunds.id });
      if (row) {
        const { held } = await balances(v.bookingId);
        await ledger(v.bookingId, held >= v.amountPaise ? 'held' : 'payable', 'refund', -v.amountPaise, `refund:${v.refundId}`, now);
        return row.id;
      }
      const [existing] = await db.select({ id: refunds.id }).from(refunds).where(eq(refunds.refundId, v.refundId));
      return existing.id;
    },
    /** The session is completed (or cancelled late, unrefunded): what is held for it becomes payable. */
    async release(bookingId: string, now: Date): Promise<number> {
      const { held } = await balances(bookingId);
      if (held <= 0) return 0;
      await ledger(bookingId, 'held', 'release', -held, `release:${bookingId}:held`, now);
      await ledger(bookingId, 'payable', 'release', held, `release:${bookingId}:payable`, now);
      return held;
    },
    /** The booking locked until the transaction ends (one lifecycle change at a time). */
    async lockById(id: string): Promise<BookingWithPayment | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select(withPayment)
        .from(bookings)
        .innerJoin(payments, eq(payments.bookingId, bookings.id))
        .where(eq(bookings.id, id))
        .for('update');
      return (row as BookingWithPayment | undefined) ?? null;
    },
    async findById(id: string): Promise<BookingWithPayment | null> {
      if (!isUuid(id)) return null;
      const [row] = await db.select(withPayment).from(bookings).innerJoin(payments, eq(payments.bookingId, bookings.id)).where(eq(bookings.id, id));
      return (row as BookingWithPayment | undefined) ?? null;
    },
    /**
     * Moves a confirmed session to a new time, once (reschedule_count 0 -> 1), recording a
     * confirmed -> confirmed event. In a savepoint: 'taken' when the exclusion constraint refuses.
     */
    async reschedule(id: string, startsAt: Date, endsAt: Date, now: Date, details: Record<string, unknown>): Promise<'moved' | 'taken' | 'stale'> {
      try {
        return await db.transaction(async (sp) => {
          const rows = await sp
            .update(bookings)
            .set({ startsAt, endsAt, rescheduleCount: sql`${bookings.rescheduleCount} + 1`, updatedAt: now })
            .where(and(eq(bookings.id, id), eq(bookings.status, 'confirmed'), eq(bookings.rescheduleCount, 0)))
            .returning({ id: bookings.id });
          if (rows.length === 0) return 'stale' as const;
          await sp.insert(bookingEvents).values({ bookingId: id, fromStatus: 'confirmed', toStatus: 'confirmed', source: 'student', details });
          return 'moved' as const;
        });
      } catch (err) {
        if (pgErrorCode(err) === EXCLUSION_VIOLATION) return 'taken';
        throw err;
      }
    },
    /** The counsellor's account of a started session, while it is still confirmed. */
    async markOutcome(id: string, outcome: CounsellorOutcome, now: Date): Promise<boolean> {
      const rows = await db
        .update(bookings)
        .set({ counsellorOutcome: outcome, outcomeMarkedAt: now, updatedAt: now })
        .where(and(eq(bookings.id, id), eq(bookings.status, 'confirmed')))
        .returning({ id: bookings.id });
      if (rows.length) await event(id, 'confirmed', 'confirmed', 'counsellor', { outcome });
      return rows.length > 0;
    },
    /** A review was written for this session (the reviews module writes them). */
    async hasReview(bookingId: string): Promise<boolean> {
      const rows = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.bookingId, bookingId)).limit(1);
      return rows.length > 0;
    },
    /** Sessions of a student or of a counsellor (every booking that was paid and confirmed), newest first. */
    async sessions(by: { studentId: string } | { counsellorId: string }, limit = 200): Promise<SessionRow[]> {
      const student = aliasedTable(users, 'student');
      const where = 'studentId' in by ? eq(bookings.studentId, by.studentId) : eq(bookings.counsellorId, by.counsellorId);
      const rows = await db
        .select({
          id: bookings.id,
          counsellorId: bookings.counsellorId,
          studentId: bookings.studentId,
          studentName: student.username,
          counsellorName: counsellors.name,
          college: counsellors.instituteName,
          availableDays: counsellors.availableDays,
          timeRanges: counsellors.timeRanges,
          startsAt: bookings.startsAt,
          endsAt: bookings.endsAt,
          durationMinutes: bookings.durationMinutes,
          status: bookings.status,
          meetingUrl: bookings.meetingUrl,
          amountPaise: payments.amountPaise,
          rescheduleCount: bookings.rescheduleCount,
          cancelledBy: bookings.cancelledBy,
          counsellorOutcome: bookings.counsellorOutcome,
          absenceReportedAt: bookings.absenceReportedAt,
          disputeNote: bookings.disputeNote,
          disputedAt: bookings.disputedAt,
          refundAmountPaise: sql<number | null>`(select r.amount_paise from refunds r where r.booking_id = ${bookings.id} limit 1)`,
          refundStatus: sql<RefundStatus | null>`(select r.status from refunds r where r.booking_id = ${bookings.id} limit 1)`,
          reviewed: sql<boolean>`exists (select 1 from reviews v where v.booking_id = ${bookings.id})`,
          heldPaise: sql<number>`coalesce((select sum(l.amount_paise) from ledger_entries l where l.booking_id = ${bookings.id} and l.account = 'held'), 0)::int`,
          payablePaise: sql<number>`coalesce((select sum(l.amount_paise) from ledger_entries l where l.booking_id = ${bookings.id} and l.account = 'payable'), 0)::int`,
        })
        .from(bookings)
        .innerJoin(payments, eq(payments.bookingId, bookings.id))
        .innerJoin(student, eq(student.id, bookings.studentId))
        .innerJoin(counsellors, eq(counsellors.id, bookings.counsellorId))
        .where(and(where, inArray(bookings.status, [...SESSION_STATUSES]), sql`${bookings.confirmedAt} is not null`))
        .orderBy(desc(bookings.startsAt))
        .limit(limit);
      return rows.map((r) => ({ ...r, reviewed: Boolean(r.reviewed), heldPaise: Number(r.heldPaise), payablePaise: Number(r.payablePaise) })) as SessionRow[];
    },
    /** Disputed sessions, oldest first (the admin decides each). */
    async disputed(): Promise<(BookingDetails & { disputeNote: string | null; disputedAt: Date | null })[]> {
      const rows = await detailsQuery().where(eq(bookings.status, 'disputed')).orderBy(asc(bookings.disputedAt)).limit(200);
      return rows as (BookingDetails & { disputeNote: string | null; disputedAt: Date | null })[];
    },
    /** The counsellor's ledger, newest first, with its balances. */
    async ledgerOf(counsellorId: string, limit = 500): Promise<{ entries: LedgerRow[]; held: number; payable: number; received: number; refunded: number }> {
      const student = aliasedTable(users, 'student');
      const entries = await db
        .select({
          id: ledgerEntries.id,
          createdAt: ledgerEntries.createdAt,
          bookingId: ledgerEntries.bookingId,
          sessionStartsAt: bookings.startsAt,
          studentName: student.username,
          kind: ledgerEntries.kind,
          account: ledgerEntries.account,
          amountPaise: ledgerEntries.amountPaise,
        })
        .from(ledgerEntries)
        .innerJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
        .innerJoin(student, eq(student.id, bookings.studentId))
        .where(eq(ledgerEntries.counsellorId, counsellorId))
        .orderBy(desc(ledgerEntries.id))
        .limit(limit);
      const [t] = await db
        .select({
          held: sql<number>`coalesce(sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.account} = 'held'), 0)::int`,
          payable: sql<number>`coalesce(sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.account} = 'payable'), 0)::int`,
          received: sql<number>`coalesce(sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.kind} = 'payment'), 0)::int`,
          refunded: sql<number>`coalesce(-sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.kind} = 'refund'), 0)::int`,
        })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.counsellorId, counsellorId));
      return { entries, held: Number(t.held), payable: Number(t.payable), received: Number(t.received), refunded: Number(t.refunded) };
    },
    async findRefund(id: string): Promise<RefundRecord | null> {
      const [row] = await db
        .select({
          id: refunds.id,
          bookingId: refunds.bookingId,
          orderId: payments.orderId,
          refundId: refunds.refundId,
          amountPaise: refunds.amountPaise,
          reason: refunds.reason,
          status: refunds.status,
          attempts: refunds.attempts,
        })
        .from(refunds)
        .innerJoin(payments, eq(payments.bookingId, refunds.bookingId))
        .where(eq(refunds.id, id));
      return row ?? null;
    },
    /** Refunds Cashfree has not accepted yet, or not reported processed yet. */
    async refundsInFlight(limit = 50): Promise<string[]> {
      const rows = await db
        .select({ id: refunds.id })
        .from(refunds)
        .where(inArray(refunds.status, ['requested', 'pending']))
        .orderBy(asc(refunds.createdAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },
    async updateRefund(id: string, v: { status?: RefundStatus; cfRefundId?: string | null; lastError?: string | null; attempted?: boolean }): Promise<void> {
      await db
        .update(refunds)
        .set({
          ...(v.status ? { status: v.status } : {}),
          ...(v.cfRefundId !== undefined ? { cfRefundId: v.cfRefundId } : {}),
          ...(v.lastError !== undefined ? { lastError: v.lastError } : {}),
          ...(v.attempted ? { attempts: sql`${refunds.attempts} + 1` } : {}),
          updatedAt: new Date(),
        })
        .where(eq(refunds.id, id));
    },
    /** A refund's state as Cashfree reports it; a processed refund stays processed (webhooks can arrive out of order). */
    async updateRefundByRefundId(refundId: string, status: RefundStatus): Promise<{ bookingId: string; amountPaise: number } | null> {
      const [row] = await db
        .update(refunds)
        .set({ status, updatedAt: new Date() })
        .where(and(eq(refunds.refundId, refundId), ne(refunds.status, 'success')))
        .returning({ bookingId: refunds.bookingId, amountPaise: refunds.amountPaise });
      return row ?? null;
    },
    /** Sessions whose report window closed without a report, and reports whose dispute window closed (a safety net for their jobs). */
    async overdue(now: Date, limit = 100): Promise<{ settle: { id: string; endsAt: Date }[]; absent: string[] }> {
      const settle = await db
        .select({ id: bookings.id, endsAt: bookings.endsAt })
        .from(bookings)
        .where(and(eq(bookings.status, 'confirmed'), lt(bookings.endsAt, new Date(now.getTime() - 24 * 3600_000))))
        .orderBy(asc(bookings.endsAt))
        .limit(limit);
      const absent = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.status, 'absence_reported'), lt(bookings.absenceReportedAt, new Date(now.getTime() - 24 * 3600_000))))
        .limit(limit);
      return { settle, absent: absent.map((r) => r.id) };
    },

    /** Start times of bookings that occupy a counsellor's slots from `from` on (live holds, paid, confirmed). */
    async occupiedSlots(counsellorId: string, from: Date, now: Date): Promise<{ startsAt: Date; durationMinutes: number }[]> {
      return db
        .select({ startsAt: bookings.startsAt, durationMinutes: bookings.durationMinutes })
        .from(bookings)
        .where(
          and(
            eq(bookings.counsellorId, counsellorId),
            gte(bookings.endsAt, from),
            or(inArray(bookings.status, ['paid', 'confirmed']), and(eq(bookings.status, 'held'), gt(bookings.holdExpiresAt, now))),
          ),
        )
        .orderBy(asc(bookings.startsAt));
    },

    /** Records a webhook delivery by its idempotency key; false if it was handled before. */
    async recordWebhook(key: string, type: string, orderId: string | null): Promise<boolean> {
      const rows = await db
        .insert(paymentWebhooks)
        .values({ idempotencyKey: key, type, orderId })
        .onConflictDoNothing()
        .returning({ key: paymentWebhooks.idempotencyKey });
      return rows.length > 0;
    },

    /** Holds whose time ran out while still unpaid (the sweep asks Cashfree about each once more). */
    async lapsedHolds(now: Date, limit = 50): Promise<{ id: string; orderId: string; paymentStatus: PaymentStatus }[]> {
      return db
        .select({ id: bookings.id, orderId: payments.orderId, paymentStatus: payments.status })
        .from(bookings)
        .innerJoin(payments, eq(payments.bookingId, bookings.id))
        .where(and(eq(bookings.status, 'held'), lt(bookings.holdExpiresAt, now)))
        .orderBy(asc(bookings.holdExpiresAt))
        .limit(limit);
    },
    /** The confirmation e-mails are queued (in the same transaction). */
    async markMailed(id: string): Promise<void> {
      await db.update(bookings).set({ mailedAt: new Date() }).where(eq(bookings.id, id));
    },

    async details(id: string): Promise<BookingDetails | null> {
      if (!isUuid(id)) return null;
      const [row] = await detailsQuery().where(eq(bookings.id, id));
      return (row as BookingDetails | undefined) ?? null;
    },
  };
}
export type BookingsRepository = ReturnType<typeof createBookingsRepository>;
