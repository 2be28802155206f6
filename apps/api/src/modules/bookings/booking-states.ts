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
 * `held`, `paid` and `confirmed` occupy the slot (the `bookings_no_overlap` exclusion constraint).
 * Every change goes through BookingsRepository.transition, which changes the row only from an
 * expected state (so two concurrent confirmations make one) and appends a booking_events row in the
 * same transaction. Later work (cancellation, reschedule, completion) adds its states here.
 */
export const ACTIVE_STATUSES = ['held', 'paid', 'confirmed'] as const satisfies readonly BookingStatus[];

export const TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  held: ['paid', 'expired', 'released'],
  paid: ['confirmed'],
  confirmed: [],
  expired: ['paid', 'refunded'],
  released: ['paid', 'refunded'],
  refunded: [],
};

export function canTransition(from: BookingStatus, to: BookingStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** The states a booking may be in for `to` to follow. */
export function sourcesOf(to: BookingStatus): BookingStatus[] {
  return (Object.keys(TRANSITIONS) as BookingStatus[]).filter((from) => TRANSITIONS[from].includes(to));
}

/** What caused a change, recorded with it. */
export type TransitionSource = 'payment' | 'verify' | 'webhook' | 'sweep' | 'superseded' | 'slot_needed';
