import { describe, expect, it } from 'vitest';
import { quantiles } from '../data/chance/model.ts';
import { whyLine } from '../data/chance/seat-chances.ts';
import { adjustZ, chanceAt, type ChanceCurve, chanceFieldsJson, clearedInRound, seatChanceJson, toChanceFields, zForChance, zOf } from './chance.ts';

// A symmetric table of standardised moves from -3 to 3 (no calibration): chance 50% at the closing rank.
const curve: ChanceCurve = {
  table: quantiles(
    Array.from({ length: 601 }, (_, i) => (i - 300) / 100),
    200,
  ),
  calibration: null,
};
const card = {
  why: whyLine({
    closingRank: 14_210,
    where: '2025 round 6',
    earlier: [
      { label: '2024', closingRank: 14_750 },
      { label: '2023', closingRank: 13_900 },
    ],
  }),
  trend: [
    { year: 2023, closingRank: 13_900 },
    { year: 2024, closingRank: 14_750 },
    { year: 2025, closingRank: 14_210 },
  ],
  rounds: [
    { round: 1, closingRank: 12_000 },
    { round: 3, closingRank: 13_500 },
    { round: 6, closingRank: 14_210 },
  ],
  fewAllotments: false,
};
const seat = { closingRank: 14_210, chanceScale: 0.2, wideBand: false, card };

describe('a result’s chance fields', () => {
  it('writes the why-line the card shows', () => {
    expect(card.why).toBe('closed at 14,210 in 2025 round 6; 14,750 in 2024; 13,900 in 2023');
    expect(whyLine({ closingRank: 900, where: '2025 round 6', earlier: [], newIn: 2025 })).toBe('closed at 900 in 2025 round 6; new in 2025');
  });

  it('gives the chance, its percentage and band, and the earliest round cleared', () => {
    const at = toChanceFields(curve, seat, 14_210);
    expect(at).toMatchObject({ chance: 0.5, percent: 50, band: 'Toss-up', reach: false, clearedInRound: 'round 6', why: card.why });
    const better = toChanceFields(curve, seat, 9_000);
    expect(better.chance).toBeGreaterThan(0.85);
    expect(better).toMatchObject({ band: 'Safe', clearedInRound: 'round 1' });
    const worse = toChanceFields(curve, seat, 18_000);
    expect(worse).toMatchObject({ reach: true, clearedInRound: null });
    expect(worse.chance).toBeLessThan(0.35);
    expect(clearedInRound(card.rounds, 13_000)).toBe(3);
  });

  it('never claims certainty: chances stay within 1% and 99%', () => {
    expect(toChanceFields(curve, seat, 1).chance).toBe(0.99);
    expect(toChanceFields(curve, seat, 10_000_000).chance).toBe(0.01);
  });

  it('lists a Reach seat exactly up to the rank with a 15% chance', () => {
    const z15 = zForChance(curve, 0.15);
    const limit = Math.floor(seat.closingRank * Math.exp(z15 * seat.chanceScale));
    expect(toChanceFields(curve, seat, limit).percent).toBeGreaterThanOrEqual(15);
    expect(chanceAt(curve, Math.log((limit + 50) / seat.closingRank) / seat.chanceScale)).toBeLessThan(0.15);
  });

  it('rounds once: percent and band come from the unrounded chance, not from its three decimals', () => {
    // The rank whose chance is 0.8445 (three decimals 0.845 → 85% 'Safe' if rounded twice).
    const target = 0.8445;
    let lo = 1;
    let hi = 14_210;
    for (let i = 0; i < 60; i++) {
      const mid = (lo + hi) / 2;
      if (chanceAt(curve, zOf(14_210, 0.2, mid)) > target) lo = mid;
      else hi = mid;
    }
    // Ranks are whole numbers: find one whose chance lies in [0.8445, 0.845).
    let rank = Math.floor(lo);
    while (chanceAt(curve, zOf(14_210, 0.2, rank)) >= 0.845) rank++;
    const exact = chanceAt(curve, zOf(14_210, 0.2, rank));
    expect(exact).toBeGreaterThanOrEqual(0.8445);
    expect(exact).toBeLessThan(0.845);
    const f = toChanceFields(curve, seat, rank);
    expect(f).toMatchObject({ chance: 0.845, percent: 84, band: 'Likely' });
    expect(`{${chanceFieldsJson(curve, seatChanceJson(seat), rank)}}`).toBe(JSON.stringify(f));
  });

  it("applies the seat group's change of z (shift, widths below and above) in both writers", () => {
    const adjusted = { ...seat, adjustment: { shift: 0.5, below: 1.2, above: 0.8 } };
    for (const rank of [9_000, 14_210, 20_000]) {
      const z = adjustZ(zOf(14_210, 0.2, rank), adjusted.adjustment);
      const f = toChanceFields(curve, adjusted, rank);
      expect(f.chance).toBe(Math.round(chanceAt(curve, z) * 1000) / 1000);
      expect(`{${chanceFieldsJson(curve, seatChanceJson(adjusted), rank)}}`).toBe(JSON.stringify(f));
    }
    // A positive shift raises the chance at the closing rank above one half.
    expect(toChanceFields(curve, adjusted, 14_210).chance).toBeGreaterThan(toChanceFields(curve, seat, 14_210).chance);
  });
});
