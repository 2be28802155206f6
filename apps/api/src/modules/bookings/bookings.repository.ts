import { aliasedTable, and, asc, eq, gt, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { bookingEvents, bookings, payments, type BookingStatus, type CounsellorOutcome } from '../../db/schema/bookings.ts';
import { counsellors } from '../../db/schema/counsellors.ts';
import { EXCLUSION_VIOLATION, pgErrorCode } from '../../lib/pg-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { canTransition, type TransitionSource } from './booking-states.ts';

/** A booking's payment, as this table keeps it (the payments module moves it on). */
export type PaymentStatus = (typeof payments.$inferSelect)['status'];

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

const overlaps = (startsAt: Date, endsAt: Date) =>
  sql`tstzrange(${bookings.startsAt}, ${bookings.endsAt}, '[)') && tstzrange(${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz, '[)')`;

/**
 * Bookings and their events (a new hold writes its payment row too: the deferred foreign keys need
 * both). Takes a Db that may be a transaction.
 */
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

  /** Moves held bookings matching `where` to `to`, each through `transition`; returns the ids moved. */
  async function moveHeld(where: ReturnType<typeof and>, to: 'expired' | 'released', source: TransitionSource, now: Date): Promise<string[]> {
    const rows = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.status, 'held'), where))
      .orderBy(asc(bookings.id))
      .for('update');
    const moved: string[] = [];
    for (const r of rows) if (await transition(r.id, 'held', to, source, { now })) moved.push(r.id);
    return moved;
  }

  async function transition(
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
    transition,

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
    /** Disputed sessions, oldest first (the admin decides each). */
    async disputed(): Promise<(BookingDetails & { disputeNote: string | null; disputedAt: Date | null })[]> {
      const rows = await detailsQuery().where(eq(bookings.status, 'disputed')).orderBy(asc(bookings.disputedAt)).limit(200);
      return rows as (BookingDetails & { disputeNote: string | null; disputedAt: Date | null })[];
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
