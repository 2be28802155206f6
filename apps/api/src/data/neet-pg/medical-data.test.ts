import { describe, expect, it } from 'vitest';
import { buildSeats, canonicalState, instituteKey, parseFee, referenceRound, splitNameAddress, stateFromAddress, type MedicalCutoff } from './medical-data.ts';

describe('NEET PG data rules', () => {
  it('keys institute strings so PDF split words, spacing and PIN codes do not matter', () => {
    // Two real spellings of the same institute in the allotment file.
    expect(instituteKey('GENERAL HOSPITAL, ,SECTO R-6, PANCHK ULA, HARYAN A- 134108, HARYANA, 134108')).toBe(
      instituteKey('GENERAL HOSPITAL,,SECTOR-6, PANCHKULA, HARYANA-134108, HARYANA'),
    );
    expect(instituteKey('DISTRICT HOSPITAL, DHOLPUR,OLD CITY ROAD DHOLPUR, RAJASTHAN')).not.toBe(instituteKey('DISTRICT HOSPITAL, SAGAR, MADHYA PRADESH'));
  });

  it('reads a fee only when it is one positive figure', () => {
    expect(parseFee('1,25,000')).toBe(125000);
    expect(parseFee('Rs. 1,25,000/-')).toBe(125000);
    expect(parseFee('159600/-')).toBe(159600);
    expect(parseFee('12,000.00')).toBe(12000);
    for (const t of ['0', '', 'NA', '-', '100000 - 125000', '43150/70650/125650', 'AS MENTIONED ABOVE', '1st year 50000, 2nd year 25000'])
      expect(parseFee(t)).toBeNull();
  });

  it('splits name from address and finds the state', () => {
    expect(splitNameAddress('GOVERNMENT MEDICAL COLLEGE, NAGPUR,GOVERNMENT MEDICAL COLLEGE, NAGPUR, MAHARASHTRA')).toEqual({
      name: 'GOVERNMENT MEDICAL COLLEGE, NAGPUR',
      address: 'GOVERNMENT MEDICAL COLLEGE, NAGPUR, MAHARASHTRA',
    });
    expect(splitNameAddress('APOLLO HOSPITAL,,NO 21, OFF GREAMS LANE, CHENNAI, TAMIL NADU, 600006').name).toBe('APOLLO HOSPITAL');
    expect(stateFromAddress('NEAR CHANDNI CHOWK JAGDALPUR, CHHATTIS GARH, 494001')).toBe('Chhattisgarh');
    expect(stateFromAddress('BANDRA, MAHARAS HTRA')).toBe('Maharashtra');
    expect(stateFromAddress('KK NAGAR, DELHI (NCT), 110001')).toBe('Delhi');
    expect(canonicalState('Dadra and Nagar Haveli')).toBe('Dadra and Nagar Haveli and Daman and Diu');
  });

  it('takes the latest year and R3 by default, and ranks a seat over rounds up to it', () => {
    const c = (year: number, round: number, open: number, close: number): MedicalCutoff => ({
      year,
      round,
      instituteId: 'i',
      course: 'MD IN X',
      quota: 'All India',
      category: 'OPEN',
      openingRank: open,
      closingRank: close,
      allotments: 1,
    });
    const cutoffs = [c(2023, 1, 1, 900), c(2024, 1, 10, 20), c(2024, 2, 5, 64), c(2024, 3, 30, 40), c(2024, 4, 2, 5000), c(2024, 5, 1, 9000)];
    const ref = referenceRound(cutoffs);
    expect(ref).toEqual({ year: 2024, round: 3 });
    expect(buildSeats(cutoffs, ref, new Map())).toMatchObject([{ openingRank: 5, closingRank: 64, year: 2024, round: 3 }]);
    expect(buildSeats(cutoffs, referenceRound(cutoffs, 2024, 4), new Map())[0].closingRank).toBe(5000);
    expect(() => referenceRound(cutoffs, 2022)).toThrow(/MEDICAL_REFERENCE_YEAR/);
  });
});
