import type { MedicalCollege } from '@rankwise/contract/medical';
import { describe, expect, it } from 'vitest';
import { missingMedicalFiguresOf } from './medical-college-card.tsx';

const seat = (over: Partial<MedicalCollege>) =>
  ({
    Location: 'Pune, Maharashtra',
    State: 'Maharashtra',
    Fees: '1,25,000',
    'Annual Fee': '1,25,000',
    bondYears: null,
    bondPenalty: 'NA',
    ...over,
  }) as MedicalCollege;

describe('missingMedicalFiguresOf', () => {
  it('names nothing when every figure is there (no bond is not a missing figure)', () => expect(missingMedicalFiguresOf(seat({}))).toEqual([]));
  it("takes the institute's own fee when MCC's list has none", () => expect(missingMedicalFiguresOf(seat({ Fees: 'NA' }))).toEqual([]));
  it('names the fee, the location and a bond penalty once each', () =>
    expect(missingMedicalFiguresOf(seat({ Fees: 'NA', 'Annual Fee': 'NA', Location: 'NA', State: 'NA', bondYears: 2 }))).toEqual([
      'the annual fee',
      'the location',
      'the bond penalty',
    ]));
  it('does not name the location when the state is known', () => expect(missingMedicalFiguresOf(seat({ Location: 'NA' }))).toEqual([]));
});
