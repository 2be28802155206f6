import { describe, expect, it } from 'vitest';
import { bookingPhone, bookingPhoneSchema } from './bookings.ts';
import { bandOf, CHANCE_BANDS, chanceBands, percentOf } from './chance.ts';
import { engineeringSortKeys, engineeringSortOptions } from './engineering.ts';
import { indianGrouping, istMoment, rupees, sessionClock, sessionWhen, shortDate } from './format.ts';
import { medicalSortKeys, medicalSortOptions } from './medical.ts';
import { DISPUTE_WINDOW_MS, FREE_CANCEL_MS, REMINDER_LEADS, REPORT_WINDOW_MS, sessionPolicy } from './session-policy.ts';
import { sessionMessages, sessionRules } from './sessions.ts';

// The rules both the page and the server apply live here once; these tests pin what they say.

describe('the booking phone rule', () => {
  it('takes ten digits written as people write them, and nothing else', () => {
    for (const typed of ['9876543210', '98765 43210', '98765-43210', '+91 98765 43210', '+919876543210', ' 98765 43210 ']) {
      expect(bookingPhone(typed.trim())).toBe('9876543210');
      expect(bookingPhoneSchema.parse(typed)).toBe('9876543210');
    }
    for (const typed of ['98765', '98765432101', '+9298765432', 'abcdefghij', '', '+91 98765 4321']) {
      expect(bookingPhone(typed)).toBeNull();
      expect(bookingPhoneSchema.safeParse(typed).success).toBe(false);
    }
  });
});

describe('money in rupees', () => {
  it('writes paise as rupees with Indian grouping, paise only when there are some, the sign in front', () => {
    expect([27900, 27950, 5, 0, 100000, 12345600, 1234567801].map(rupees)).toEqual([
      '₹279',
      '₹279.50',
      '₹0.05',
      '₹0',
      '₹1,000',
      '₹1,23,456',
      '₹1,23,45,678.01',
    ]);
    expect(rupees(-27900)).toBe('-₹279');
    expect([7, 999, 1000, 99999, 100000, 10000000].map(indianGrouping)).toEqual(['7', '999', '1,000', '99,999', '1,00,000', '1,00,00,000']);
  });
});

describe('session times in IST', () => {
  it('writes a session and a moment the same for every caller, whatever the machine time zone', () => {
    // 03:30 UTC is 9:00 AM IST; 18:45 UTC is 12:15 AM IST the next day.
    expect(sessionWhen('2026-01-06T03:30:00Z', new Date('2026-01-06T03:42:00Z'))).toBe('Tuesday, 6 January 2026, 9:00 AM - 9:12 AM IST');
    expect(istMoment(new Date('2026-03-31T18:45:00Z'))).toBe('Wednesday, 1 April 2026, 12:15 AM IST');
    expect(shortDate('2026-09-14T20:00:00Z')).toBe('15 Sep 2026');
    expect([0, 540, 750, 1290].map(sessionClock)).toEqual(['12:00 AM', '9:00 AM', '12:30 PM', '9:30 PM']);
  });
});

describe('the session policy', () => {
  it('holds the windows as hours and milliseconds alike', () => {
    expect(FREE_CANCEL_MS).toBe(sessionPolicy.freeCancelHours * 3600_000);
    expect(REPORT_WINDOW_MS).toBe(sessionPolicy.reportWindowHours * 3600_000);
    expect(DISPUTE_WINDOW_MS).toBe(sessionPolicy.disputeWindowHours * 3600_000);
    expect(REMINDER_LEADS).toEqual({ '24h': 24 * 3600_000, '1h': 3600_000 });
  });

  it('is what the texts say: each window is written from the policy', () => {
    expect(sessionRules.cancelFree).toContain(`at least ${sessionPolicy.freeCancelHours} hours before`);
    expect(sessionRules.reschedule).toContain(`at least ${sessionPolicy.freeCancelHours} hours before`);
    expect(sessionMessages.rescheduleTooLate).toContain(`${sessionPolicy.freeCancelHours} hours before`);
    expect(sessionRules.reportAbsence).toContain(`within ${sessionPolicy.reportWindowHours} hours after`);
    expect(sessionMessages.reportTooLate).toContain(`within ${sessionPolicy.reportWindowHours} hours after`);
    expect(sessionMessages.reported).toContain(`${sessionPolicy.disputeWindowHours} hours to respond`);
    // No text carries its own number of hours.
    const texts = [...Object.values(sessionRules), ...(Object.values(sessionMessages) as unknown[]).filter((m): m is string => typeof m === 'string')];
    expect(
      texts
        .join(' ')
        .match(/\d+ hours?/g)
        ?.every((h) => ['24 hours', '1 hour'].includes(h)),
    ).toBe(true);
  });
});

describe('sort keys', () => {
  it('has one menu entry, with a label, for every key the API accepts', () => {
    expect(engineeringSortOptions.map((o) => o.value).sort()).toEqual([...engineeringSortKeys].sort());
    expect(medicalSortOptions.map((o) => o.value).sort()).toEqual([...medicalSortKeys].sort());
    for (const o of [...engineeringSortOptions, ...medicalSortOptions]) expect(o.label).toMatch(/^[A-Z][a-z ]+$/);
  });
});

describe('the exam type', () => {
  it("is 'MAINS' inside the product; spec §7's '' for JEE Main is read as 'MAINS' at the API's edge", async () => {
    const { engineeringPreferencesSchema } = await import('./engineering.ts');
    const base = { rank: 20000, seatType: 'OPEN', gender: 'Male', homeState: 'Goa' };
    expect(engineeringPreferencesSchema.parse({ ...base, examType: '' }).examType).toBe('MAINS');
    expect(engineeringPreferencesSchema.parse({ ...base, examType: 'MAINS' }).examType).toBe('MAINS');
    expect(engineeringPreferencesSchema.parse({ ...base, examType: 'IIT' }).examType).toBe('IIT');
    expect(engineeringPreferencesSchema.safeParse({ ...base, examType: 'MAIN' }).success).toBe(false);
  });
});

describe('the chance bands', () => {
  it('reads the band from the whole percentage shown, float noise removed first', () => {
    // 0.145 × 100 is 14.499999999999998 in floating point: the card shows 15%, a Reach seat.
    expect([0.145, 0.285, 0.845, 0.844, 0.5, 0.01, 0.99].map(percentOf)).toEqual([15, 29, 85, 84, 50, 1, 99]);
    expect(bandOf(0.845)).toBe('Safe');
    expect(bandOf(0.844)).toBe('Likely');
    expect(bandOf(0.65)).toBe('Likely');
    expect(bandOf(0.5)).toBe('Toss-up');
    expect(bandOf(0.349)).toBe('Toss-up');
    expect(bandOf(0.344)).toBe('Reach');
    expect(bandOf(0.15)).toBe('Reach');
    expect(bandOf(0.145)).toBe('Reach');
    expect(bandOf(0.144)).toBe('Unlikely');
  });

  it('covers every whole percentage once, in the order of the band names', () => {
    expect(CHANCE_BANDS.map((b) => b.band)).toEqual([...chanceBands]);
    for (let pct = 0; pct <= 100; pct++) expect(CHANCE_BANDS.filter((b) => b.min <= pct && pct <= b.max)).toHaveLength(1);
  });
});
