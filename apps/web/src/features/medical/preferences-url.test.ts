import { describe, expect, it } from 'vitest';
import { fromSearchParams, toSearchParams } from './preferences-url.ts';

describe('medical preferences in the URL', () => {
  it('round-trips rank, category, quota and every course', () => {
    const prefs = {
      rank: 12345,
      category: 'OBC PwD' as const,
      quota: 'Management/Paid Seats Quota' as const,
      courses: ['MD IN PAEDIATRICS', 'MS IN ORTHOPAEDICS'],
    };
    const s = toSearchParams(prefs);
    expect(s.getAll('course')).toEqual(prefs.courses);
    expect(fromSearchParams(new URLSearchParams(s.toString()))).toEqual(prefs);
  });

  it('courses are optional', () => {
    expect(fromSearchParams(new URLSearchParams('rank=9&category=General&quota=All+India'))).toEqual({
      rank: 9,
      category: 'General',
      quota: 'All India',
      courses: [],
    });
  });

  it.each([
    '',
    'rank=',
    'rank=abc&category=General&quota=All+India',
    'rank=0&category=General&quota=All+India',
    'rank=5&category=OPEN&quota=All+India',
    'rank=5&category=General',
  ])('gives null for %j (no or invalid preferences)', (q) => expect(fromSearchParams(new URLSearchParams(q))).toBeNull());
});
