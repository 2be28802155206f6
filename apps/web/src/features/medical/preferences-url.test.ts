import { describe, expect, it } from 'vitest';
import { editUrl, formValuesOf, fromSearchParams, preferenceSummary, resultsUrl, toSearchParams } from './preferences-url.ts';

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

describe('medical preferences between the results and the form', () => {
  const prefs = { rank: 20000, category: 'OBC' as const, quota: 'All India' as const, courses: ['MS IN ORTHOPAEDICS'] };
  it('Edit and results URLs carry the same set', () => {
    expect(resultsUrl(prefs)).toBe('/medical-colleges?rank=20000&category=OBC&quota=All+India&course=MS+IN+ORTHOPAEDICS');
    expect(editUrl(prefs)).toBe('/start?stream=medical&rank=20000&category=OBC&quota=All+India&course=MS+IN+ORTHOPAEDICS');
  });
  it('fills the form and summarises the set', () => {
    expect(formValuesOf(prefs)).toEqual({ rank: '20000', category: 'OBC', quota: 'All India', courses: ['MS IN ORTHOPAEDICS'] });
    expect(preferenceSummary({ ...prefs, courses: [] })).toEqual([
      { label: 'NEET PG rank', value: '20,000' },
      { label: 'Category', value: 'OBC' },
      { label: 'Quota', value: 'All India' },
      { label: 'Courses', value: 'All courses' },
    ]);
  });
});
