import { normalCdf, normalQuantile, mulberry32 } from './normal.ts';

/*
 * The outcome model of a choice list (docs/decisions/0027), pure: no database, no clock.
 *
 * Each choice has its own chance c (the chance model's, docs/decisions/0014: the chance that the
 * seat's final closing rank reaches the student's rank). JoSAA (and MCC) allot the highest choice
 * whose closing rank reaches the rank, so the seat the student ends with is the first choice that
 * "opens". Closing ranks of one year move together (a band's hit rate ranges widely by year), so
 * the openings are not independent: a one-factor Gaussian copula joins them.
 *
 *   seat i opens in a simulated year  ⇔  √ρ·G + √(1−ρ)·E_i ≤ Φ⁻¹(c_i)   (G, E_i standard normal)
 *
 * G is the year's common shock (a year when every closing rank moves the same way), E_i the seat's
 * own move; each seat still opens with exactly its own chance c_i. ρ, the share of the movement
 * common to a year, is measured from the chance model's backtest (commonShockOf below).
 *
 * Simulated years: S years with G drawn stratified, G_s = Φ⁻¹((s + U_s) / S) for s = 0 … S−1, U_s
 * from a seeded generator. Within a simulated year the seats open independently with
 * q_i = Φ((Φ⁻¹(c_i) − √ρ·G_s) / √(1−ρ)), and the chance that choice i is the final seat is
 * q_i × Π_{j<i} (1 − q_j) exactly (the seats' own moves are integrated, not sampled); no seat is
 * Π_j (1 − q_j). The outcome chances are the means over the S years, so they add up to 1.
 */

export const SIMULATED_YEARS = 4096;

export type SimulationOptions = {
  /** The share of a year's movement common to every seat (0 ≤ ρ < 1). */
  rho: number;
  /** The seed of the common shocks (docs/decisions/0027: from the data version). */
  seed: number;
  years?: number;
};

/** The common shocks G_s of the simulated years, ascending strata of the standard normal. */
export function commonShocks(seed: number, years: number = SIMULATED_YEARS): Float64Array {
  const next = mulberry32(seed);
  const out = new Float64Array(years);
  for (let s = 0; s < years; s++) {
    // (s + U) / S lies in (0, 1) for U in [0, 1): clamp away from 0 so Φ⁻¹ stays finite.
    out[s] = normalQuantile(Math.max(1e-12, (s + next()) / years));
  }
  return out;
}

/** The shocks of the last seed and year count asked for: a backtest simulates thousands of lists on one seed. Read only. */
let lastShocks: { seed: number; years: number; shocks: Float64Array } | null = null;
function sharedShocks(seed: number, years: number): Float64Array {
  if (lastShocks?.seed !== seed || lastShocks.years !== years) lastShocks = { seed, years, shocks: commonShocks(seed, years) };
  return lastShocks.shocks;
}

export type Outcomes = {
  /** Per choice, the chance it is the seat the student ends with. */
  final: number[];
  /** The chance of ending with no seat. */
  none: number;
};

/**
 * The outcome chances of an ordered list of choices, each given by its own chance (null or 0: the
 * choice can never be allotted: not open to the student, a duplicate, a seat no longer offered).
 */
export function simulateOutcomes(chances: readonly (number | null)[], opts: SimulationOptions): Outcomes {
  const n = chances.length;
  const years = opts.years ?? SIMULATED_YEARS;
  const shocks = sharedShocks(opts.seed, years);
  const a = Math.sqrt(opts.rho);
  const b = Math.sqrt(1 - opts.rho);
  const threshold = new Float64Array(n);
  const open = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const c = chances[i];
    if (c === null || !(c > 0)) continue;
    open[i] = 1;
    threshold[i] = normalQuantile(Math.min(c, 1 - 1e-12));
  }
  const opening = (i: number, shift: number) => (b > 0 ? normalCdf((threshold[i] - shift) / b) : threshold[i] >= shift ? 1 : 0);
  // With ρ = 0 the shift is 0 in every year (a · G = ±0, which changes no difference): each seat's
  // chance of opening is the same every year, computed once (the same numbers, bit for bit).
  const fixed = a === 0 ? Float64Array.from({ length: n }, (_, i) => (open[i] ? opening(i, 0) : 0)) : null;
  const final = new Float64Array(n);
  let none = 0;
  for (let s = 0; s < years; s++) {
    const shift = a * shocks[s];
    let remaining = 1;
    for (let i = 0; i < n && remaining > 1e-12; i++) {
      if (!open[i]) continue;
      const q = fixed ? fixed[i] : opening(i, shift);
      const p = remaining * q;
      final[i] += p;
      remaining -= p;
    }
    none += remaining;
  }
  return { final: Array.from(final, (x) => x / years), none: none / years };
}

/**
 * Whole percentages that add up to exactly 100 (largest remainders, ties to the earlier entry):
 * what the list shows for its choices and for 'no seat', the last entry.
 */
export function wholePercents(shares: readonly number[]): number[] {
  const raw = shares.map((x) => Math.max(0, x) * 100);
  const floor = raw.map(Math.floor);
  let left = 100 - floor.reduce((s, x) => s + x, 0);
  const order = raw.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((p, q) => q.r - p.r || p.i - q.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floor[i]++;
    left--;
  }
  return floor;
}

/** A band row of the chance model's backtest, one year (docs/decisions/0014). */
export type BacktestBandYear = { year: number; bands: { band: string; n: number; predicted: number; observed: number }[] };

/** Standard normal quadrature nodes on −6 … 6 (241 points, weights normalised): E[f(G)] ≈ Σ w f(g). */
const NODES = (() => {
  const g: number[] = [];
  const w: number[] = [];
  for (let k = -120; k <= 120; k++) {
    const x = k / 20;
    g.push(x);
    w.push(Math.exp((-x * x) / 2));
  }
  const sum = w.reduce((s, x) => s + x, 0);
  return { g, w: w.map((x) => x / sum) };
})();

/** Under the copula with common share ρ, the variance across years of the hit rate of points whose chance is p. */
export function yearVariance(p: number, rho: number): number {
  if (rho <= 0) return 0;
  const t = normalQuantile(p);
  const a = Math.sqrt(rho);
  const b = Math.sqrt(1 - rho);
  let m2 = 0;
  for (let k = 0; k < NODES.g.length; k++) {
    const q = normalCdf((t - a * NODES.g[k]) / b);
    m2 += NODES.w[k] * q * q;
  }
  return Math.max(0, m2 - p * p);
}

export type CommonShock = {
  rho: number;
  /** Per band: its mean chance, the measured spread of its hit rate across years (standard deviation) and the model's at ρ. */
  bands: { band: string; years: number; predicted: number; measuredSd: number; modelSd: number; lowest: number; highest: number }[];
  years: number[];
};

/** Points a band needs in a year to count (fewer are mostly sampling noise). */
const MIN_BAND_POINTS = 200;

/**
 * ρ measured from the backtest (docs/decisions/0027): for each band, the mean over the scored years
 * (the first backtest year left out: it had no calibration table) of the squared gap between the
 * year's observed hit rate and its predicted chance, less the binomial noise o(1 − o)/n, is the
 * variance a year's common movement adds; ρ is the value on the grid 0, 0.005, …, 0.95 whose
 * model variance (yearVariance at the band's mean predicted chance) is closest to it in the sum of
 * squares over the bands.
 */
export function commonShockOf(years: readonly BacktestBandYear[]): CommonShock {
  const scored = [...years].sort((x, y) => x.year - y.year).slice(1);
  const names = scored[0]?.bands.map((b) => b.band) ?? [];
  const bands = names
    .map((band) => {
      const cells = scored.map((y) => y.bands.find((b) => b.band === band)).filter((c): c is NonNullable<typeof c> => !!c && c.n >= MIN_BAND_POINTS);
      if (cells.length < 2) return null;
      const excess = cells.reduce((s, c) => s + (c.observed - c.predicted) ** 2 - (c.observed * (1 - c.observed)) / c.n, 0) / cells.length;
      const predicted = cells.reduce((s, c) => s + c.predicted, 0) / cells.length;
      return {
        band,
        years: cells.length,
        predicted,
        excess: Math.max(0, excess),
        lowest: Math.min(...cells.map((c) => c.observed)),
        highest: Math.max(...cells.map((c) => c.observed)),
      };
    })
    .filter((b): b is NonNullable<typeof b> => b !== null);
  let best = { rho: 0, loss: Infinity };
  for (let k = 0; k <= 190; k++) {
    const rho = k / 200;
    const loss = bands.reduce((s, b) => s + (b.excess - yearVariance(b.predicted, rho)) ** 2, 0);
    if (loss < best.loss - 1e-15) best = { rho, loss };
  }
  return {
    rho: best.rho,
    years: scored.map((y) => y.year),
    bands: bands.map((b) => ({
      band: b.band,
      years: b.years,
      predicted: b.predicted,
      measuredSd: Math.sqrt(b.excess),
      modelSd: Math.sqrt(yearVariance(b.predicted, best.rho)),
      lowest: b.lowest,
      highest: b.highest,
    })),
  };
}
