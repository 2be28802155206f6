import { describe, expect, it } from 'vitest';
import { homeStates } from '@rankwise/contract/reference';
import { eligibleStates, homeQuotaRules } from './home-state-quotas.ts';

const others = (...home: string[]) => homeStates.filter((s) => !home.includes(s));

describe('home-state quota table', () => {
  const goa = { id: 'nit-goa', state: 'Goa' };
  const srinagar = { id: 'nit-srinagar', state: 'Jammu and Kashmir' };
  const puducherry = { id: 'nit-puducherry', state: 'Puducherry' };
  const warangal = { id: 'nit-warangal', state: 'Telangana' };
  const trichy = { id: 'nit-tiruchirappalli', state: 'Tamil Nadu' };

  it('NIT Goa: GO for Goa; HS for Dadra and Nagar Haveli and Daman and Diu, and Lakshadweep (from 2017)', () => {
    expect(eligibleStates(goa, 'GO', 2025)).toEqual(['Goa']);
    expect(eligibleStates(goa, 'HS', 2025)).toEqual(['Dadra and Nagar Haveli and Daman and Diu', 'Lakshadweep']);
    expect(eligibleStates(goa, 'OS', 2025)).toEqual(others('Goa', 'Dadra and Nagar Haveli and Daman and Diu', 'Lakshadweep'));
    expect(eligibleStates(goa, 'HS', 2016)).toEqual(['Goa', 'Dadra and Nagar Haveli and Daman and Diu', 'Lakshadweep']);
    expect(() => eligibleStates(goa, 'GO', 2016)).toThrow(/no rule/);
  });

  it('NIT Srinagar: JK for Jammu and Kashmir and LA for Ladakh (from 2020); HS for both before', () => {
    expect(eligibleStates(srinagar, 'JK', 2025)).toEqual(['Jammu and Kashmir']);
    expect(eligibleStates(srinagar, 'LA', 2025)).toEqual(['Ladakh']);
    expect(eligibleStates(srinagar, 'OS', 2025)).toEqual(others('Jammu and Kashmir', 'Ladakh'));
    expect(eligibleStates(srinagar, 'HS', 2019)).toEqual(['Jammu and Kashmir', 'Ladakh']);
  });

  it('NIT Puducherry: HS for Puducherry and the Andaman and Nicobar Islands', () => {
    expect(eligibleStates(puducherry, 'HS', 2025)).toEqual(['Puducherry', 'Andaman and Nicobar Islands']);
    expect(eligibleStates(puducherry, 'OS', 2025)).toEqual(others('Puducherry', 'Andaman and Nicobar Islands'));
  });

  it('NIT Warangal: AP for Andhra Pradesh in 2016-2019 only; HS for Telangana', () => {
    expect(eligibleStates(warangal, 'AP', 2019)).toEqual(['Andhra Pradesh']);
    expect(eligibleStates(warangal, 'HS', 2019)).toEqual(['Telangana']);
    expect(eligibleStates(warangal, 'OS', 2019)).toEqual(others('Andhra Pradesh', 'Telangana'));
    expect(eligibleStates(warangal, 'OS', 2025)).toEqual(others('Telangana'));
    expect(() => eligibleStates(warangal, 'AP', 2020)).toThrow(/no rule/);
  });

  it('every other institute: HS is its own state, OS everyone else (Outside India included), AI everyone', () => {
    expect(eligibleStates(trichy, 'HS', 2025)).toEqual(['Tamil Nadu']);
    expect(eligibleStates(trichy, 'OS', 2025)).toEqual(others('Tamil Nadu'));
    expect(eligibleStates(trichy, 'OS', 2025)).toContain('Outside India');
    expect(eligibleStates(trichy, 'AI', 2025)).toBeNull();
    expect(() => eligibleStates(trichy, 'XX', 2025)).toThrow(/no rule/);
  });

  it('names a source for every rule, and only states of the form', () => {
    for (const r of homeQuotaRules) {
      expect(r.source.length).toBeGreaterThan(20);
      for (const s of r.states) expect(homeStates).toContain(s);
    }
  });
});
