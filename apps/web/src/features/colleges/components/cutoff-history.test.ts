import type { ProgramSeats } from '@rankwise/contract/colleges';
import { describe, expect, it } from 'vitest';
import { rankTicks } from './cutoff-chart.tsx';
import { chooseSeat } from './cutoff-history.tsx';

const seat = (quota: string, seatType: string, gender: string, lastYear = 2025) => ({ quota, seatType, gender, firstYear: 2016, lastYear });
const programs: ProgramSeats[] = [
  {
    programName: 'Civil Engineering',
    branchGroup: 'Civil',
    lastYear: 2025,
    seats: [seat('OS', 'SC', 'Gender-Neutral'), seat('HS', 'OPEN', 'Female-only (including Supernumerary)'), seat('HS', 'OPEN', 'Gender-Neutral')],
  },
  { programName: 'Mining Engineering', branchGroup: 'Mining & Geology', lastYear: 2019, seats: [seat('AI', 'OPEN', 'Gender-Neutral', 2019)] },
];

describe('the history picker', () => {
  it('opens on the seat the link names when the institute has it', () => {
    const want = { programName: 'Civil Engineering', quota: 'HS', seatType: 'OPEN', gender: 'Female-only (including Supernumerary)' };
    expect(chooseSeat(programs, want)).toEqual(want);
  });

  it('otherwise takes the nearest seat part by part: a current program, All India/Other State first, OPEN, Gender-Neutral', () => {
    expect(chooseSeat(programs, {})).toEqual({ programName: 'Civil Engineering', quota: 'OS', seatType: 'SC', gender: 'Gender-Neutral' });
    expect(chooseSeat(programs, { programName: 'Civil Engineering', quota: 'HS' })).toEqual({
      programName: 'Civil Engineering',
      quota: 'HS',
      seatType: 'OPEN',
      gender: 'Gender-Neutral',
    });
    // A quota the program does not have falls back to one it has.
    expect(chooseSeat(programs, { programName: 'Mining Engineering', quota: 'HS' })).toEqual({
      programName: 'Mining Engineering',
      quota: 'AI',
      seatType: 'OPEN',
      gender: 'Gender-Neutral',
    });
    expect(chooseSeat([], {})).toBeNull();
  });
});

describe('rank axis', () => {
  it('starts at 0 and ends at or above the largest rank, in round steps', () => {
    expect(rankTicks(66)).toEqual([0, 20, 40, 60, 80]);
    expect(rankTicks(1)).toEqual([0, 1]);
    expect(rankTicks(45845)).toEqual([0, 10000, 20000, 30000, 40000, 50000]);
    for (const max of [3, 17, 999, 123456]) {
      const t = rankTicks(max);
      expect(t[0]).toBe(0);
      expect(t.at(-1)!).toBeGreaterThanOrEqual(max);
      expect(t.length).toBeLessThanOrEqual(7);
    }
  });
});
