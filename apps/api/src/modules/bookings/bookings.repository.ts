import { aliasedTable, and, asc, eq, gt, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { bookingEvents, bookings, paymentWebhooks, payments, refunds, type BookingStatus } from '../../db/schema/bookings.ts';
import { counsellors } from '../../db/schema/counsellors.ts';
import { EXCLUSION_VIOLATION, pgErrorCode } from '../../lib/pg-error.ts';
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
};

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
      opts: { details?: Record<string, unknown>; meetingUrl?: string; now?: Date } = {},
    ): Promise<boolean> {
      if (!canTransition(from, to)) throw new Error(`booking ${id}: ${from} -> ${to} is not a transition`);
      const now = opts.now ?? new Date();
      const rows = await db
        .update(bookings)
        .set({
          status: to,
          updatedAt: now,
          ...(to === 'confirmed' ? { confirmedAt: now } : {}),
          ...(opts.meetingUrl ? { meetingUrl: opts.meetingUrl } : {}),
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
    async paymentPaid(bookingId: string, v: { cfPaymentId: string | null; paidAt: Date }): Promise<void> {
      await db
        .update(payments)
        .set({ status: 'paid', cfPaymentId: v.cfPaymentId, paidAt: v.paidAt, updatedAt: new Date() })
        .where(eq(payments.bookingId, bookingId));
    },

    async insertRefund(v: { bookingId: string; refundId: string; amountPaise: number; reason: string }): Promise<string> {
      const [row] = await db
        .insert(refunds)
        .values({ ...v, status: 'requested' })
        .onConflictDoNothing({ target: refunds.refundId })
        .returning({ id: refunds.id });
      if (row) return row.id;
      const [existing] = await db.select({ id: refunds.id }).from(refunds).where(eq(refunds.refundId, v.refundId));
      return existing.id;
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
    async updateRefundByRefundId(refundId: string, status: RefundStatus): Promise<void> {
      await db.update(refunds).set({ status, updatedAt: new Date() }).where(eq(refunds.refundId, refundId));
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
      const student = aliasedTable(users, 'student');
      const counsellorUser = aliasedTable(users, 'counsellor_user');
      const [row] = await db
        .select({
          ...withPayment,
          studentName: student.username,
          studentEmail: student.email,
          studentPhone: bookings.studentPhone,
          counsellorName: counsellors.name,
          counsellorEmail: counsellorUser.email,
          counsellorIsDemo: counsellors.isDemo,
          college: counsellors.instituteName,
        })
        .from(bookings)
        .innerJoin(payments, eq(payments.bookingId, bookings.id))
        .innerJoin(student, eq(student.id, bookings.studentId))
        .innerJoin(counsellors, eq(counsellors.id, bookings.counsellorId))
        .innerJoin(counsellorUser, eq(counsellorUser.id, counsellors.userId))
        .where(eq(bookings.id, id));
      return (row as BookingDetails | undefined) ?? null;
    },
  };
}
export type BookingsRepository = ReturnType<typeof createBookingsRepository>;
