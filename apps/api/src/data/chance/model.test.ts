import { describe, expect, it } from 'vitest';
import { pointRank, sizeBandOf } from './definitions.ts';
import { calibrationOf, fitGroupAdjustment, fitModel, quantiles, seatParams } from './model.ts';
import { buildSeatHistories, type RoundRow, type SeatHistory } from './seat-history.ts';
import { adjustZ, calibrate, chanceAt, survival, unadjustZ, zForChance, zOf } from '../../lib/chance.ts';

const row = (key: string, year: number, round: number, closing: string, extra: Partial<RoundRow> = {}): RoundRow => ({
  key,
  year,
  round,
  quota: 'AI',
  seatType: 'OPEN',
  gender: 'Gender-Neutral',
  opening: '1',
  closing,
  ...extra,
});

describe('definitions', () => {
  it('computes the rank points with integer arithmetic, halves up, at least 1', () => {
    expect(pointRank(85, 20)).toBe(17);
    expect(pointRank(105, 10)).toBe(11);
    expect(pointRank(50, 1)).toBe(1);
    expect(pointRank(175, 14_210)).toBe(24_868);
  });

  it('puts closing ranks into size bands', () => {
    expect([1, 99, 100, 9_999, 10_000, 250_000].map(sizeBandOf)).toEqual([0, 0, 1, 2, 3, 4]);
  });
});

describe('seat histories', () => {
  it('judges a seat-year on its last round, and leaves out preparatory and zero closing ranks', () => {
    const pwd = { seatType: 'SC (PwD)', gender: 'Female-only (including Supernumerary)', quota: 'JK' };
    const [a, b] = buildSeatHistories([
      row('a', 2024, 1, '900'),
      row('a', 2024, 5, '1000'),
      row('a', 2024, 3, '950'),
      row('a', 2025, 1, '40'),
      row('a', 2025, 6, '50P'),
      row('b', 2017, 2, '0', pwd),
      row('b', 2018, 1, '120', pwd),
    ]);
    expect([...a.finals]).toEqual([[2024, { closingRank: 1000, round: 5 }]]);
    expect([...b.finals]).toEqual([[2018, { closingRank: 120, round: 1 }]]);
    expect(b).toMatchObject({ category: 'PwD', pool: 'Female-only', quota: 'Other' });
  });
});

describe('the model', () => {
  it('reads shares off a quantile table', () => {
    const q = quantiles([0, 1, 2, 3, 4], 4);
    expect(q).toEqual([0, 1, 2, 3, 4]);
    expect(survival(q, -1)).toBe(1);
    expect(survival(q, 2)).toBe(0.5);
    expect(survival(q, 3.5)).toBeCloseTo(0.125);
    expect(survival(q, 5)).toBe(0);
  });

  it('makes the calibration table non-decreasing and interpolates in it', () => {
    const cal = calibrationOf([
      { n: 10, p: 1, o: 2 },
      { n: 10, p: 3, o: 1 },
      { n: 10, p: 5, o: 6 },
    ])!;
    expect(cal.y).toEqual([0.15, 0.6]);
    expect(cal.x).toEqual([0.2, 0.5]);
    expect(calibrate(cal, 0.35)).toBeCloseTo(0.375);
    expect(calibrate(cal, 0.9)).toBe(0.6);
    expect(calibrate(null, 0.42)).toBe(0.42);
  });

  // Synthetic seats: a steady one and a jumpy one, both moving ±5% / ±40% around their level.
  const seat = (key: string, ranks: number[], first = 2016): SeatHistory => ({
    key,
    category: 'OPEN',
    quota: 'AI',
    pool: 'Gender-Neutral',
    finals: new Map(ranks.map((r, i) => [first + i, { closingRank: r, round: 6 }])),
  });
  const many = (n: number, make: (i: number) => SeatHistory) => Array.from({ length: n }, (_, i) => make(i));
  const steady = many(60, (i) =>
    seat(
      `s${i}`,
      [1000, 1050, 1000, 1050, 1000, 1050, 1000, 1050, 1000, 1050].map((r) => r + (i % 7)),
    ),
  );
  const jumpy = many(60, (i) =>
    seat(
      `j${i}`,
      [1000, 1400, 1000, 1400, 1000, 1400, 1000, 1400, 1000, 1400].map((r) => r + (i % 7)),
    ),
  );
  const fresh = many(60, (i) => seat(`f${i}`, [1000 + i, 1500 + i, 900 + i], 2023));
  const model = fitModel([...steady, ...jumpy, ...fresh], 2026);

  it('gives a volatile seat a wider band than a steady one, and a new seat wider still', () => {
    const s = seatParams(model, steady[0])!;
    const j = seatParams(model, jumpy[0])!;
    expect(j.k).toBeGreaterThan(s.k);
    const f = seatParams(model, seat('new', [2000], 2025))!;
    expect(f.fresh).toBe(true);
    expect(f.k).toBe(model.fresh);
    expect(model.fresh).toBeGreaterThanOrEqual(1);
  });

  it('falls as the rank grows, and z orders seats by chance', () => {
    const curve = { table: model.table, calibration: null };
    const p = seatParams(model, jumpy[0])!;
    const chances = [0.5, 0.9, 1, 1.1, 1.5].map((f) => chanceAt(curve, zOf(p.closingRank, p.scale, Math.round(f * p.closingRank))));
    for (let i = 1; i < chances.length; i++) expect(chances[i]).toBeLessThanOrEqual(chances[i - 1]);
    expect(chances[0]).toBeGreaterThan(0.8);
    expect(chances[4]).toBeLessThan(0.3);
  });

  it('inverts the curve: the reach limit is the last rank at 15% or more', () => {
    const curve = { table: model.table, calibration: null };
    const z15 = zForChance(curve, 0.15);
    expect(chanceAt(curve, z15)).toBeGreaterThanOrEqual(0.15);
    expect(chanceAt(curve, z15 + 1e-3)).toBeLessThan(0.15);
  });
});

describe('per-group adjustment of z', () => {
  it('is monotone and invertible', () => {
    const a = { shift: 0.3, below: 0.8, above: 1.4 };
    const zs = [-3, -1, 0, 0.3, 0.5, 2];
    const adjusted = zs.map((z) => adjustZ(z, a));
    for (let i = 1; i < adjusted.length; i++) expect(adjusted[i]).toBeGreaterThan(adjusted[i - 1]);
    for (const z of zs) expect(unadjustZ(adjustZ(z, a), a)).toBeCloseTo(z, 12);
  });

  it('recovers a group that moves up and spreads wider than the table says', () => {
    // Standard table: z uniform on [-3, 3]. The group's true z' is (z − 0.5) / 1.5: simulate its outcomes.
    const table = quantiles(
      Array.from({ length: 601 }, (_, i) => (i - 300) / 100),
      200,
    );
    const z: number[] = [];
    const o: number[] = [];
    let seed = 7;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 6000; i++) {
      const zi = -4 + 8 * rand();
      z.push(zi);
      o.push(rand() < survival(table, (zi - 0.5) / 1.5) ? 1 : 0);
    }
    const a = fitGroupAdjustment([{ table, z, o }], null);
    expect(a.shift).toBeGreaterThan(0.3);
    expect(a.shift).toBeLessThan(0.7);
    expect(a.below).toBeGreaterThan(1.2);
    expect(a.above).toBeGreaterThan(1.2);
  });
});
