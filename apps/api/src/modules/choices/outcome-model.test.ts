import { describe, expect, it } from 'vitest';
import { analyseList, type ListEntry } from './list-analysis.ts';
import { normalCdf, normalQuantile } from './normal.ts';
import { commonShockOf, simulateOutcomes, wholePercents, yearVariance } from './outcome-model.ts';

/** A plain simulation, written apart from the model: every seat's own move sampled (Box-Muller), no conditional sums. */
function bruteForce(chances: number[], rho: number, years: number, seed: number) {
  let s = seed >>> 0;
  const u = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s + 0.5) / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
  const counts = new Array(chances.length + 1).fill(0);
  for (let y = 0; y < years; y++) {
    const g = normal();
    let got = chances.length;
    for (let i = 0; i < chances.length; i++) {
      // The seat opens when the year's latent movement is below its chance's quantile.
      if (Math.sqrt(rho) * g + Math.sqrt(1 - rho) * normal() <= normalQuantile(chances[i])) {
        got = i;
        break;
      }
    }
    counts[got]++;
  }
  return counts.map((c) => c / years);
}

describe('normal functions', () => {
  it('Φ and Φ⁻¹ agree with known values and invert each other', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    for (const p of [0.001, 0.01, 0.2, 0.5, 0.77, 0.99]) expect(normalCdf(normalQuantile(p))).toBeCloseTo(p, 6);
  });
});

describe('outcome chances of a list', () => {
  const chances = [0.2, 0.45, 0.6, 0.8, 0.93];

  it('add up to 1 with no seat, and a single choice keeps its own chance (the copula keeps each marginal)', () => {
    const r = simulateOutcomes(chances, { rho: 0.3, seed: 7 });
    expect(r.final.reduce((a, b) => a + b, 0) + r.none).toBeCloseTo(1, 10);
    expect(r.final[0]).toBeCloseTo(0.2, 3);
    for (const c of [0.05, 0.5, 0.97]) expect(simulateOutcomes([c], { rho: 0.4, seed: 1 }).final[0]).toBeCloseTo(c, 3);
  });

  it('with no common shock are the independent products', () => {
    const r = simulateOutcomes(chances, { rho: 0, seed: 3 });
    let left = 1;
    chances.forEach((c, i) => {
      expect(r.final[i]).toBeCloseTo(left * c, 6);
      left *= 1 - c;
    });
    expect(r.none).toBeCloseTo(left, 6);
  });

  it('match a brute-force simulation of every seat within a point', () => {
    const rho = 0.25;
    const model = simulateOutcomes(chances, { rho, seed: 11 });
    const brute = bruteForce(chances, rho, 200_000, 12345);
    chances.forEach((_, i) => expect(Math.abs(model.final[i] - brute[i])).toBeLessThan(0.01));
    expect(Math.abs(model.none - brute[chances.length])).toBeLessThan(0.01);
  });

  it('a common shock makes ending with nothing likelier than independent seats would', () => {
    const safe = [0.86, 0.88, 0.9, 0.85, 0.87];
    const independent = simulateOutcomes(safe, { rho: 0, seed: 5 }).none;
    const together = simulateOutcomes(safe, { rho: 0.3, seed: 5 }).none;
    expect(together).toBeGreaterThan(independent * 10);
    expect(together).toBeLessThan(0.02);
  });

  it('moving a choice up never lowers its own chance, and the same list and seed give the same numbers', () => {
    const list = [0.3, 0.5, 0.4, 0.7, 0.2];
    const before = simulateOutcomes(list, { rho: 0.2, seed: 9 });
    const moved = [list[0], list[3], list[1], list[2], list[4]];
    const after = simulateOutcomes(moved, { rho: 0.2, seed: 9 });
    expect(after.final[1]).toBeGreaterThanOrEqual(before.final[3]);
    expect(simulateOutcomes(list, { rho: 0.2, seed: 9 })).toEqual(before);
  });

  it('whole percentages add up to 100', () => {
    expect(wholePercents([0.333, 0.333, 0.334])).toEqual([33, 33, 34]);
    expect(wholePercents([0.125, 0.125, 0.75, 0]).reduce((a, b) => a + b, 0)).toBe(100);
  });
});

describe('the common shock measured from a backtest', () => {
  it('is 0 when every year hits its predictions and grows with the spread across years', () => {
    const years = (spread: number) =>
      [2018, 2019, 2020, 2021, 2022, 2023].map((year, k) => ({
        year,
        bands: [
          { band: 'Likely', n: 50_000, predicted: 0.75, observed: 0.75 + (k % 2 ? spread : -spread) * 0.5 },
          { band: 'Toss-up', n: 50_000, predicted: 0.5, observed: 0.5 + (k % 2 ? spread : -spread) },
        ],
      }));
    expect(commonShockOf(years(0)).rho).toBe(0);
    const small = commonShockOf(years(0.05)).rho;
    const large = commonShockOf(years(0.15)).rho;
    expect(small).toBeGreaterThan(0);
    expect(large).toBeGreaterThan(small);
    // The fitted ρ reproduces the measured spread of the Toss-up band within a point and a half.
    const fit = commonShockOf(years(0.15)).bands.find((b) => b.band === 'Toss-up')!;
    expect(Math.abs(fit.modelSd - fit.measuredSd)).toBeLessThan(0.015);
    expect(Math.sqrt(yearVariance(0.5, large))).toBeCloseTo(fit.modelSd, 10);
  });
});

describe('warnings of a list', () => {
  const seat = (over: Partial<NonNullable<ListEntry['seat']>> = {}): NonNullable<ListEntry['seat']> => ({
    institute: 'NIT X',
    instituteId: 'nit-x',
    program: 'Computer Science',
    seatType: 'OPEN',
    gender: 'Gender-Neutral',
    quota: 'OS',
    closingRank: 10_000,
    packageLpa: 10,
    feesInr: 125_000,
    ...over,
  });
  const entry = (id: string, chance: number | null, over: Partial<NonNullable<ListEntry['seat']>> = {}, notOpen: string | null = null): ListEntry => ({
    id,
    seat: seat({ program: `Program ${id}`, ...over }),
    chance,
    notOpen,
  });
  const codes = (entries: ListEntry[], sortBy?: 'rank' | 'package' | 'fees') =>
    analyseList(entries, { rho: 0.1, seed: 1, counselling: 'JoSAA', sortBy }).warnings.map((w) => `${w.code}@${w.position}/${w.other}`);

  it('names duplicates, seats not open, unknown seats and a choice a higher one always beats', () => {
    const list = [
      entry('a', 0.99),
      entry('b', 0.5),
      entry('a', 0.99),
      entry('c', 0.9, {}, 'this seat is in the female-only pool.'),
      { id: 'zz', seat: null, chance: null, notOpen: null },
    ];
    const w = codes(list);
    expect(w).toContain('duplicate@3/1');
    expect(w).toContain('not-open@4/null');
    expect(w).toContain('unknown-seat@5/null');
    expect(w).toContain('never-reached@2/1');
    expect(w).toContain('freeze-only@1/null');
    expect(w).toContain('fee-deadline@null/null');
    expect(w.some((x) => x.startsWith('no-safety-net'))).toBe(false);
  });

  it('says when the list has no safety net, naming the last choice at least Likely', () => {
    expect(codes([entry('a', 0.7), entry('b', 0.3), entry('c', 0.2)])).toContain('no-safety-net@1/null');
    expect(codes([entry('a', 0.3), entry('b', 0.2)])).toContain('no-safety-net@null/null');
  });

  it('points out a seat placed below one it clearly beats by the student’s sort', () => {
    const list = [
      entry('a', 0.5, { packageLpa: 8, feesInr: 200_000, closingRank: 20_000 }),
      entry('b', 0.5, { packageLpa: 12, feesInr: 100_000, closingRank: 9_000 }),
    ];
    expect(codes(list, 'package')).toContain('preferred-below@2/1');
    expect(codes(list, 'fees')).toContain('preferred-below@2/1');
    expect(codes(list, 'rank')).toContain('preferred-below@2/1');
    expect(codes([list[1], list[0]], 'package').some((x) => x.startsWith('preferred-below'))).toBe(false);
    expect(codes(list).some((x) => x.startsWith('preferred-below'))).toBe(false);
  });

  it('the same program twice is one choice on the portal', () => {
    expect(codes([entry('a', 0.5, { program: 'CSE' }), entry('b', 0.5, { program: 'CSE', seatType: 'OBC-NCL' })])).toContain('same-program@2/1');
  });
});
