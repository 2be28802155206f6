import type { BookingStatus } from '../../db/schema/bookings.ts';

/**
 * The booking state machine, in one place (docs/decisions/0008-bookings-and-payments.md).
 *
 *   (new) ──► held ──► paid ──► confirmed            the money is in and the slot is the student's
 *              │  ▲
 *              │  └───────────── expired / released  a late payment while the slot is still free
 *              ├──► expired                           the hold lapsed unpaid (15 minutes)
 *              └──► released                          payment failed, was abandoned, or never started
 *   expired / released ──► refunded                   a late payment for a slot someone else took
 *
 * After confirmation (docs/decisions/0013-session-lifecycle.md):
 *
 *   confirmed ──► cancelled            student (refund if at least 24 h before) or counsellor (refund) cancels
 *             ──► completed            24 h after the end with no absence report: the amount becomes payable
 *             ──► refunded             the counsellor says they could not join
 *             ──► absence_reported     the student says the counsellor did not join (within 24 h after)
 *             ──► disputed             ... and the counsellor had already marked the session held / the student absent
 *   absence_reported ──► refunded      the counsellor accepts, or does not dispute within 24 h
 *                    ──► disputed      the counsellor disputes
 *   disputed ──► refunded | completed  an admin decides
 *
 * `held`, `paid` and `confirmed` occupy the slot (the `bookings_no_overlap` exclusion constraint).
 * Every change (holds lapsing or given up too) goes through BookingsRepository.transition, which
 * changes the row only from an expected state (so two concurrent confirmations make one) and appends a booking_events row in the
 * same transaction. A reschedule keeps the state and records a `confirmed -> confirmed` event.
 */
export const ACTIVE_STATUSES = ['held', 'paid', 'confirmed'] as const satisfies readonly BookingStatus[];

export const TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  held: ['paid', 'expired', 'released'],
  paid: ['confirmed'],
  confirmed: ['cancelled', 'completed', 'refunded', 'absence_reported', 'disputed'],
  expired: ['paid', 'refunded'],
  released: ['paid', 'refunded'],
  refunded: [],
  cancelled: [],
  completed: [],
  absence_reported: ['refunded', 'disputed'],
  disputed: ['refunded', 'completed'],
};

export function canTransition(from: BookingStatus, to: BookingStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** The states a booking may be in for `to` to follow. */
export function sourcesOf(to: BookingStatus): BookingStatus[] {
  return (Object.keys(TRANSITIONS) as BookingStatus[]).filter((from) => TRANSITIONS[from].includes(to));
}

/** What caused a change, recorded with it. */
export type TransitionSource =
  'payment' | 'verify' | 'webhook' | 'sweep' | 'superseded' | 'slot_needed' | 'student' | 'counsellor' | 'admin' | 'settle' | 'absence_deadline';

/**
 * A session the student really had (issue 12): paid and confirmed, its end passed, not cancelled or
 * refunded, the counsellor not reported absent (nor the student marked absent by the counsellor).
 * The reviews repository applies the same rule in SQL.
 */
export function isHadSession(b: { status: BookingStatus; endsAt: Date; counsellorOutcome: string | null }, now: Date): boolean {
  if (b.counsellorOutcome === 'student_absent') return false;
  return b.status === 'completed' || (b.status === 'confirmed' && b.endsAt.getTime() <= now.getTime());
}
