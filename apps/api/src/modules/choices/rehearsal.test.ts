import { describe, expect, it } from 'vitest';
import { adviseFor } from './advice.ts';
import { csabEntry, referenceRehearsal, seasonEnd, simulatedRehearsal } from './rehearsal.ts';
import { addRound, fitRoundModel, knowsRound, roundBacktestOf, roundChance, roundModelOf, type RoundHistory } from './round-model.ts';

const rounds = (...closing: number[]) => closing.map((closingRank, i) => ({ round: i + 1, closingRank }));

describe('mock allotment on the reference year', () => {
  // Rank 1000. Choice 1 (A) opens in round 3; choice 2 (B) never; choice 3 (A) from round 1; choice 4 (C) from round 1.
  const seats = [
    { institute: 'A', rounds: rounds(800, 900, 1000, 1100) },
    { institute: 'B', rounds: rounds(500, 600, 700, 800) },
    { institute: 'A', rounds: rounds(1200, 1300, 1300, 1300) },
    { institute: 'C', rounds: rounds(5000, 5000, 5000, 5000) },
  ];

  it('floats up to a higher choice, slides within the institute, freezes at the first seat', () => {
    const r = referenceRehearsal(seats, [1000, 1000, 1000, 1000]);
    expect(r.rounds).toEqual([1, 2, 3, 4]);
    expect(r.paths.float).toEqual([2, 2, 0, 0]);
    expect(r.paths.slide).toEqual([2, 2, 0, 0]);
    expect(r.paths.freeze).toEqual([2, 2, 2, 2]);
  });

  it('slide never leaves the institute; a held seat is never lost under float', () => {
    const other = [
      { institute: 'X', rounds: rounds(800, 900, 1000) },
      { institute: 'Y', rounds: rounds(1500, 900, 900) },
    ];
    const r = referenceRehearsal(other, [1000, 1000]);
    expect(r.paths.float).toEqual([1, 1, 0]);
    expect(r.paths.slide).toEqual([1, 1, 1]);
  });

  it('choices not open to the student are never held; a seat not offered yet in a round is not open', () => {
    const r = referenceRehearsal([seats[3], { institute: 'D', rounds: [{ round: 3, closingRank: 9000 }] }], [null, 1000]);
    expect(r.paths.float).toEqual([null, null, 1, 1]);
  });
});

describe('rounds on simulated years', () => {
  it('float never ends worse than freeze, and with no common shock matches independent seats', () => {
    const chances = [
      [0.1, 0.2, 0.3],
      [0.5, 0.6, 0.7],
      [0.9, 0.95, 0.95],
    ];
    const sim = simulatedRehearsal(chances, ['A', 'B', 'C'], { rho: 0.2, seed: 4, years: 20_000 });
    expect(sim.final.float.none).toBeLessThanOrEqual(sim.final.freeze.none + 1e-12);
    expect(sim.final.float.final[0]).toBeGreaterThan(sim.final.freeze.final[0]);
    const total = (o: { final: number[]; none: number }) => o.final.reduce((a, b) => a + b, 0) + o.none;
    for (const s of ['float', 'slide', 'freeze'] as const) expect(total(sim.final[s])).toBeCloseTo(1, 10);
    // Float's last round: choice 1 in 30% of years; the holding share never falls.
    const indep = simulatedRehearsal(chances, ['A', 'B', 'C'], { rho: 0, seed: 4, years: 40_000 });
    expect(indep.final.float.final[0]).toBeCloseTo(0.3, 1);
    expect(indep.holding[1]).toBeGreaterThanOrEqual(indep.holding[0]);
    expect(simulatedRehearsal(chances, ['A', 'B', 'C'], { rho: 0.2, seed: 4, years: 20_000 })).toEqual(sim);
  });
});

describe('CSAB after JoSAA', () => {
  it('a CSAB seat replaces the JoSAA seat held; no CSAB seat keeps it; an IIT seat does not enter CSAB', () => {
    expect(seasonEnd(3, 1, true)).toEqual({ list: 'CSAB', choice: 1, replaced: true });
    expect(seasonEnd(null, 0, true)).toEqual({ list: 'CSAB', choice: 0, replaced: false });
    expect(seasonEnd(3, null, true)).toEqual({ list: 'JoSAA', choice: 3, replaced: false });
    expect(seasonEnd(3, 1, false)).toEqual({ list: 'JoSAA', choice: 3, replaced: false });
    expect(seasonEnd(null, null, true)).toBeNull();
    expect(csabEntry({ instituteType: 'IIT' })).toMatch(/IIT seat/);
    expect(csabEntry({ instituteType: 'NIT' })).toBeNull();
    expect(csabEntry(null)).toBeNull();
  });

  it('on simulated years: the season ends once, CSAB rescues years without a JoSAA seat, and the JoSAA figures do not change', () => {
    const josaa = [
      [0.1, 0.2, 0.3],
      [0.5, 0.6, 0.7],
    ];
    const csab = [
      [0.2, 0.3],
      [0.6, 0.8],
    ];
    const alone = simulatedRehearsal(josaa, ['A', 'B'], { rho: 0.2, seed: 9, years: 20_000 });
    const sim = simulatedRehearsal(josaa, ['A', 'B'], { rho: 0.2, seed: 9, years: 20_000, csab: { roundChance: csab, enters: () => true } });
    expect(sim.final).toEqual(alone.final);
    expect(alone.chain).toBeUndefined();
    for (const s of ['float', 'slide', 'freeze'] as const) {
      const c = sim.chain![s];
      expect(c.josaa + c.csab.reduce((a, b) => a + b, 0) + c.none).toBeCloseTo(1, 10);
      // No seat at the end only when neither counselling gave one.
      expect(c.none).toBeLessThan(sim.final[s].none);
      expect(c.replaced).toBeLessThanOrEqual(c.csab.reduce((a, b) => a + b, 0));
    }
    // CSAB float over its last round: choice 1 opens in ~30% of years, choice 2 in ~80% (joined by the shock).
    const csabAny = sim.chain!.float.csab.reduce((a, b) => a + b, 0);
    expect(csabAny).toBeGreaterThan(0.8 - 0.03);
    expect(csabAny).toBeLessThan(0.86 + 0.03);
    // A student who never enters CSAB ends exactly as JoSAA leaves them.
    const stay = simulatedRehearsal(josaa, ['A', 'B'], { rho: 0.2, seed: 9, years: 20_000, csab: { roundChance: csab, enters: () => false } });
    expect(stay.chain!.float.none).toBeCloseTo(stay.final.float.none, 12);
    expect(stay.chain!.float.josaa).toBeCloseTo(1 - stay.final.float.none, 12);
    // Entering only without a JoSAA seat never ends worse than staying out.
    const rescue = simulatedRehearsal(josaa, ['A', 'B'], {
      rho: 0.2,
      seed: 9,
      years: 20_000,
      csab: { roundChance: csab, enters: (held) => held === null },
    });
    expect(rescue.chain!.float.replaced).toBe(0);
    expect(rescue.chain!.float.josaa).toBeCloseTo(1 - rescue.final.float.none, 12);
  });
});

describe('the round-k model', () => {
  it('learns the round-k to final movement of past years only', () => {
    const h: RoundHistory = new Map();
    for (let s = 0; s < 300; s++) {
      for (const year of [2020, 2021, 2022]) {
        addRound(h, `seat${s}`, year, 1, 1000 + s);
        // Closing ranks rise by 10% to the last round (2022: by 50%, never learnt for 2022).
        addRound(h, `seat${s}`, year, 2, Math.round((1000 + s) * (year === 2022 ? 1.5 : 1.1)));
      }
    }
    const m = fitRoundModel(h, 2022);
    expect(m.years).toEqual([2020, 2021]);
    expect(m.moves).toBe(600);
    expect(roundChance(m, 1, 1000, 1050)).toBe(0.99);
    expect(roundChance(m, 1, 1000, 1200)).toBe(0.01);
  });
});

describe("a counselling's own round-k backtest (CSAB)", () => {
  it('scores each year from the years before it, only on rounds the model learnt, against round k as final', () => {
    // Two years of 300 seats: round 1 → last rises by 10-20% (2024: two rounds; 2025: three).
    const moves = [2024, 2025].flatMap((year) =>
      Array.from({ length: 300 }, (_, s) => [
        { year, round: 1, from: 1000 + 10 * s, d: Math.log(1.1 + (s % 10) / 100) },
        ...(year === 2025 ? [{ year, round: 2, from: Math.round((1000 + 10 * s) * 1.05), d: Math.log(1.05) }] : []),
      ]).flat(),
    );
    const rows = roundBacktestOf(moves);
    // 2025's round 2 was never learnt (2024 had no round 2 before its last): not scored, and the model says so.
    expect(rows.map((r) => `${r.year}/${r.round}/${r.trainYears.join(',')}`)).toEqual(['2025/1/2024']);
    expect(rows[0].points).toBe(300 * 19);
    expect(rows[0].roundModel).toBeLessThan(rows[0].roundIsFinal);
    const model = roundModelOf(moves.filter((m) => m.year < 2025));
    expect(knowsRound(model, 1)).toBe(true);
    expect(knowsRound(model, 2)).toBe(false);
  });
});

describe('freeze, float or slide', () => {
  const base = { institutes: ['A', 'B', 'A', 'C'], rho: 0.1, seed: 1 };
  it('freezes choice #1 and when nothing higher can open, slides when only the institute can, floats otherwise', () => {
    expect(adviseFor({ ...base, held: 0, chances: [] }).recommendation).toBe('freeze');
    expect(adviseFor({ ...base, held: 2, chances: [0.001, 0.002] }).recommendation).toBe('freeze');
    expect(adviseFor({ ...base, held: 2, chances: [0.4, null] }).recommendation).toBe('slide');
    const f = adviseFor({ ...base, held: 3, chances: [0.01, 0.3, 0.2] });
    expect(f.recommendation).toBe('float');
    expect(f.up).toBeGreaterThan(0.3);
    expect(f.up).toBeLessThan(0.5);
  });
});
