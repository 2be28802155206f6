import { addDays, bookingMessages, halfHourStarts, istDate, istInstant, istParts, parseSlotTime, slotTime, weekdayOf } from '@rankwise/contract/bookings';
import { WEEKDAYS, type BookedSlot } from '@rankwise/contract/counsellors';
import { sessionPolicy } from '@rankwise/contract/session-policy';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { EXCLUSION_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-error.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import { findBookableCounsellor, type CounsellorRecord, type CounsellorsRepository } from '../counsellors/counsellors.service.ts';
import type { BookingWithPayment, BookingsRepository } from './bookings.repository.ts';

export { createBookingsRepository, type BookingDetails, type BookingWithPayment, type BookingsRepository } from './bookings.repository.ts';
export { ACTIVE_STATUSES, isHadSession, type TransitionSource } from './booking-states.ts';

/**
 * Slot holds and the booking state machine (docs/decisions/0008): a student holds a slot while
 * paying (the payments module), and every change of a booking's state goes through
 * `BookingsRepository.transition`. The sessions and payments modules build on this one.
 */

export type BookingSettings = {
  publicUrl: string;
  holdMinutes: number;
  meetingBaseUrl: string;
  productName: string;
  supportEmail: string;
  /** Rankwise's commission on a completed session, in percent (stated on the counsellor's earnings). */
  commissionPercent: number;
};

/** What the booking modules' services are given (each with its own repositories over one unit of work). */
export type ModuleDeps<S> = {
  uow: UnitOfWork<S>;
  counsellors: CounsellorsRepository;
  settings: BookingSettings;
  /** The durable job queue: e-mail leaves through it, enqueued in the transaction that decided it. */
  jobs: JobQueue;
  log: FastifyBaseLogger;
  now: () => Date;
};

export type BookingsStore = { bookings: BookingsRepository };
export type BookingsDeps = ModuleDeps<BookingsStore>;

/** Bookable up to this many days ahead. */
export const BOOKING_HORIZON_DAYS = sessionPolicy.bookingHorizonDays;

/** A counsellor who takes bookings; NOT_FOUND otherwise. */
export function bookableCounsellor(d: Pick<BookingsDeps, 'counsellors'>, counsellorId: string): Promise<CounsellorRecord> {
  return findBookableCounsellor({ repo: d.counsellors }, counsellorId);
}

/** `GET /counselor/slots/{counsellorId}`: the IST date and start time of every held or booked session from now on. */
export async function occupiedSlots(d: BookingsDeps, counsellorId: string): Promise<BookedSlot[]> {
  const c = await bookableCounsellor(d, counsellorId);
  const now = d.now();
  return (await d.uow.store.bookings.occupiedSlots(c.id, now, now)).map((r) => {
    const p = istParts(r.startsAt);
    return { date: p.date, time: slotTime(p.minutes) };
  });
}

/**
 * A slot the counsellor offers: a date from tomorrow (IST) within the horizon, on one of their days,
 * at one of their half-hour starts. The same rules for a booking and for a reschedule.
 */
export function checkSlot(
  c: Pick<CounsellorRecord, 'name' | 'availableDays' | 'timeRanges'>,
  date: string,
  time: string,
  duration: number,
  now: Date,
): { startsAt: Date; endsAt: Date } {
  const today = istDate(now);
  const dateError = (message: string) => new AppError('VALIDATION_FAILED', message, { selectedDate: [message] });
  if (addDays(date, 0) !== date) throw dateError(bookingMessages.chooseDate);
  if (date <= today) throw dateError('Please choose a date from tomorrow on.');
  if (date > addDays(today, BOOKING_HORIZON_DAYS)) throw dateError(`Sessions can be booked up to ${BOOKING_HORIZON_DAYS} days ahead.`);
  if (!c.availableDays.includes(weekdayOf(date))) throw dateError(`${c.name} does not take sessions on ${WEEKDAYS[weekdayOf(date)]}s.`);
  const minutes = parseSlotTime(time);
  if (minutes === null || !halfHourStarts(c.timeRanges).includes(minutes)) {
    const message = `${c.name} does not take sessions at that time. Please choose one of the offered slots.`;
    throw new AppError('VALIDATION_FAILED', message, { selectedTime: [message] });
  }
  const startsAt = istInstant(date, minutes);
  return { startsAt, endsAt: new Date(startsAt.getTime() + duration * 60_000) };
}

export type HoldRequest = {
  /** Until the order can no longer be paid (payments.service.ts orderMinutes). */
  holdExpiresAt: Date;
  studentId: string;
  counsellorId: string;
  startsAt: Date;
  endsAt: Date;
  durationMinutes: number;
  studentPhone: string;
  orderId: string;
  amountPaise: number;
  now: Date;
};

/**
 * Holds a slot for a student while they pay (until `holdExpiresAt`), with its payment row. The student's
 * live hold on the same slot and duration is answered instead (`again`: the same checkout); their
 * other holds are given up, and lapsed holds on overlapping time expire first. The exclusion
 * constraint refuses a slot someone else holds: SLOT_TAKEN.
 */
export async function holdSlot(d: BookingsDeps, h: HoldRequest): Promise<{ bookingId: string } | { again: BookingWithPayment }> {
  const { holdExpiresAt } = h;
  try {
    return await d.uow.transaction(async ({ bookings }) => {
      const mine = await bookings.liveHoldOf(h.studentId, h.counsellorId, h.startsAt, h.now);
      if (mine && mine.durationMinutes === h.durationMinutes) return { again: mine };
      await bookings.releaseStudentHolds(h.studentId, h.now);
      await bookings.expireLapsedOverlapping(h.counsellorId, h.startsAt, h.endsAt, h.now);
      const bookingId = await bookings.insertHeld(
        {
          counsellorId: h.counsellorId,
          studentId: h.studentId,
          startsAt: h.startsAt,
          endsAt: h.endsAt,
          durationMinutes: h.durationMinutes,
          holdExpiresAt,
          studentPhone: h.studentPhone,
        },
        { orderId: h.orderId, amountPaise: h.amountPaise },
      );
      return { bookingId };
    });
  } catch (err) {
    if (pgErrorCode(err) === EXCLUSION_VIOLATION) throw new AppError('SLOT_TAKEN', bookingMessages.slotTaken);
    // bookings_one_hold_per_student: this student started another payment at the same moment.
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new AppError('CONFLICT', ONE_HOLD_MESSAGE);
    throw err;
  }
}

export const ONE_HOLD_MESSAGE = 'You are already paying for another slot. Finish or close that payment first, then try again.';
