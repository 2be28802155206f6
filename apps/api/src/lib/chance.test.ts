import { describe, expect, it } from 'vitest';
import { chanceAt, quantiles, zForChance, type ChanceCurve } from '../data/chance/model.ts';
import { clearedInRound, whyLine } from '../data/chance/seat-chances.ts';
import { toChanceFields } from './chance.ts';

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
});
