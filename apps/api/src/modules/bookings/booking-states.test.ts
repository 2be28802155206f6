import { reviewFormSchema, reviewMessages } from '@rankwise/contract/reviews';
import { studentSessionStatuses } from '@rankwise/contract/sessions';
import { describe, expect, it } from 'vitest';
import { bookingStatuses } from '../../db/schema/bookings.ts';
import { bookingIcs } from '../sessions/session-mail.ts';
import { ACTIVE_STATUSES, TRANSITIONS, canTransition, isHadSession, sourcesOf } from './booking-states.ts';

describe('the session lifecycle (decision 0013)', () => {
  it('moves a confirmed session only forward, and ends in cancelled, completed or refunded', () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...bookingStatuses].sort());
    for (const to of ['cancelled', 'completed', 'refunded', 'absence_reported', 'disputed'] as const) expect(canTransition('confirmed', to)).toBe(true);
    expect(canTransition('confirmed', 'held')).toBe(false);
    expect(canTransition('absence_reported', 'completed')).toBe(false); // only an admin's decision after a dispute completes it
    expect(sourcesOf('completed').sort()).toEqual(['confirmed', 'disputed']);
    for (const end of ['cancelled', 'completed', 'refunded'] as const) expect(TRANSITIONS[end]).toEqual([]);
    // Only these occupy a slot: a cancelled session's slot reopens.
    expect(ACTIVE_STATUSES).toEqual(['held', 'paid', 'confirmed']);
    // A session's states (the contract's) are confirmed and every state reachable from it.
    const reachable = new Set<string>(['confirmed']);
    for (let grew = true; grew;) {
      grew = false;
      for (const from of [...reachable])
        for (const to of TRANSITIONS[from as keyof typeof TRANSITIONS]) if (!reachable.has(to)) grew = Boolean(reachable.add(to));
    }
    expect([...studentSessionStatuses].sort()).toEqual([...reachable].sort());
  });

  it('counts a session as had once it ended, unless cancelled, refunded, reported, or the student was marked absent', () => {
    const now = new Date('2026-01-06T10:00:00Z');
    const ended = new Date('2026-01-06T09:00:00Z');
    const later = new Date('2026-01-06T11:00:00Z');
    expect(isHadSession({ status: 'confirmed', endsAt: ended, counsellorOutcome: null }, now)).toBe(true);
    expect(isHadSession({ status: 'confirmed', endsAt: now, counsellorOutcome: 'held' }, now)).toBe(true);
    expect(isHadSession({ status: 'confirmed', endsAt: later, counsellorOutcome: null }, now)).toBe(false);
    expect(isHadSession({ status: 'completed', endsAt: ended, counsellorOutcome: null }, now)).toBe(true);
    expect(isHadSession({ status: 'completed', endsAt: ended, counsellorOutcome: 'student_absent' }, now)).toBe(false);
    for (const status of ['cancelled', 'refunded', 'absence_reported', 'disputed', 'held', 'expired'] as const) {
      expect(isHadSession({ status, endsAt: ended, counsellorOutcome: null }, now), status).toBe(false);
    }
  });
});

describe('the review form rules (spec §5)', () => {
  const ok = { counsellorId: 'c1', review: ' Helpful ', rating: 5 };
  const message = (v: unknown) => {
    const r = reviewFormSchema.safeParse(v);
    return r.success ? null : r.error.issues[0].message;
  };
  it('takes a trimmed text and a whole rating from 1 to 5', () => {
    expect(reviewFormSchema.parse(ok)).toEqual({ counsellorId: 'c1', review: 'Helpful', rating: 5 });
    expect(message({ ...ok, review: '   ' })).toBe(reviewMessages.enterReview);
    expect(message({ ...ok, counsellorId: '' })).toBe(reviewMessages.counsellorRequired);
    for (const rating of [0, 6, 4.5, '5']) expect(message({ ...ok, rating }), String(rating)).toBe(reviewMessages.rating);
    expect(message({ ...ok, review: 'a'.repeat(2001) })).toBe(reviewMessages.tooLong);
    expect(message({ ...ok, review: 'bell\u0007' })).toBe(reviewMessages.control);
  });
});

describe('calendar invites after a change', () => {
  const b = {
    id: 'b1',
    startsAt: new Date('2026-01-06T03:30:00Z'),
    endsAt: new Date('2026-01-06T03:42:00Z'),
    durationMinutes: 12,
    studentName: 'Asha',
    counsellorName: 'Riya',
    college: 'NIT Goa',
    meetingUrl: 'https://meet.example.org/rankwise-x',
  };
  it('keeps the event id; a moved session is the next sequence, a cancelled one a CANCEL', () => {
    const moved = bookingIcs(b, 'Rankwise', new Date(), { sequence: 1 });
    expect(moved).toContain('UID:booking-b1@rankwise');
    expect(moved).toContain('SEQUENCE:1');
    expect(moved).toContain('METHOD:PUBLISH');
    expect(moved).toContain('DTSTART;TZID=Asia/Kolkata:20260106T090000');
    const cancelled = bookingIcs(b, 'Rankwise', new Date(), { sequence: 2, cancelled: true });
    expect(cancelled).toContain('METHOD:CANCEL');
    expect(cancelled).toContain('STATUS:CANCELLED');
    expect(cancelled).not.toContain('VALARM');
  });
});
