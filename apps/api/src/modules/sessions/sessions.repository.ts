import { studentSessionStatuses, type SessionStatus } from '@rankwise/contract/sessions';
import { DISPUTE_WINDOW_MS, REPORT_WINDOW_MS } from '@rankwise/contract/session-policy';
import { aliasedTable, and, asc, desc, eq, gt, inArray, lt, not, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import type { refunds } from '../../db/schema/bookings.ts';
import { bookings, payments, type CounsellorOutcome } from '../../db/schema/bookings.ts';
import { counsellors } from '../../db/schema/counsellors.ts';
import { reviews } from '../../db/schema/reviews.ts';

export type RefundStatus = (typeof refunds.$inferSelect)['status'];

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
  /** A session's states (the contract's): a booking paid and confirmed at some point. */
  status: SessionStatus;
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

/** The post-payment side of bookings: the sessions lists and the jobs' safety net. Takes a Db that may be a transaction. */
export function createSessionsRepository(db: Db) {
  return {
    /** A review was written for this session (the reviews module writes them). */
    async hasReview(bookingId: string): Promise<boolean> {
      const rows = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.bookingId, bookingId)).limit(1);
      return rows.length > 0;
    },
    /**
     * A counsellor's sessions, one page: upcoming (confirmed, not ended) soonest first, or past latest
     * first; with how many there are of each (issue 24: a busy counsellor sees every session).
     */
    async counsellorPage(
      counsellorId: string,
      now: Date,
      which: 'upcoming' | 'past',
      limit: number,
      offset: number,
    ): Promise<{ rows: SessionRow[]; total: number }> {
      const upcoming = and(eq(bookings.status, 'confirmed'), gt(bookings.endsAt, now));
      const cond = which === 'upcoming' ? upcoming : not(upcoming!);
      const rows = await this.sessions({ counsellorId }, limit, { where: cond, order: which === 'upcoming' ? 'asc' : 'desc', offset });
      const [c] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(bookings)
        .where(
          and(eq(bookings.counsellorId, counsellorId), inArray(bookings.status, [...studentSessionStatuses]), sql`${bookings.confirmedAt} is not null`, cond),
        );
      return { rows, total: Number(c?.n ?? 0) };
    },
    /** Sessions of a student or of a counsellor (every booking that was paid and confirmed), newest first. */
    async sessions(
      by: { studentId: string } | { counsellorId: string },
      limit = 200,
      page: { where?: SQL; order?: 'asc' | 'desc'; offset?: number } = {},
    ): Promise<SessionRow[]> {
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
        .where(and(where, inArray(bookings.status, [...studentSessionStatuses]), sql`${bookings.confirmedAt} is not null`, page.where))
        .orderBy(...(page.order === 'asc' ? [asc(bookings.startsAt), asc(bookings.id)] : [desc(bookings.startsAt), desc(bookings.id)]))
        .limit(limit)
        .offset(page.offset ?? 0);
      return rows.map((r) => ({ ...r, reviewed: Boolean(r.reviewed), heldPaise: Number(r.heldPaise), payablePaise: Number(r.payablePaise) })) as SessionRow[];
    },
    /** Sessions whose report window closed without a report, and reports whose dispute window closed (a safety net for their jobs). */
    async overdue(now: Date, limit = 100): Promise<{ settle: { id: string; endsAt: Date }[]; absent: string[] }> {
      const settle = await db
        .select({ id: bookings.id, endsAt: bookings.endsAt })
        .from(bookings)
        .where(and(eq(bookings.status, 'confirmed'), lt(bookings.endsAt, new Date(now.getTime() - REPORT_WINDOW_MS))))
        .orderBy(asc(bookings.endsAt))
        .limit(limit);
      const absent = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.status, 'absence_reported'), lt(bookings.absenceReportedAt, new Date(now.getTime() - DISPUTE_WINDOW_MS))))
        .limit(limit);
      return { settle, absent: absent.map((r) => r.id) };
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
