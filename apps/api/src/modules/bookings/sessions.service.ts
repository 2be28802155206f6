import { formatDays, formatTimeRanges } from '@rankwise/contract/counsellors';
import {
  sessionMessages,
  type CounsellorOutcome,
  type CounsellorSession,
  type Dispute,
  type Earnings,
  type MySessions,
  type StudentSession,
} from '@rankwise/contract/sessions';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { PermanentJobError, RetryLater, type JobContext, type JobPayloads } from '../../lib/jobs.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Mail } from '../../plugins/mail.ts';
import { findBookableCounsellor } from '../counsellors/counsellors.service.ts';
import {
  bookingIcs,
  absenceReportedMails,
  cancellationMails,
  disputeCompletedMails,
  disputeMail,
  noShowRefundMails,
  refundProcessedMail,
  reminderMails,
  rescheduleMails,
  rupees,
} from './booking-mail.ts';
import { DISPUTE_WINDOW_MS, FREE_CANCEL_MS, REPORT_WINDOW_MS, isHadSession, type TransitionSource } from './booking-states.ts';
import { checkSlot, sendRefund, type BookingsDeps } from './bookings.service.ts';
import { createBookingsRepository, type BookingDetails, type BookingWithPayment, type BookingsRepository, type SessionRow } from './bookings.repository.ts';
import { scheduleAbsenceDeadline, scheduleSessionJobs, trackRefund } from './session-schedule.ts';

/**
 * A paid session from confirmation to its end (docs/decisions/0013-session-lifecycle.md): the
 * student cancels, moves or reports it; the counsellor cancels, marks or disputes it; an admin
 * decides disputes; jobs remind, settle and refund. Each change happens in one transaction with
 * the booking locked, together with its ledger entries, its refund and the e-mails it causes.
 */

type RefundReason = 'student_cancelled' | 'counsellor_cancelled' | 'counsellor_absent';

const mailSettings = (d: BookingsDeps) => ({ productName: d.settings.productName, supportEmail: d.settings.supportEmail, publicUrl: d.settings.publicUrl });

async function queueMail(d: BookingsDeps, tx: Db, mail: Mail, key: string): Promise<void> {
  await d.jobs.enqueue('mail', mail, { db: tx, dedupeKey: key });
}

/** Both e-mails of a pair; demo counsellors (npm run seed:demo) have no real mailbox. */
async function queuePair(d: BookingsDeps, tx: Db, b: BookingDetails, pair: { student: Mail; counsellor: Mail }, key: string): Promise<void> {
  await queueMail(d, tx, pair.student, `${key}:student:${b.id}`);
  if (!b.counsellorIsDemo) await queueMail(d, tx, pair.counsellor, `${key}:counsellor:${b.id}`);
}

/** The full refund of a session, decided in the caller's transaction; the refund job sends it once it commits. */
async function refundInTx(d: BookingsDeps, tx: Db, b: BookingWithPayment, reason: RefundReason, now: Date): Promise<void> {
  const repo = createBookingsRepository(tx);
  const refundId = `rf_${b.orderId}`;
  const rowId = await repo.insertRefund({ bookingId: b.id, refundId, amountPaise: b.amountPaise, reason }, now);
  await trackRefund(d.jobs, tx, rowId, refundId);
}

/** Runs `fn` in a transaction with the booking locked; a missing or foreign booking is 'No such session.' */
async function withBooking<T>(
  d: BookingsDeps,
  id: string,
  owns: (b: BookingWithPayment) => boolean,
  fn: (ctx: { tx: Db; repo: BookingsRepository; b: BookingWithPayment; now: Date }) => Promise<T>,
): Promise<T> {
  return d.db.transaction(async (tx) => {
    const repo = createBookingsRepository(tx);
    const b = await repo.lockById(id);
    if (!b || !owns(b)) throw new AppError('NOT_FOUND', sessionMessages.notFound);
    return fn({ tx, repo, b, now: d.now() });
  });
}

async function ownCounsellorId(d: BookingsDeps, user: AuthUser): Promise<string> {
  const c = await d.counsellors.findByUserId(user.id);
  if (!c || c.status !== 'approved') throw new AppError('FORBIDDEN', 'Only approved counsellors have sessions.');
  return c.id;
}

/** How long after the end the room link is still shown. */
const ROOM_AFTER_END_MS = 30 * 60_000;
/** A student account with no name to show (the reviews page says 'Anonymous User'). */
const studentName = (name: string) => name || 'A student';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const asSessionStatus = (s: SessionRow['status']) => s as StudentSession['status'];

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
    status: asSessionStatus(r.status),
    meetingUrl: showRoom ? r.meetingUrl : null,
    rescheduled: r.rescheduleCount > 0,
    cancelledBy: r.cancelledBy,
    refund: r.refundAmountPaise !== null && r.refundStatus !== null ? { amountPaise: Number(r.refundAmountPaise), status: r.refundStatus } : null,
    reviewed: r.reviewed,
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
export async function mySessions(d: BookingsDeps, user: AuthUser): Promise<{ data: MySessions }> {
  const now = d.now();
  const rows = (await d.repo.sessions({ studentId: user.id })).map((r) => toStudentSession(r, now));
  const upcoming = rows.filter((s) => s.status === 'confirmed' && Date.parse(s.endsAt) > now.getTime()).reverse();
  const past = rows.filter((s) => !(s.status === 'confirmed' && Date.parse(s.endsAt) > now.getTime()));
  return { data: { upcoming, past } };
}

/** `GET /sessions/{id}/calendar`: the invite, for either side of a confirmed session. */
export async function calendar(d: BookingsDeps, user: AuthUser, id: string): Promise<{ filename: string; content: string }> {
  const b = await d.repo.details(id);
  const own = b && (b.studentId === user.id || (await d.counsellors.findByUserId(user.id))?.id === b.counsellorId);
  if (!b || !own || !['confirmed', 'completed'].includes(b.status)) throw new AppError('NOT_FOUND', sessionMessages.notFound);
  return { filename: 'session.ics', content: bookingIcs(b, d.settings.productName, d.now(), { sequence: b.rescheduleCount }) };
}

/** `POST /sessions/{id}/cancel`: at least 24 h before, a full refund through Cashfree; later, none (the counsellor is paid). */
export async function cancelByStudent(d: BookingsDeps, user: AuthUser, id: string): Promise<{ message: string }> {
  return withBooking(
    d,
    id,
    (b) => b.studentId === user.id,
    async ({ tx, repo, b, now }) => {
      if (b.status !== 'confirmed' || now >= b.startsAt) throw new AppError('CONFLICT', sessionMessages.notCancellable);
      const refund = b.startsAt.getTime() - now.getTime() >= FREE_CANCEL_MS;
      const hoursBefore = Math.round(((b.startsAt.getTime() - now.getTime()) / 3600_000) * 10) / 10;
      await repo.transition(b.id, 'confirmed', 'cancelled', 'student', {
        now,
        fields: { cancelledBy: 'student', cancelledAt: now },
        details: { refund, hoursBefore },
      });
      if (refund) await refundInTx(d, tx, b, 'student_cancelled', now);
      else await repo.release(b.id, now);
      const full = (await repo.details(b.id))!;
      await queuePair(d, tx, full, cancellationMails(full, 'student', refund ? b.amountPaise : null, mailSettings(d)), 'cancelled');
      return { message: refund ? sessionMessages.cancelledRefund(rupees(b.amountPaise)) : sessionMessages.cancelledNoRefund };
    },
  );
}

/** `POST /sessions/{id}/reschedule`: once, at least 24 h before, to another slot the counsellor offers and nobody holds. */
export async function reschedule(
  d: BookingsDeps,
  user: AuthUser,
  id: string,
  input: { selectedDate: string; selectedTime: string },
): Promise<{ message: string }> {
  const current = await d.repo.findById(id);
  if (!current || current.studentId !== user.id) throw new AppError('NOT_FOUND', sessionMessages.notFound);
  const c = await findBookableCounsellor({ repo: d.counsellors }, current.counsellorId);
  return withBooking(
    d,
    id,
    (b) => b.studentId === user.id,
    async ({ tx, repo, b, now }) => {
      if (b.status !== 'confirmed' || now >= b.startsAt) throw new AppError('CONFLICT', sessionMessages.notCancellable);
      if (b.rescheduleCount > 0) throw new AppError('CONFLICT', sessionMessages.rescheduleUsed);
      if (b.startsAt.getTime() - now.getTime() < FREE_CANCEL_MS) throw new AppError('CONFLICT', sessionMessages.rescheduleTooLate);
      const { startsAt, endsAt } = checkSlot(c, input.selectedDate, input.selectedTime, b.durationMinutes, now);
      if (startsAt.getTime() === b.startsAt.getTime())
        throw new AppError('VALIDATION_FAILED', sessionMessages.sameTime, { selectedTime: [sessionMessages.sameTime] });
      await repo.expireLapsedOverlapping(b.counsellorId, startsAt, endsAt, now);
      const moved = await repo.reschedule(b.id, startsAt, endsAt, now, { from: b.startsAt.toISOString(), to: startsAt.toISOString() });
      if (moved === 'taken') throw new AppError('SLOT_TAKEN', 'This slot has just been booked by someone else. Please choose another time.');
      if (moved === 'stale') throw new AppError('CONFLICT', sessionMessages.rescheduleUsed);
      await scheduleSessionJobs(d.jobs, tx, { id: b.id, startsAt, endsAt }, now);
      const full = (await repo.details(b.id))!;
      await queuePair(d, tx, full, rescheduleMails(full, { startsAt: b.startsAt, endsAt: b.endsAt }, mailSettings(d)), 'rescheduled');
      return { message: sessionMessages.rescheduled };
    },
  );
}

/**
 * `POST /sessions/{id}/report-absence`: from the start until 24 h after the end. The counsellor then
 * has 24 h to dispute; a counsellor who had already marked the session is disputing it already.
 */
export async function reportAbsence(d: BookingsDeps, user: AuthUser, id: string): Promise<{ message: string }> {
  return withBooking(
    d,
    id,
    (b) => b.studentId === user.id,
    async ({ tx, repo, b, now }) => {
      if (b.status !== 'confirmed') throw new AppError('CONFLICT', sessionMessages.notReportable);
      if (now < b.startsAt) throw new AppError('CONFLICT', sessionMessages.reportTooEarly);
      if (now.getTime() > b.endsAt.getTime() + REPORT_WINDOW_MS) throw new AppError('CONFLICT', sessionMessages.reportTooLate);
      if (await repo.hasReview(b.id)) throw new AppError('CONFLICT', sessionMessages.reportAfterReview);
      const full = (await repo.details(b.id))!;
      const m = mailSettings(d);
      if (b.counsellorOutcome) {
        await repo.transition(b.id, 'confirmed', 'disputed', 'student', {
          now,
          fields: { absenceReportedAt: now, disputedAt: now },
          details: { outcome: b.counsellorOutcome },
        });
        await queuePair(d, tx, full, absenceReportedMails(full, null, m), 'absence-reported');
        await queueMail(d, tx, disputeMail(full, null, m), `dispute:${b.id}`);
        return { message: sessionMessages.reportedDisputed };
      }
      await repo.transition(b.id, 'confirmed', 'absence_reported', 'student', { now, fields: { absenceReportedAt: now } });
      const until = await scheduleAbsenceDeadline(d.jobs, tx, b.id, now);
      await queuePair(d, tx, full, absenceReportedMails(full, until, m), 'absence-reported');
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
    status: asSessionStatus(r.status),
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

/** `GET /counselor/sessions`. */
export async function counsellorSessions(d: BookingsDeps, user: AuthUser): Promise<{ data: { upcoming: CounsellorSession[]; past: CounsellorSession[] } }> {
  const counsellorId = await ownCounsellorId(d, user);
  const now = d.now();
  const rows = (await d.repo.sessions({ counsellorId })).map((r) => toCounsellorSession(r, now));
  const isUpcoming = (s: CounsellorSession) => s.status === 'confirmed' && Date.parse(s.endsAt) > now.getTime();
  return { data: { upcoming: rows.filter(isUpcoming).reverse(), past: rows.filter((s) => !isUpcoming(s)) } };
}

/** `POST /counselor/sessions/{id}/cancel`: before the start; the student is refunded in full and the slot reopens. */
export async function cancelByCounsellor(d: BookingsDeps, user: AuthUser, id: string): Promise<{ message: string }> {
  const counsellorId = await ownCounsellorId(d, user);
  return withBooking(
    d,
    id,
    (b) => b.counsellorId === counsellorId,
    async ({ tx, repo, b, now }) => {
      if (b.status !== 'confirmed' || now >= b.startsAt) throw new AppError('CONFLICT', sessionMessages.notCancellable);
      await repo.transition(b.id, 'confirmed', 'cancelled', 'counsellor', { now, fields: { cancelledBy: 'counsellor', cancelledAt: now } });
      await refundInTx(d, tx, b, 'counsellor_cancelled', now);
      const full = (await repo.details(b.id))!;
      await queuePair(d, tx, full, cancellationMails(full, 'counsellor', b.amountPaise, mailSettings(d)), 'cancelled');
      return { message: sessionMessages.counsellorCancelled(rupees(b.amountPaise)) };
    },
  );
}

/** `POST /counselor/sessions/{id}/outcome`: held, or the student did not come; from the start, while nothing else is decided. */
export async function markOutcome(d: BookingsDeps, user: AuthUser, id: string, outcome: CounsellorOutcome): Promise<{ message: string }> {
  const counsellorId = await ownCounsellorId(d, user);
  return withBooking(
    d,
    id,
    (b) => b.counsellorId === counsellorId,
    async ({ repo, b, now }) => {
      if (b.status !== 'confirmed') throw new AppError('CONFLICT', sessionMessages.notMarkable);
      if (now < b.startsAt) throw new AppError('CONFLICT', sessionMessages.outcomeTooEarly);
      await repo.markOutcome(b.id, outcome, now);
      return { message: sessionMessages.outcomeSaved };
    },
  );
}

/** Refunds a session the counsellor did not join, with the e-mails saying why. */
async function noShowRefund(
  d: BookingsDeps,
  ctx: { tx: Db; repo: BookingsRepository; b: BookingWithPayment; now: Date },
  source: TransitionSource,
  why: 'counsellor' | 'undisputed' | 'admin',
  details?: Record<string, unknown>,
): Promise<void> {
  const { tx, repo, b, now } = ctx;
  await repo.transition(b.id, b.status, 'refunded', source, { now, details: { reason: 'counsellor_absent', ...details } });
  await refundInTx(d, tx, b, 'counsellor_absent', now);
  const full = (await repo.details(b.id))!;
  await queuePair(d, tx, full, noShowRefundMails(full, why, mailSettings(d)), 'no-show-refund');
}

/** `POST /counselor/sessions/{id}/missed`: the counsellor did not join (or accepts the student's report): full refund. */
export async function counsellorMissed(d: BookingsDeps, user: AuthUser, id: string): Promise<{ message: string }> {
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
export async function dispute(d: BookingsDeps, user: AuthUser, id: string, note: string): Promise<{ message: string }> {
  const counsellorId = await ownCounsellorId(d, user);
  return withBooking(
    d,
    id,
    (b) => b.counsellorId === counsellorId,
    async ({ tx, repo, b, now }) => {
      if (b.status !== 'absence_reported' || !b.absenceReportedAt) throw new AppError('CONFLICT', sessionMessages.notDisputable);
      if (now.getTime() > b.absenceReportedAt.getTime() + DISPUTE_WINDOW_MS) throw new AppError('CONFLICT', 'The time to dispute this report has passed.');
      await repo.transition(b.id, 'absence_reported', 'disputed', 'counsellor', { now, fields: { disputeNote: note, disputedAt: now } });
      const full = (await repo.details(b.id))!;
      await queueMail(d, tx, disputeMail(full, note, mailSettings(d)), `dispute:${b.id}`);
      return { message: sessionMessages.disputed };
    },
  );
}

/** `GET /counselor/earnings`: the ledger and its totals (received - refunded = held + payable). */
export async function earnings(d: BookingsDeps, user: AuthUser): Promise<{ data: Earnings }> {
  const counsellorId = await ownCounsellorId(d, user);
  const l = await d.repo.ledgerOf(counsellorId);
  return {
    data: {
      totals: { receivedPaise: l.received, refundedPaise: l.refunded, heldPaise: l.held, payablePaise: l.payable },
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
export async function listDisputes(d: BookingsDeps): Promise<{ data: Dispute[] }> {
  const rows = await d.repo.disputed();
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
  d: BookingsDeps,
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
      const { tx, repo, b, now } = ctx;
      if (b.status !== 'disputed') throw new AppError('CONFLICT', sessionMessages.notDisputed);
      const details = { decision, note: note || null, adminId: admin.id };
      if (decision === 'refund') {
        await noShowRefund(d, ctx, 'admin', 'admin', details);
      } else {
        await repo.transition(b.id, 'disputed', 'completed', 'admin', { now, details });
        await repo.release(b.id, now);
        const full = (await repo.details(b.id))!;
        await queuePair(d, tx, full, disputeCompletedMails(full, note || null, mailSettings(d)), 'dispute-completed');
      }
      return { message: sessionMessages.decided };
    },
  );
}

// ---------------------------------------------------------------- jobs

/** A reminder, unless the session was cancelled, moved (another job has its new time) or has started. */
export async function sendReminder(d: BookingsDeps, p: JobPayloads['sessions.reminder']): Promise<void> {
  await d.db.transaction(async (tx) => {
    const repo = createBookingsRepository(tx);
    const b = await repo.details(p.bookingId);
    if (!b || b.status !== 'confirmed' || b.startsAt.toISOString() !== p.startsAt || d.now() >= b.startsAt) return;
    await queuePair(d, tx, b, reminderMails(b, p.lead, mailSettings(d)), `reminder:${p.lead}:${p.startsAt}`);
  });
}

/** 24 h after the end without a report: the session is completed and its amount payable. */
export async function settleSession(d: BookingsDeps, p: JobPayloads['sessions.settle']): Promise<void> {
  await d.db.transaction(async (tx) => {
    const repo = createBookingsRepository(tx);
    const b = await repo.lockById(p.bookingId);
    const now = d.now();
    if (!b || b.status !== 'confirmed' || b.endsAt.toISOString() !== p.endsAt) return;
    if (now.getTime() < b.endsAt.getTime() + REPORT_WINDOW_MS)
      throw new RetryLater(b.endsAt.getTime() + REPORT_WINDOW_MS - now.getTime(), 'report window open');
    await repo.transition(b.id, 'confirmed', 'completed', 'settle', { now });
    await repo.release(b.id, now);
  });
}

/** 24 h after an absence report the counsellor did not dispute: the student is refunded. */
export async function absenceDeadline(d: BookingsDeps, p: JobPayloads['sessions.absence-deadline']): Promise<void> {
  await d.db.transaction(async (tx) => {
    const repo = createBookingsRepository(tx);
    const b = await repo.lockById(p.bookingId);
    const now = d.now();
    if (!b || b.status !== 'absence_reported' || !b.absenceReportedAt) return;
    const until = b.absenceReportedAt.getTime() + DISPUTE_WINDOW_MS;
    if (now.getTime() < until) throw new RetryLater(until - now.getTime(), 'dispute window open');
    await noShowRefund(d, { tx, repo, b, now }, 'absence_deadline', 'undisputed');
  });
}

/** How long to wait before asking Cashfree again about a refund: 30 s, 1, 2, 5, 10, 30 min, then hourly. */
const REFUND_POLL_MS = [30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000];

/** Sends a decided refund to Cashfree and follows it until Cashfree reports it processed; then tells the student. */
export async function trackRefundJob(d: BookingsDeps, p: JobPayloads['refunds.track'], job: JobContext): Promise<void> {
  await sendRefund(d, p.refundRowId);
  const r = await d.repo.findRefund(p.refundRowId);
  if (!r) throw new PermanentJobError('no such refund');
  if (r.status === 'requested' || r.status === 'pending') {
    throw new RetryLater(REFUND_POLL_MS[job.attempt - 1] ?? 3_600_000, `refund ${r.status}`);
  }
  if (r.status !== 'success') {
    d.log.error({ refundId: r.refundId, status: r.status }, 'Cashfree did not process a refund; it needs a person');
    return;
  }
  const b = await d.repo.details(r.bookingId);
  if (b) await d.jobs.enqueue('mail', refundProcessedMail(b, r.amountPaise, mailSettings(d)), { dedupeKey: `refund-processed:${r.refundId}` });
}

/**
 * The sweep's safety net for the session jobs (a job that failed for good, bookings confirmed before
 * these jobs existed): settles sessions past their report window and refunds reports past their
 * dispute window. Both are idempotent with their jobs (the booking is locked and its state checked).
 */
export async function settleOverdue(d: BookingsDeps): Promise<{ settled: number; refunded: number }> {
  const { settle, absent } = await d.repo.overdue(d.now());
  for (const b of settle) await settleSession(d, { bookingId: b.id, endsAt: b.endsAt.toISOString() });
  for (const id of absent) await absenceDeadline(d, { bookingId: id });
  return { settled: settle.length, refunded: absent.length };
}
