import { commissionOf } from '@rankwise/contract/payouts';
import { formatDays, formatTimeRanges } from '@rankwise/contract/counsellors';
import {
  COUNSELLOR_SESSIONS_PAGE_SIZE,
  sessionMessages,
  type CounsellorOutcome,
  type CounsellorSession,
  type CounsellorSessions,
  type Dispute,
  type Earnings,
  type MySessions,
  type StudentSession,
} from '@rankwise/contract/sessions';
import { rupees } from '@rankwise/contract/format';
import { DISPUTE_WINDOW_MS, FREE_CANCEL_MS, REPORT_WINDOW_MS, ROOM_AFTER_END_MS } from '@rankwise/contract/session-policy';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { RetryLater, type JobPayloads } from '../../lib/jobs.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Mail } from '../../plugins/mail.ts';
import {
  bookableCounsellor,
  checkSlot,
  isHadSession,
  type BookingDetails,
  type BookingWithPayment,
  type BookingsStore,
  type ModuleDeps,
  type TransitionSource,
} from '../bookings/bookings.service.ts';
import { decideRefund, type LedgerRepository, type RefundReason } from '../ledger/ledger.service.ts';
import { meetingRoomUrl } from './meeting.ts';
import {
  absenceReportedMails,
  bookingIcs,
  cancellationMails,
  confirmationMails,
  disputeCompletedMails,
  disputeMail,
  markedAbsentMail,
  noShowRefundMails,
  reminderMails,
  rescheduleMails,
} from './session-mail.ts';
import type { SessionRow, SessionsRepository } from './sessions.repository.ts';
import { scheduleAbsenceDeadline, scheduleSessionJobs } from './session-schedule.ts';

export { createSessionsRepository, type SessionsRepository } from './sessions.repository.ts';
export { refundMail, refundProcessedMail } from './session-mail.ts';

export type SessionsStore = BookingsStore & { ledger: LedgerRepository; sessions: SessionsRepository };
export type SessionsDeps = ModuleDeps<SessionsStore>;
/** The repositories of one transaction. */
type Tx = SessionsStore & { tx: Db };

/**
 * A paid session from confirmation to its end (docs/decisions/0013-session-lifecycle.md): the
 * student cancels, moves or reports it; the counsellor cancels, marks or disputes it; an admin
 * decides disputes; jobs remind, settle and refund. Each change happens in one transaction with
 * the booking locked, together with its ledger entries, its refund and the e-mails it causes.
 */

export const mailSettings = (d: Pick<SessionsDeps, 'settings'>) => ({
  productName: d.settings.productName,
  supportEmail: d.settings.supportEmail,
  publicUrl: d.settings.publicUrl,
});

/**
 * The one place that sends this module's e-mail: a `mail` job, enqueued in the caller's transaction
 * (it commits with the change it reports, or not at all), once per key however often it is asked.
 */
export async function queueMail(d: Pick<SessionsDeps, 'jobs'>, tx: Db, mail: Mail, key: string): Promise<void> {
  await d.jobs.enqueue('mail', mail, { db: tx, dedupeKey: key });
}

/** Both e-mails of a pair; demo counsellors (npm run seed:demo) have no real mailbox. */
async function queuePair(d: SessionsDeps, tx: Db, b: BookingDetails, pair: { student: Mail; counsellor: Mail }, key: string): Promise<void> {
  await queueMail(d, tx, pair.student, `${key}:student:${b.id}`);
  if (!b.counsellorIsDemo) await queueMail(d, tx, pair.counsellor, `${key}:counsellor:${b.id}`);
}

/** The full refund of a session, decided in the caller's transaction; the refund job sends it once it commits. */
async function refundInTx(d: SessionsDeps, s: Tx, b: BookingWithPayment, reason: RefundReason, now: Date): Promise<void> {
  await decideRefund(d.jobs, s, b, reason, now);
}

/** Runs `fn` in a transaction with the booking locked; a missing or foreign booking is 'No such session.' */
async function withBooking<T>(
  d: SessionsDeps,
  id: string,
  owns: (b: BookingWithPayment) => boolean,
  fn: (ctx: { s: Tx; b: BookingWithPayment; now: Date }) => Promise<T>,
): Promise<T> {
  return d.uow.transaction(async (s) => {
    const b = await s.bookings.lockById(id);
    if (!b || !owns(b)) throw new AppError('NOT_FOUND', sessionMessages.notFound);
    return fn({ s, b, now: d.now() });
  });
}

async function ownCounsellorId(d: SessionsDeps, user: AuthUser): Promise<string> {
  const c = await d.counsellors.findByUserId(user.id);
  if (!c || c.status !== 'approved') throw new AppError('FORBIDDEN', 'Only approved counsellors have sessions.');
  return c.id;
}

/** A student account with no name to show (the reviews page says 'Anonymous User'). */
const studentName = (name: string) => name || 'A student';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A paid booking becomes a session, in the caller's transaction: confirmed with its private room,
 * the confirmation e-mails (link and invite) queued, the reminders and the settlement scheduled
 * (docs/decisions/0013).
 */
export async function confirmPaid(d: SessionsDeps, s: Tx, bookingId: string, source: TransitionSource, now: Date): Promise<void> {
  await s.bookings.transition(bookingId, 'paid', 'confirmed', source, { meetingUrl: meetingRoomUrl(d.settings.meetingBaseUrl), now });
  const full = (await s.bookings.details(bookingId))!;
  const mails = confirmationMails(full, d.settings.productName, d.settings.supportEmail);
  await queueMail(d, s.tx, mails.student, `booking-confirmed:student:${bookingId}`);
  // Demo counsellors (npm run seed:demo) have no real mailbox.
  if (!full.counsellorIsDemo) await queueMail(d, s.tx, mails.counsellor, `booking-confirmed:counsellor:${bookingId}`);
  await s.bookings.markMailed(bookingId);
  // Reminders 24 h and 1 h before, and the settlement 24 h after (docs/decisions/0013).
  await scheduleSessionJobs(d.jobs, s.tx, full, now);
}

// ---------------------------------------------------------------- the student

function toStudentSession(r: SessionRow, now: Date): StudentSession {
  const t = now.getTime();
  const confirmed = r.status === 'confirmed';
  const before = r.startsAt.getTime() - t;
  const reportable = confirmed && t >= r.startsAt.getTime() && t <= r.endsAt.getTime() + REPORT_WINDOW_MS && !r.reviewed;
  // The room link stays a little after the end (a late start, a reconnect).
  const showRoom = confirmed && t <= r.endsAt.getTime() + ROOM_AFTER_END_MS;
  return {
    id: r.id,
    counsellorId: r.counsellorId,
    counsellorName: r.counsellorName,
    college: r.college,
    AvailableTimeSlots: formatTimeRanges(r.timeRanges),
    AvailableDays: formatDays(r.availableDays),
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    durationMinutes: r.durationMinutes,
    amountPaise: r.amountPaise,
    status: r.status,
    meetingUrl: showRoom ? r.meetingUrl : null,
    rescheduled: r.rescheduleCount > 0,
    cancelledBy: r.cancelledBy,
    refund: r.refundAmountPaise !== null && r.refundStatus !== null ? { amountPaise: Number(r.refundAmountPaise), status: r.refundStatus } : null,
    reviewed: r.reviewed,
    markedAbsent: r.counsellorOutcome === 'student_absent',
    absenceDisputeUntil: r.counsellorOutcome === 'student_absent' && reportable ? new Date(r.endsAt.getTime() + REPORT_WINDOW_MS).toISOString() : null,
    reviewBlockedReason: r.counsellorOutcome === 'student_absent' && !r.reviewed ? sessionMessages.absenceNotReviewable : null,
    can: {
      cancel: confirmed && before > 0,
      cancelWithRefund: confirmed && before >= FREE_CANCEL_MS,
      reschedule: confirmed && before >= FREE_CANCEL_MS && r.rescheduleCount === 0,
      reportAbsence: reportable,
      review: !r.reviewed && isHadSession(r, now),
    },
  };
}

/** `GET /sessions/mine`: upcoming (soonest first) and past (latest first). */
export async function mySessions(d: SessionsDeps, user: AuthUser): Promise<{ data: MySessions }> {
  const now = d.now();
  const rows = (await d.uow.store.sessions.sessions({ studentId: user.id })).map((r) => toStudentSession(r, now));
  const upcoming = rows.filter((s) => s.status === 'confirmed' && Date.parse(s.endsAt) > now.getTime()).reverse();
  const past = rows.filter((s) => !(s.status === 'confirmed' && Date.parse(s.endsAt) > now.getTime()));
  return { data: { upcoming, past } };
}

/** `GET /sessions/{id}/calendar`: the invite, for either side of a confirmed session. */
export async function calendar(d: SessionsDeps, user: AuthUser, id: string): Promise<{ filename: string; content: string }> {
  const b = await d.uow.store.bookings.details(id);
  const own = b && (b.studentId === user.id || (await d.counsellors.findByUserId(user.id))?.id === b.counsellorId);
  if (!b || !own || !['confirmed', 'completed'].includes(b.status)) throw new AppError('NOT_FOUND', sessionMessages.notFound);
  return { filename: 'session.ics', content: bookingIcs(b, d.settings.productName, d.now(), { sequence: b.rescheduleCount }) };
}

/** `POST /sessions/{id}/cancel`: at least 24 h before, a full refund through Cashfree; later, none (the counsellor is paid). */
export async function cancelByStudent(d: SessionsDeps, user: AuthUser, id: string): Promise<{ message: string }> {
  return withBooking(
    d,
    id,
    (b) => b.studentId === user.id,
    async ({ s, b, now }) => {
      if (b.status !== 'confirmed' || now >= b.startsAt) throw new AppError('CONFLICT', sessionMessages.notCancellable);
      const refund = b.startsAt.getTime() - now.getTime() >= FREE_CANCEL_MS;
      const hoursBefore = Math.round(((b.startsAt.getTime() - now.getTime()) / 3600_000) * 10) / 10;
      await s.bookings.transition(b.id, 'confirmed', 'cancelled', 'student', {
        now,
        fields: { cancelledBy: 'student', cancelledAt: now },
        details: { refund, hoursBefore },
      });
      if (refund) await refundInTx(d, s, b, 'student_cancelled', now);
      else await s.ledger.release(b.id, now);
      const full = (await s.bookings.details(b.id))!;
      await queuePair(d, s.tx, full, cancellationMails(full, 'student', refund ? b.amountPaise : null, mailSettings(d)), 'cancelled');
      return { message: refund ? sessionMessages.cancelledRefund(rupees(b.amountPaise)) : sessionMessages.cancelledNoRefund };
    },
  );
}

/** `POST /sessions/{id}/reschedule`: once, at least 24 h before, to another slot the counsellor offers and nobody holds. */
export async function reschedule(
  d: SessionsDeps,
  user: AuthUser,
  id: string,
  input: { selectedDate: string; selectedTime: string },
): Promise<{ message: string }> {
  const current = await d.uow.store.bookings.findById(id);
  if (!current || current.studentId !== user.id) throw new AppError('NOT_FOUND', sessionMessages.notFound);
  const c = await bookableCounsellor(d, current.counsellorId);
  return withBooking(
    d,
    id,
    (b) => b.studentId === user.id,
    async ({ s, b, now }) => {
      // A late reschedule says reschedule (issue 24), never 'cancel'.
      if (b.status !== 'confirmed') throw new AppError('CONFLICT', sessionMessages.notReschedulable);
      if (b.rescheduleCount > 0) throw new AppError('CONFLICT', sessionMessages.rescheduleUsed);
      if (now >= b.startsAt) throw new AppError('CONFLICT', sessionMessages.rescheduleTooLate);
      if (b.startsAt.getTime() - now.getTime() < FREE_CANCEL_MS) throw new AppError('CONFLICT', sessionMessages.rescheduleTooLate);
      const { startsAt, endsAt } = checkSlot(c, input.selectedDate, input.selectedTime, b.durationMinutes, now);
      if (startsAt.getTime() === b.startsAt.getTime())
        throw new AppError('VALIDATION_FAILED', sessionMessages.sameTime, { selectedTime: [sessionMessages.sameTime] });
      await s.bookings.expireLapsedOverlapping(b.counsellorId, startsAt, endsAt, now);
      const moved = await s.bookings.reschedule(b.id, startsAt, endsAt, now, { from: b.startsAt.toISOString(), to: startsAt.toISOString() });
      if (moved === 'taken') throw new AppError('SLOT_TAKEN', 'This slot has just been booked by someone else. Please choose another time.');
      if (moved === 'stale') throw new AppError('CONFLICT', sessionMessages.rescheduleUsed);
      await scheduleSessionJobs(d.jobs, s.tx, { id: b.id, startsAt, endsAt }, now);
      const full = (await s.bookings.details(b.id))!;
      await queuePair(d, s.tx, full, rescheduleMails(full, { startsAt: b.startsAt, endsAt: b.endsAt }, mailSettings(d)), 'rescheduled');
      return { message: sessionMessages.rescheduled };
    },
  );
}

/**
 * `POST /sessions/{id}/report-absence`: from the start until 24 h after the end. The counsellor then
 * has 24 h to dispute; a counsellor who had already marked the session is disputing it already.
 */
export async function reportAbsence(d: SessionsDeps, user: AuthUser, id: string): Promise<{ message: string }> {
  return withBooking(
    d,
    id,
    (b) => b.studentId === user.id,
    async ({ s, b, now }) => {
      if (b.status !== 'confirmed') throw new AppError('CONFLICT', sessionMessages.notReportable);
      if (now < b.startsAt) throw new AppError('CONFLICT', sessionMessages.reportTooEarly);
      if (now.getTime() > b.endsAt.getTime() + REPORT_WINDOW_MS) throw new AppError('CONFLICT', sessionMessages.reportTooLate);
      if (await s.sessions.hasReview(b.id)) throw new AppError('CONFLICT', sessionMessages.reportAfterReview);
      const full = (await s.bookings.details(b.id))!;
      const m = mailSettings(d);
      if (b.counsellorOutcome) {
        await s.bookings.transition(b.id, 'confirmed', 'disputed', 'student', {
          now,
          fields: { absenceReportedAt: now, disputedAt: now },
          details: { outcome: b.counsellorOutcome },
        });
        await queuePair(d, s.tx, full, absenceReportedMails(full, null, m), 'absence-reported');
        await queueMail(d, s.tx, disputeMail(full, null, m), `dispute:${b.id}`);
        return { message: sessionMessages.reportedDisputed };
      }
      await s.bookings.transition(b.id, 'confirmed', 'absence_reported', 'student', { now, fields: { absenceReportedAt: now } });
      const until = await scheduleAbsenceDeadline(d.jobs, s.tx, b.id, now);
      await queuePair(d, s.tx, full, absenceReportedMails(full, until, m), 'absence-reported');
      return { message: sessionMessages.reported };
    },
  );
}

// ---------------------------------------------------------------- the counsellor

function toCounsellorSession(r: SessionRow, now: Date): CounsellorSession {
  const t = now.getTime();
  const confirmed = r.status === 'confirmed';
  const started = t >= r.startsAt.getTime();
  const disputeUntil = r.status === 'absence_reported' && r.absenceReportedAt ? new Date(r.absenceReportedAt.getTime() + DISPUTE_WINDOW_MS) : null;
  const earning = r.payablePaise > 0 ? 'payable' : r.heldPaise > 0 ? 'held' : 'refunded';
  return {
    id: r.id,
    studentName: studentName(r.studentName),
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    durationMinutes: r.durationMinutes,
    amountPaise: r.amountPaise,
    status: r.status,
    meetingUrl: confirmed && t <= r.endsAt.getTime() + ROOM_AFTER_END_MS ? r.meetingUrl : null,
    rescheduled: r.rescheduleCount > 0,
    cancelledBy: r.cancelledBy,
    outcome: r.counsellorOutcome,
    absenceReportedAt: iso(r.absenceReportedAt),
    disputeUntil: iso(disputeUntil),
    disputeNote: r.disputeNote,
    earning,
    can: {
      cancel: confirmed && !started,
      mark: confirmed && started,
      missed: (confirmed && started) || r.status === 'absence_reported',
      dispute: disputeUntil !== null && t <= disputeUntil.getTime(),
    },
  };
}

/** `GET /counselor/sessions`: a page of upcoming (soonest first) and a page of past (latest first), with their totals. */
export async function counsellorSessions(
  d: SessionsDeps,
  user: AuthUser,
  q: { upcomingPage?: number; pastPage?: number; pageSize?: number } = {},
): Promise<{ data: CounsellorSessions }> {
  const counsellorId = await ownCounsellorId(d, user);
  const now = d.now();
  const size = q.pageSize ?? COUNSELLOR_SESSIONS_PAGE_SIZE;
  const upcomingPage = q.upcomingPage ?? 1;
  const pastPage = q.pastPage ?? 1;
  const repo = d.uow.store.sessions;
  const up = await repo.counsellorPage(counsellorId, now, 'upcoming', size, (upcomingPage - 1) * size);
  const past = await repo.counsellorPage(counsellorId, now, 'past', size, (pastPage - 1) * size);
  return {
    data: {
      upcoming: up.rows.map((r) => toCounsellorSession(r, now)),
      past: past.rows.map((r) => toCounsellorSession(r, now)),
      upcomingTotal: up.total,
      pastTotal: past.total,
      upcomingPage,
      pastPage,
      pageSize: size,
    },
  };
}

/** `POST /counselor/sessions/{id}/cancel`: before the start; the student is refunded in full and the slot reopens. */
export async function cancelByCounsellor(d: SessionsDeps, user: AuthUser, id: string): Promise<{ message: string }> {
  const counsellorId = await ownCounsellorId(d, user);
  return withBooking(
    d,
    id,
    (b) => b.counsellorId === counsellorId,
    async ({ s, b, now }) => {
      if (b.status !== 'confirmed' || now >= b.startsAt) throw new AppError('CONFLICT', sessionMessages.notCancellable);
      await s.bookings.transition(b.id, 'confirmed', 'cancelled', 'counsellor', { now, fields: { cancelledBy: 'counsellor', cancelledAt: now } });
      await refundInTx(d, s, b, 'counsellor_cancelled', now);
      const full = (await s.bookings.details(b.id))!;
      await queuePair(d, s.tx, full, cancellationMails(full, 'counsellor', b.amountPaise, mailSettings(d)), 'cancelled');
      return { message: sessionMessages.counsellorCancelled(rupees(b.amountPaise)) };
    },
  );
}

/** `POST /counselor/sessions/{id}/outcome`: held, or the student did not come; from the start, while nothing else is decided. */
export async function markOutcome(d: SessionsDeps, user: AuthUser, id: string, outcome: CounsellorOutcome): Promise<{ message: string }> {
  const counsellorId = await ownCounsellorId(d, user);
  return withBooking(
    d,
    id,
    (b) => b.counsellorId === counsellorId,
    async ({ s, b, now }) => {
      if (b.status !== 'confirmed') throw new AppError('CONFLICT', sessionMessages.notMarkable);
      if (now < b.startsAt) throw new AppError('CONFLICT', sessionMessages.outcomeTooEarly);
      await s.bookings.markOutcome(b.id, outcome, now);
      if (outcome !== 'student_absent') return { message: sessionMessages.outcomeSaved };
      // The student is told, with how to dispute it (once per session, whatever is marked again).
      const full = (await s.bookings.details(b.id))!;
      await queueMail(d, s.tx, markedAbsentMail(full, new Date(b.endsAt.getTime() + REPORT_WINDOW_MS), mailSettings(d)), `marked-absent:${b.id}`);
      return { message: sessionMessages.markedAbsent };
    },
  );
}

/** Refunds a session the counsellor did not join, with the e-mails saying why. */
async function noShowRefund(
  d: SessionsDeps,
  ctx: { s: Tx; b: BookingWithPayment; now: Date },
  source: TransitionSource,
  why: 'counsellor' | 'undisputed' | 'admin',
  details?: Record<string, unknown>,
): Promise<void> {
  const { s, b, now } = ctx;
  await s.bookings.transition(b.id, b.status, 'refunded', source, { now, details: { reason: 'counsellor_absent', ...details } });
  await refundInTx(d, s, b, 'counsellor_absent', now);
  const full = (await s.bookings.details(b.id))!;
  await queuePair(d, s.tx, full, noShowRefundMails(full, why, mailSettings(d)), 'no-show-refund');
}

/** `POST /counselor/sessions/{id}/missed`: the counsellor did not join (or accepts the student's report): full refund. */
export async function counsellorMissed(d: SessionsDeps, user: AuthUser, id: string): Promise<{ message: string }> {
  const counsellorId = await ownCounsellorId(d, user);
  return withBooking(
    d,
    id,
    (b) => b.counsellorId === counsellorId,
    async (ctx) => {
      const { b, now } = ctx;
      const ok = (b.status === 'confirmed' && now >= b.startsAt) || b.status === 'absence_reported' || b.status === 'disputed';
      if (!ok) throw new AppError('CONFLICT', b.status === 'confirmed' ? sessionMessages.outcomeTooEarly : sessionMessages.notMarkable);
      await noShowRefund(d, ctx, 'counsellor', 'counsellor');
      return { message: sessionMessages.missed(rupees(b.amountPaise)) };
    },
  );
}

/** `POST /counselor/sessions/{id}/dispute`: within 24 h of the report; an admin decides. */
export async function dispute(d: SessionsDeps, user: AuthUser, id: string, note: string): Promise<{ message: string }> {
  const counsellorId = await ownCounsellorId(d, user);
  return withBooking(
    d,
    id,
    (b) => b.counsellorId === counsellorId,
    async ({ s, b, now }) => {
      if (b.status !== 'absence_reported' || !b.absenceReportedAt) throw new AppError('CONFLICT', sessionMessages.notDisputable);
      if (now.getTime() > b.absenceReportedAt.getTime() + DISPUTE_WINDOW_MS) throw new AppError('CONFLICT', 'The time to dispute this report has passed.');
      await s.bookings.transition(b.id, 'absence_reported', 'disputed', 'counsellor', { now, fields: { disputeNote: note, disputedAt: now } });
      const full = (await s.bookings.details(b.id))!;
      await queueMail(d, s.tx, disputeMail(full, note, mailSettings(d)), `dispute:${b.id}`);
      return { message: sessionMessages.disputed };
    },
  );
}

/** `GET /counselor/earnings`: the ledger and its totals (received - refunded = held + payable). */
export async function earnings(d: SessionsDeps, user: AuthUser): Promise<{ data: Earnings }> {
  const counsellorId = await ownCounsellorId(d, user);
  const l = await d.uow.store.ledger.ledgerOf(counsellorId);
  const bp = Math.round(d.settings.commissionPercent * 100);
  const schedule = (await d.uow.store.ledger.schedule(counsellorId)).map((r) => {
    const state = r.payable > 0 ? ('payable' as const) : ('held' as const);
    const amount = state === 'payable' ? r.payable : r.held;
    // A confirmed session becomes payable when the window for reporting an absence closes; a report or a dispute waits for its decision.
    const waiting =
      r.status === 'absence_reported' ? 'the counsellor’s answer to an absence report' : r.status === 'disputed' ? 'an admin’s decision on a dispute' : null;
    return {
      bookingId: r.bookingId,
      sessionStartsAt: r.startsAt.toISOString(),
      studentName: studentName(r.studentName),
      state,
      amountPaise: amount,
      netPaise: commissionOf(amount, bp).netPaise,
      payableFrom: state === 'held' && !waiting ? new Date(r.endsAt.getTime() + REPORT_WINDOW_MS).toISOString() : null,
      payableSince: r.payableSince?.toISOString() ?? null,
      waitingFor: state === 'held' ? waiting : null,
    };
  });
  return {
    data: {
      totals: {
        receivedPaise: l.received,
        refundedPaise: l.refunded,
        heldPaise: l.held,
        payablePaise: l.payable,
        paidOutPaise: l.paidOut,
        payableNetPaise: commissionOf(l.payable, bp).netPaise,
      },
      commissionPercent: d.settings.commissionPercent,
      schedule,
      entries: l.entries.map((e) => ({
        ...e,
        studentName: studentName(e.studentName),
        createdAt: e.createdAt.toISOString(),
        sessionStartsAt: e.sessionStartsAt.toISOString(),
      })),
    },
  };
}

// ---------------------------------------------------------------- the admin

/** `GET /admin/disputes`. */
export async function listDisputes(d: SessionsDeps): Promise<{ data: Dispute[] }> {
  const rows = await d.uow.store.bookings.disputed();
  return {
    data: rows.map((b) => ({
      id: b.id,
      studentName: b.studentName,
      studentEmail: b.studentEmail,
      counsellorName: b.counsellorName,
      counsellorEmail: b.counsellorEmail,
      college: b.college,
      startsAt: b.startsAt.toISOString(),
      endsAt: b.endsAt.toISOString(),
      amountPaise: b.amountPaise,
      absenceReportedAt: iso(b.absenceReportedAt),
      outcome: b.counsellorOutcome,
      disputeNote: b.disputeNote,
      disputedAt: iso(b.disputedAt),
    })),
  };
}

/** `POST /admin/disputes/{id}/decide`: refund the student, or complete the session (its amount payable). */
export async function decide(
  d: SessionsDeps,
  admin: AuthUser,
  id: string,
  decision: 'refund' | 'complete',
  note: string | undefined,
): Promise<{ message: string }> {
  return withBooking(
    d,
    id,
    () => true,
    async (ctx) => {
      const { s, b, now } = ctx;
      if (b.status !== 'disputed') throw new AppError('CONFLICT', sessionMessages.notDisputed);
      const details = { decision, note: note || null, adminId: admin.id };
      if (decision === 'refund') {
        await noShowRefund(d, ctx, 'admin', 'admin', details);
      } else {
        await s.bookings.transition(b.id, 'disputed', 'completed', 'admin', { now, details });
        await s.ledger.release(b.id, now);
        const full = (await s.bookings.details(b.id))!;
        await queuePair(d, s.tx, full, disputeCompletedMails(full, note || null, mailSettings(d)), 'dispute-completed');
      }
      return { message: sessionMessages.decided };
    },
  );
}

// ---------------------------------------------------------------- jobs

/** A reminder, unless the session was cancelled, moved (another job has its new time) or has started. */
export async function sendReminder(d: SessionsDeps, p: JobPayloads['sessions.reminder']): Promise<void> {
  await d.uow.transaction(async (s) => {
    const b = await s.bookings.details(p.bookingId);
    if (!b || b.status !== 'confirmed' || b.startsAt.toISOString() !== p.startsAt || d.now() >= b.startsAt) return;
    await queuePair(d, s.tx, b, reminderMails(b, p.lead, mailSettings(d)), `reminder:${p.lead}:${p.startsAt}`);
  });
}

/** 24 h after the end without a report: the session is completed and its amount payable. */
export async function settleSession(d: SessionsDeps, p: JobPayloads['sessions.settle']): Promise<void> {
  await d.uow.transaction(async (s) => {
    const b = await s.bookings.lockById(p.bookingId);
    const now = d.now();
    if (!b || b.status !== 'confirmed' || b.endsAt.toISOString() !== p.endsAt) return;
    if (now.getTime() < b.endsAt.getTime() + REPORT_WINDOW_MS)
      throw new RetryLater(b.endsAt.getTime() + REPORT_WINDOW_MS - now.getTime(), 'report window open');
    await s.bookings.transition(b.id, 'confirmed', 'completed', 'settle', { now });
    await s.ledger.release(b.id, now);
  });
}

/** 24 h after an absence report the counsellor did not dispute: the student is refunded. */
export async function absenceDeadline(d: SessionsDeps, p: JobPayloads['sessions.absence-deadline']): Promise<void> {
  await d.uow.transaction(async (s) => {
    const b = await s.bookings.lockById(p.bookingId);
    const now = d.now();
    if (!b || b.status !== 'absence_reported' || !b.absenceReportedAt) return;
    const until = b.absenceReportedAt.getTime() + DISPUTE_WINDOW_MS;
    if (now.getTime() < until) throw new RetryLater(until - now.getTime(), 'dispute window open');
    await noShowRefund(d, { s, b, now }, 'absence_deadline', 'undisputed');
  });
}

/**
 * The sweep's safety net for the session jobs (a job that failed for good, bookings confirmed before
 * these jobs existed): settles sessions past their report window and refunds reports past their
 * dispute window. Both are idempotent with their jobs (the booking is locked and its state checked).
 */
export async function settleOverdue(d: SessionsDeps): Promise<{ settled: number; refunded: number }> {
  const { settle, absent } = await d.uow.store.sessions.overdue(d.now());
  for (const b of settle) await settleSession(d, { bookingId: b.id, endsAt: b.endsAt.toISOString() });
  for (const id of absent) await absenceDeadline(d, { bookingId: id });
  return { settled: settle.length, refunded: absent.length };
}
