import { describe, expect, it } from 'vitest';
import {
  addDays,
  halfHourStarts,
  istDate,
  istInstant,
  istParts,
  nextMatchingDates,
  parseSlotTime,
  paymentRequestSchema,
  slotTime,
} from '@rankwise/contract/bookings';
import { formatDays, formatTimeRanges, parseAvailability, parseClock, parseDays, parseTimeRanges } from '@rankwise/contract/counsellors';

describe('counsellor hours as the spec writes them', () => {
  it('formats and reads back the AvailableTimeSlots and AvailableDays texts', () => {
    const ranges = [
      { start: 990, end: 1080 },
      { start: 540, end: 720 },
    ];
    expect(formatTimeRanges(ranges)).toBe('9 AM - 12 PM, 4:30 PM - 6 PM');
    expect(parseTimeRanges('9 AM - 12 PM, 4:30 PM - 6 PM')).toEqual([
      { start: 540, end: 720 },
      { start: 990, end: 1080 },
    ]);
    expect(formatDays([4, 0, 2])).toBe('Tuesday, Thursday, Sunday');
    expect(parseDays('Tuesday, Thursday')).toEqual([2, 4]);
    expect(parseClock('12 AM')).toBe(0);
    expect(parseClock('12 AM', true)).toBe(1440);
    expect(parseTimeRanges('10 PM - 12 AM')).toEqual([{ start: 1320, end: 1440 }]);
  });

  it('spec §5: a segment needs a start before an end; anything unreadable falls back to 9 AM - 12 PM on Tuesday and Thursday', () => {
    const fallback = { days: [2, 4], ranges: [{ start: 540, end: 720 }], fallback: true };
    expect(parseAvailability('12 PM - 9 AM', 'Monday')).toEqual(fallback);
    expect(parseAvailability('9 AM - 9 AM', 'Monday')).toEqual(fallback);
    expect(parseAvailability('morning', 'Monday')).toEqual(fallback);
    expect(parseAvailability('9 AM - 11 AM', 'Funday')).toEqual(fallback);
    expect(parseAvailability('', '')).toEqual(fallback);
    expect(parseAvailability(null, undefined)).toEqual(fallback);
    expect(parseAvailability('9 AM - 11 AM', 'Monday, Friday')).toEqual({ days: [1, 5], ranges: [{ start: 540, end: 660 }], fallback: false });
  });
});

describe('booking times (IST)', () => {
  it('starts a slot at each half hour with a full half hour left in the range', () => {
    expect(halfHourStarts([{ start: 540, end: 720 }]).map(slotTime)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
    expect(halfHourStarts([{ start: 990, end: 1050 }])).toEqual([990, 1020]);
  });
  it('offers the next 7 matching dates from tomorrow in India, whatever the clock of the browser', () => {
    // 23:00 UTC on 5 Jan 2026 is 04:30 on Tuesday 6 Jan in India: "tomorrow" is Wednesday the 7th.
    const now = new Date('2026-01-05T23:00:00Z');
    expect(istDate(now)).toBe('2026-01-06');
    const dates = nextMatchingDates([2, 4], now);
    expect(dates).toEqual(['2026-01-08', '2026-01-13', '2026-01-15', '2026-01-20', '2026-01-22', '2026-01-27', '2026-01-29']);
    expect(nextMatchingDates([0, 1, 2, 3, 4, 5, 6], now)).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => addDays('2026-01-06', n)));
  });
  it('converts IST wall-clock times to instants and back', () => {
    expect(istInstant('2026-01-06', 540).toISOString()).toBe('2026-01-06T03:30:00.000Z');
    expect(istParts(new Date('2026-01-06T03:30:00Z'))).toEqual({ date: '2026-01-06', minutes: 540 });
    expect(['09:00', '9:00', '9:00 AM', '9 AM', '9 am', '21:30', '9:30 PM'].map(parseSlotTime)).toEqual([540, 540, 540, 540, 540, 1290, 1290]);
    expect(['9', '25:00', '13 PM', 'noon'].map(parseSlotTime)).toEqual([null, null, null, null]);
  });
  it('reads the payment request as the spec sends it', () => {
    const ok = paymentRequestSchema.safeParse({
      phone: '+91 98765 43210',
      amount: '279',
      counsellorId: 'c',
      selectedDate: '2026-01-08',
      selectedTime: '9:00 AM',
      duration: '12',
    });
    expect(ok.success && ok.data).toMatchObject({ phone: '9876543210', amount: 279, duration: 12 });
    const bad = paymentRequestSchema.safeParse({ phone: '12345', counsellorId: 'c', selectedDate: '8 Jan', selectedTime: 'x', duration: 30 });
    expect(bad.success ? [] : bad.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['phone', 'Phone number must be exactly 10 digits'],
      ['selectedDate', 'Please choose a date'],
      ['selectedTime', 'Please choose a time slot'],
      ['duration', 'Choose a 12- or 25-minute session'],
    ]);
  });
});
