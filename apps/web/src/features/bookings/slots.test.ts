import { describe, expect, it } from 'vitest';
import { bookingOptions, dateParts, isBooked, timeLabel } from './slots.ts';

describe('what the booking modal offers', () => {
  const now = new Date('2026-01-05T23:00:00Z'); // Tuesday 6 January, 04:30 in India
  it("uses the counsellor's days and hours", () => {
    const o = bookingOptions({ AvailableDays: 'Saturday, Sunday', AvailableTimeSlots: '4:30 PM - 6 PM' }, now);
    expect(o.dates).toEqual(['2026-01-10', '2026-01-11', '2026-01-17', '2026-01-18', '2026-01-24', '2026-01-25', '2026-01-31']);
    expect(o.starts.map(timeLabel)).toEqual(['4:30 PM', '5:00 PM', '5:30 PM']);
    expect(o.fallback).toBe(false);
  });
  it('falls back to 9 AM - 12 PM on Tuesday and Thursday when the hours cannot be read (spec §5)', () => {
    const o = bookingOptions({ AvailableDays: 'Tuesday', AvailableTimeSlots: '5 PM - 3 PM' }, now);
    expect(o.fallback).toBe(true);
    expect(o.dates.slice(0, 2)).toEqual(['2026-01-08', '2026-01-13']);
    expect(o.starts.map(timeLabel)).toEqual(['9:00 AM', '9:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM']);
  });
  it('marks a slot booked when the date and start time match', () => {
    const booked = [{ date: '2026-01-08', time: '09:30' }];
    expect(isBooked(booked, '2026-01-08', 570)).toBe(true);
    expect(isBooked(booked, '2026-01-08', 540)).toBe(false);
    expect(isBooked(booked, '2026-01-13', 570)).toBe(false);
    expect(dateParts('2026-01-08')).toMatchObject({ short: 'Thu', day: 8, month: 'Jan', long: 'Thursday, 8 January 2026' });
  });
});
