import { adjustZ, chanceAt, NO_ADJUSTMENT, type Calibration, type GroupAdjustment } from '../../lib/chance.ts';
import { sizeBandOf } from './definitions.ts';
import type { SeatFeatures, SeatHistory } from './seat-history.ts';

/*
 * The chance model (docs/decisions/0014-chance-of-admission.md), in plain words:
 *
 * A seat's final closing rank moves from one year to the next. Call the move
 * d = ln(next closing rank / this year's closing rank). A student with rank r gets the seat when
 * r ≤ next closing rank, that is when d ≥ ln(r / C), C being the reference closing rank. So the
 * chance is the share of comparable past moves at least that large. Everything is estimated from
 * the years before the predicted one.
 *
 * 1. Group spread s: seats of the same size band of C, category (the PwD seat types together),
 *    quota (AI, HS, OS, other) and gender pool move alike. s is the group's mean |d|; a group is
 *    pooled with its parent (size × category, then size, then all) with the weight of SHRINK moves.
 * 2. Seat volatility k: the seat's mean |d| / s over its latest RECENT moves, pooled with
 *    SEAT_PRIOR moves of 1. A seat new in the reference year has no moves; its k is FRESH, the
 *    mean |u| of new seats' moves over that of established seats (below), so its band is wider.
 * 3. Standardised moves u = d / (s × k) of every past move make one table of quantiles.
 *    The raw chance for rank r is the share of u at least ln(r / C) / (s × k).
 * 4. Calibration: raw chances are mapped through the calibration table built from the backtest
 *    years before (backtest.ts), and kept within 1%–99%.
 *
 * Because the chance falls as z = ln(r / C) / (s × k) grows, z orders results by chance exactly.
 *
 * This file fits the model; turning the stored fit into a chance (z, the calibration lookup, the
 * group adjustment of z, the 1%–99% limits) is lib/chance.ts, shared with the predictors.
 */

export const MODEL = {
  /** Moves of weight a group's parent has when the group's own spread is pooled with it. */
  SHRINK: 30,
  /** Moves of weight the neutral volatility 1 has against a seat's own moves. */
  SEAT_PRIOR: 2,
  /** The seat's latest moves that count for its volatility. */
  RECENT: 4,
  /** Quantiles of the standardised-move table (0.5% steps). */
  QUANTILES: 200,
} as const;

type Spread = { s: number; n: number };

/** Whether a seat gets the wider band in its reference year (default: new in that year). */
export type WideRule = (seat: SeatHistory, referenceYear: number, firstYear: number) => boolean;

export type ChanceModel = {
  predictYear: number;
  firstYear: number;
  wide: WideRule;
  /** Group key (see groupKeys) → spread, already pooled with its parents. */
  groups: Map<string, Spread>;
  /** Quantiles of standardised moves, QUANTILES + 1 values. */
  table: number[];
  /** Volatility of seats new in the reference year. */
  fresh: number;
  moves: number;
  freshMoves: number;
};

/** A seat's fitted parameters for one predicted year; `scale` = s × k. */
export type SeatParams = { closingRank: number; s: number; k: number; scale: number; fresh: boolean };

export function groupKeys(f: SeatFeatures, closingRank: number): [string, string, string, string] {
  const size = sizeBandOf(closingRank);
  return ['all', `${size}`, `${size}|${f.category}`, `${size}|${f.category}|${f.quota}|${f.pool}`];
}

export function quantiles(values: number[], count: number): number[] {
  const a = Float64Array.from(values).sort();
  const out: number[] = [];
  for (let i = 0; i <= count; i++) {
    const h = ((a.length - 1) * i) / count;
    const lo = Math.floor(h);
    out.push(lo + 1 < a.length ? a[lo] + (h - lo) * (a[lo + 1] - a[lo]) : a[lo]);
  }
  return out;
}

type Move = { seat: SeatHistory; year: number; from: number; d: number };

/** Every move into a year up to `toYear` (consecutive years only). */
function movesOf(histories: SeatHistory[], toYear: number): Move[] {
  const out: Move[] = [];
  for (const seat of histories) {
    for (const [year, f] of seat.finals) {
      if (year > toYear) continue;
      const prev = seat.finals.get(year - 1);
      if (prev) out.push({ seat, year, from: prev.closingRank, d: Math.log(f.closingRank / prev.closingRank) });
    }
  }
  return out;
}

export function firstYearOf(histories: SeatHistory[]): number {
  let first = Infinity;
  for (const h of histories) for (const y of h.finals.keys()) first = Math.min(first, y);
  return first;
}

export function spreadOf(groups: Map<string, Spread>, f: SeatFeatures, closingRank: number): number {
  const keys = groupKeys(f, closingRank);
  for (let i = keys.length - 1; i >= 0; i--) {
    const g = groups.get(keys[i]);
    if (g) return g.s;
  }
  throw new Error('the chance model has no moves to learn from');
}

/** The seat's latest RECENT moves into years before `year`, as |d| / s. */
export function ownMoves(groups: Map<string, Spread>, seat: SeatHistory, year: number): number[] {
  const out: number[] = [];
  // The data spans far fewer than 30 years.
  for (let y = year - 1; y > year - 30 && out.length < MODEL.RECENT; y--) {
    const cur = seat.finals.get(y);
    const prev = seat.finals.get(y - 1);
    if (!cur || !prev) continue;
    out.push(Math.abs(Math.log(cur.closingRank / prev.closingRank)) / spreadOf(groups, seat, prev.closingRank));
  }
  return out;
}

export const pooledVolatility = (own: number[]) => (MODEL.SEAT_PRIOR + own.reduce((a, b) => a + b, 0)) / (MODEL.SEAT_PRIOR + own.length);

/** New in the reference year: no final closing rank the year before it (when the data reaches that far back). */
export function isFresh(seat: SeatHistory, referenceYear: number, firstYear: number): boolean {
  return referenceYear - 1 >= firstYear && !seat.finals.has(referenceYear - 1);
}

/**
 * Fits the model that predicts `predictYear` from every move into the years before it (or, for a
 * cross-validation across seats, up to `lastMoveYear`).
 */
export function fitModel(histories: SeatHistory[], predictYear: number, wide: WideRule = isFresh, lastMoveYear = predictYear - 1): ChanceModel {
  const firstYear = firstYearOf(histories);
  const moves = movesOf(histories, lastMoveYear);
  if (!moves.length) throw new Error(`no moves before ${predictYear} to learn from`);

  const sums = new Map<string, { sum: number; n: number }>();
  for (const mv of moves) {
    for (const k of groupKeys(mv.seat, mv.from)) {
      const g = sums.get(k) ?? { sum: 0, n: 0 };
      g.sum += Math.abs(mv.d);
      g.n++;
      sums.set(k, g);
    }
  }
  // Parents first: 'all', then size, size|category, size|category|quota|pool.
  const groups = new Map<string, Spread>();
  for (const k of [...sums.keys()].sort((a, b) => (a === 'all' ? -1 : b === 'all' ? 1 : a.split('|').length - b.split('|').length))) {
    const { sum, n } = sums.get(k)!;
    const parts = k.split('|');
    const parent = k === 'all' ? undefined : groups.get(parts.length === 1 ? 'all' : parts.length === 2 ? parts[0] : parts.slice(0, 2).join('|'));
    const w = parent ? MODEL.SHRINK : 0;
    groups.set(k, { s: Math.max(1e-3, (sum + w * (parent?.s ?? 0)) / (n + w)), n });
  }

  // Standardised moves; new seats' moves are kept apart to measure how much wider they are.
  const established: number[] = [];
  const fresh: number[] = [];
  for (const mv of moves) {
    const u = mv.d / (spreadOf(groups, mv.seat, mv.from) * pooledVolatility(ownMoves(groups, mv.seat, mv.year)));
    (wide(mv.seat, mv.year - 1, firstYear) ? fresh : established).push(u);
  }
  const meanAbs = (xs: number[]) => xs.reduce((a, b) => a + Math.abs(b), 0) / xs.length;
  const freshK = fresh.length >= 50 && established.length ? Math.max(1, meanAbs(fresh) / meanAbs(established)) : 1;
  // New seats' moves join the table in established units (divided by their extra width).
  const table = quantiles([...established, ...fresh.map((u) => u / freshK)], MODEL.QUANTILES);
  return { predictYear, firstYear, wide, groups, table, fresh: freshK, moves: moves.length, freshMoves: fresh.length };
}

/** The seat's parameters for the model's year, or null when it has no closing rank the year before. */
export function seatParams(model: ChanceModel, seat: SeatHistory): SeatParams | null {
  const ref = seat.finals.get(model.predictYear - 1);
  return ref ? paramsFor(model, seat, seat, ref.closingRank) : null;
}

/**
 * The parameters of a seat judged on `closingRank` (a CSAB seat's CSAB closing rank, say), with
 * its history when it has one; a seat without history gets the wider band.
 */
export function paramsFor(model: ChanceModel, seat: SeatHistory | undefined, features: SeatFeatures, closingRank: number): SeatParams {
  const s = spreadOf(model.groups, features, closingRank);
  const fresh = !seat || model.wide(seat, model.predictYear - 1, model.firstYear);
  const k = fresh ? model.fresh : pooledVolatility(ownMoves(model.groups, seat, model.predictYear));
  return { closingRank, s, k, scale: s * k, fresh };
}

/**
 * The calibration table: raw chances of earlier backtest years in CALIBRATION_BINS equal bins;
 * each bin's observed share made non-decreasing (pool-adjacent-violators, weighted by points); a raw
 * chance maps by linear interpolation between the bins' mean raw chances (flat beyond the ends;
 * lib/chance.ts calibrate).
 */
export type CalibrationBin = { n: number; p: number; o: number };
export const CALIBRATION_BINS = 20;

export function binOf(raw: number): number {
  return Math.min(CALIBRATION_BINS - 1, Math.floor(raw * CALIBRATION_BINS));
}

export function calibrationOf(bins: CalibrationBin[]): Calibration | null {
  const blocks: CalibrationBin[] = [];
  for (const b of bins) {
    if (!b.n) continue;
    blocks.push({ ...b });
    while (blocks.length > 1) {
      const top = blocks[blocks.length - 1];
      const prev = blocks[blocks.length - 2];
      if (prev.o / prev.n <= top.o / top.n) break;
      blocks.pop();
      prev.n += top.n;
      prev.p += top.p;
      prev.o += top.o;
    }
  }
  if (blocks.length < 2) return null;
  return { x: blocks.map((b) => b.p / b.n), y: blocks.map((b) => b.o / b.n), points: blocks.reduce((a, b) => a + b.n, 0) };
}

/** A group's scored points of one backtest year: the year's move table, z and the outcome of each point. */
export type GroupPoints = { table: number[]; z: number[]; o: number[] };

function squaredError(blocks: GroupPoints[], calibration: Calibration | null, a: GroupAdjustment): number {
  let se = 0;
  for (const b of blocks) {
    const curve = { table: b.table, calibration };
    for (let i = 0; i < b.z.length; i++) {
      const d = chanceAt(curve, adjustZ(b.z[i], a)) - b.o[i];
      se += d * d;
    }
  }
  return se;
}

/** The minimum of f on [lo, hi] by golden-section search (f unimodal enough for these parameters). */
function goldenMin(f: (x: number) => number, lo: number, hi: number, steps: number): number {
  const g = (Math.sqrt(5) - 1) / 2;
  let a = lo;
  let b = hi;
  let c = b - g * (b - a);
  let d = a + g * (b - a);
  let fc = f(c);
  let fd = f(d);
  for (let i = 0; i < steps; i++) {
    if (fc < fd) {
      [b, d, fd] = [d, c, fc];
      c = b - g * (b - a);
      fc = f(c);
    } else {
      [a, c, fc] = [c, d, fd];
      d = a + g * (b - a);
      fd = f(d);
    }
  }
  return (a + b) / 2;
}

/**
 * The shift and widths that minimise the squared error (Brier score) of a group's points'
 * chances, each point's chance read off its own year's move table through `calibration` (the
 * pooled table the adjusted chances go through): shift in [−2, 2], widths in [0.4, 3]; two rounds
 * of one-parameter golden-section searches of 16 steps (shift, below, above), from no adjustment;
 * each rounded to 3 decimals.
 */
export function fitGroupAdjustment(blocks: GroupPoints[], calibration: Calibration | null): GroupAdjustment {
  let a: GroupAdjustment = { ...NO_ADJUSTMENT };
  const err = (b: GroupAdjustment) => squaredError(blocks, calibration, b);
  for (let round = 0; round < 2; round++) {
    a = { ...a, shift: goldenMin((shift) => err({ ...a, shift }), -2, 2, 16) };
    a = { ...a, below: goldenMin((below) => err({ ...a, below }), 0.4, 3, 16) };
    a = { ...a, above: goldenMin((above) => err({ ...a, above }), 0.4, 3, 16) };
  }
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  return { shift: r3(a.shift), below: r3(a.below), above: r3(a.above) };
}
