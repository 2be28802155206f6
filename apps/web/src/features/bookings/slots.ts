import { halfHourStarts, nextMatchingDates, parseSlotTime, slotTime } from '@rankwise/contract/bookings';
import { parseAvailability, WEEKDAYS, type BookedSlot, type Counsellor } from '@rankwise/contract/counsellors';
import { MONTHS, sessionClock } from '@rankwise/contract/format';

/**
 * What the booking modal offers for a counsellor (spec §4, §5, §9): the next 7 matching dates from
 * tomorrow (IST) and the half-hour starts inside their hours; unreadable hours fall back to
 * 9 AM - 12 PM on Tuesday and Thursday.
 */
export function bookingOptions(c: Pick<Counsellor, 'AvailableTimeSlots' | 'AvailableDays'>, now: Date = new Date()) {
  const availability = parseAvailability(c.AvailableTimeSlots, c.AvailableDays);
  return { dates: nextMatchingDates(availability.days, now), starts: halfHourStarts(availability.ranges), fallback: availability.fallback };
}

export function isBooked(booked: readonly BookedSlot[], date: string, minutes: number): boolean {
  return booked.some((b) => b.date === date && parseSlotTime(b.time) === minutes);
}

/** '9:00 AM' (the contract's session clock). */
export const timeLabel = sessionClock;

export function dateParts(date: string): { weekday: string; short: string; day: number; month: string; long: string } {
  const d = new Date(`${date}T00:00:00Z`);
  const weekday = WEEKDAYS[d.getUTCDay()];
  const month = MONTHS[d.getUTCMonth()];
  return {
    weekday,
    short: weekday.slice(0, 3),
    day: d.getUTCDate(),
    month: month.slice(0, 3),
    long: `${weekday}, ${d.getUTCDate()} ${month} ${d.getUTCFullYear()}`,
  };
}

export { slotTime };
