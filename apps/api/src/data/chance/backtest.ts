import { bandOf, CHANCE_BANDS, percentOf, type Backtest, type CalibrationGroup, type ChanceBand } from '@rankwise/contract/chance';
import { chanceGroupOf, GENERAL_GROUP, GROUP_MIN_POINTS, JOSAA_CHANCE_GROUPS, pointRank, RATIO_PERCENTS, type ChanceGroupDef } from './definitions.ts';
import {
  binOf,
  calibrationOf,
  CALIBRATION_BINS,
  fitModel,
  seatParams,
  type CalibrationBin,
  type ChanceModel,
  type GroupPoints,
  type SeatParams,
} from './model.ts';
import { cachedGroupAdjustment } from './fit-cache.ts';
import type { SeatHistory } from './seat-history.ts';
import { adjustZ, type Calibration, chanceAt, type GroupAdjustment, NO_ADJUSTMENT, rawChance, zOf } from '../../lib/chance.ts';

/*
 * The backtest (docs/decisions/0014): for each year Y, the model is fitted on the years before Y
 * and its calibration table built from the backtest years before Y (none for the first). It is
 * scored on every seat with a final closing rank in both Y − 1 (the reference) and Y (the outcome),
 * at the rank points of RATIO_PERCENTS. A point is a success when its rank ≤ the seat's final
 * closing rank of Y. The baseline says 1 when the rank ≤ the reference closing rank, else 0.
 */

export type Cell = { n: number; predicted: number; observed: number };
export type BandRow = Cell & { band: ChanceBand };
export type YearRow = { year: number; seats: number; points: number; brier: number; baselineBrier: number; bands: BandRow[] };
export type BinRow = Cell & { from: number; to: number };

export type BacktestResult = {
  stream: 'josaa' | 'neet-pg';
  years: YearRow[];
  /** All years together. */
  total: { seats: number; points: number; brier: number; baselineBrier: number; bands: BandRow[]; bins: BinRow[] };
  /** Raw-chance bins of every scored year: the calibration table of the year after the last. */
  calibrationBins: CalibrationBin[];
  /**
   * The seat groups calibrated on their own (published as `calibrationGroups`). JoSAA: each group's
   * points over all scored years, and the adjustment fitted on all of them (the product's; `own`
   * false: too few points, pooled). NEET PG: each group's points and Brier scores (neet-pg.ts).
   */
  groups?: CalibrationGroup[];
};

/** Per group: its scored points kept for fitting (each year's table, z before adjustment, outcome) and its band cells. */
export type GroupSink = Map<string, { blocks: GroupPoints[]; points: number; seats: number; band: Map<ChanceBand, CalibrationBin> }>;

/** The groups the backtest scores apart, and each one's adjustment for the year being scored. */
export type Grouping = { defs: readonly ChanceGroupDef[]; adjustments: Map<string, GroupAdjustment>; sink: GroupSink };

export function newGroupSink(defs: readonly ChanceGroupDef[]): GroupSink {
  return new Map(
    [...defs.map((d) => d.id), GENERAL_GROUP.id].map((id) => [
      id,
      { blocks: [], points: 0, seats: 0, band: new Map(CHANCE_BANDS.map((b) => [b.band, acc()])) },
    ]),
  );
}

/**
 * Each group's adjustment from the points of earlier years (through the calibration table in force):
 * its own when it has at least GROUP_MIN_POINTS of them, else none (pooled). 'general' is never adjusted.
 */
export function groupAdjustments(defs: readonly ChanceGroupDef[], sink: GroupSink, calibration: Calibration | null): Map<string, GroupAdjustment> {
  const out = new Map<string, GroupAdjustment>();
  for (const d of defs) {
    const g = sink.get(d.id)!;
    out.set(d.id, g.points >= GROUP_MIN_POINTS ? cachedGroupAdjustment(g.blocks, calibration) : NO_ADJUSTMENT);
  }
  return out;
}

/** A backtest as /methodology publishes it (the contract's backtestSchema): its years, totals and groups. */
export function publishedBacktest(r: BacktestResult): Backtest {
  return { stream: r.stream, years: r.years, total: r.total, ...(r.groups ? { calibrationGroups: r.groups } : {}) };
}

/** Each seat group's adjustment of z as a backtest fitted it (JoSAA's groups; none for a group without one). */
export function adjustmentsOf(b: Pick<BacktestResult, 'groups'>): Map<string, GroupAdjustment> {
  return new Map((b.groups ?? []).map((g) => [g.id, g.adjustment ?? NO_ADJUSTMENT]));
}

const acc = (): CalibrationBin => ({ n: 0, p: 0, o: 0 });
const cell = (a: CalibrationBin): Cell => ({ n: a.n, predicted: a.n ? a.p / a.n : 0, observed: a.n ? a.o / a.n : 0 });
const add = (a: CalibrationBin, p: number, o: number) => {
  a.n++;
  a.p += p;
  a.o += o;
};

export type ScoredPoint = {
  key: string;
  year: number;
  percent: number;
  rank: number;
  reference: number;
  outcome: number;
  chance: number;
  /** JoSAA: the seat's group (definitions.ts, JOSAA_CHANCE_GROUPS). */
  group?: string;
  /** The raw chance before calibration. */
  raw?: number;
};

export type Sink = { band: Map<ChanceBand, CalibrationBin>; bins: CalibrationBin[]; raw: CalibrationBin[] };

export const newSink = (): Sink => ({
  band: new Map(CHANCE_BANDS.map((b) => [b.band, acc()])),
  bins: Array.from({ length: 10 }, acc),
  raw: Array.from({ length: CALIBRATION_BINS }, acc),
});

/** Several scored parts of one year (the NEET PG folds) as one row. */
export function mergeYearRows(rows: YearRow[]): YearRow {
  const points = rows.reduce((a, r) => a + r.points, 0);
  const w = (f: (r: YearRow) => number) => (points ? rows.reduce((a, r) => a + f(r) * r.points, 0) / points : 0);
  return {
    year: rows[0].year,
    seats: rows.reduce((a, r) => a + r.seats, 0),
    points,
    brier: w((r) => r.brier),
    baselineBrier: w((r) => r.baselineBrier),
    bands: CHANCE_BANDS.map((b, i) => {
      const n = rows.reduce((a, r) => a + r.bands[i].n, 0);
      const sum = (f: (c: Cell) => number) => (n ? rows.reduce((a, r) => a + f(r.bands[i]) * r.bands[i].n, 0) / n : 0);
      return { band: b.band, n, predicted: sum((c) => c.predicted), observed: sum((c) => c.observed) };
    }),
  };
}

export function summarise(stream: BacktestResult['stream'], rows: YearRow[], sink: Sink): BacktestResult {
  const points = rows.reduce((a, r) => a + r.points, 0);
  const weighted = (f: (r: YearRow) => number) => (points ? rows.reduce((a, r) => a + f(r) * r.points, 0) / points : 0);
  return {
    stream,
    years: rows,
    total: {
      seats: rows.reduce((a, r) => a + r.seats, 0),
      points,
      brier: weighted((r) => r.brier),
      baselineBrier: weighted((r) => r.baselineBrier),
      bands: CHANCE_BANDS.map((b) => ({ band: b.band, ...cell(sink.band.get(b.band)!) })),
      bins: sink.bins.map((a, i) => ({ from: i * 10, to: i * 10 + 9, ...cell(a) })),
    },
    calibrationBins: sink.raw,
  };
}

/** Scores one predicted year; `onPoint` sees every point (for the CSV export and tests). */
export function scoreYear(
  histories: SeatHistory[],
  model: ChanceModel,
  calibration: Calibration | null,
  sink: Sink,
  onPoint?: (p: ScoredPoint) => void,
  grouping?: Grouping,
  paramsOf: (model: ChanceModel, seat: SeatHistory) => SeatParams | null = seatParams,
): YearRow {
  const year = model.predictYear;
  // This year's points per group, added to the group sink after scoring (the next year's fit sees them).
  const yearBlocks = new Map<string, GroupPoints>();
  const curve = { table: model.table, calibration };
  const bands = new Map<ChanceBand, CalibrationBin>(CHANCE_BANDS.map((b) => [b.band, acc()]));
  const raw = Array.from({ length: CALIBRATION_BINS }, acc);
  let seats = 0;
  let se = 0;
  let seBase = 0;
  for (const seat of histories) {
    const out = seat.finals.get(year);
    const params = out && paramsOf(model, seat);
    if (!out || !params) continue;
    seats++;
    const group = grouping ? chanceGroupOf(grouping.defs, seat, params.closingRank) : GENERAL_GROUP.id;
    const adj = grouping?.adjustments.get(group) ?? NO_ADJUSTMENT;
    const gs = grouping?.sink.get(group);
    let block = yearBlocks.get(group);
    if (gs && !block) yearBlocks.set(group, (block = { table: model.table, z: [], o: [] }));
    if (gs) gs.seats++;
    for (const percent of RATIO_PERCENTS) {
      const rank = pointRank(percent, params.closingRank);
      const z0 = zOf(params.closingRank, params.scale, rank);
      const z = adjustZ(z0, adj);
      const chance = chanceAt(curve, z);
      const o = rank <= out.closingRank ? 1 : 0;
      if (gs && block) {
        block.z.push(z0);
        block.o.push(o);
        gs.points++;
        add(gs.band.get(bandOf(chance))!, chance, o);
      }
      const base = rank <= params.closingRank ? 1 : 0;
      se += (chance - o) ** 2;
      seBase += (base - o) ** 2;
      const r = rawChance(curve, z);
      add(raw[binOf(r)], r, o);
      const band = bandOf(chance);
      add(bands.get(band)!, chance, o);
      add(sink.band.get(band)!, chance, o);
      add(sink.bins[Math.min(9, Math.floor(percentOf(chance) / 10))], chance, o);
      onPoint?.({
        key: seat.key,
        year,
        percent,
        rank,
        reference: params.closingRank,
        outcome: out.closingRank,
        chance,
        raw: r,
        ...(grouping ? { group } : {}),
      });
    }
  }
  for (const [group, block] of yearBlocks) grouping!.sink.get(group)!.blocks.push(block);
  raw.forEach((a, i) => {
    sink.raw[i].n += a.n;
    sink.raw[i].p += a.p;
    sink.raw[i].o += a.o;
  });
  const points = seats * RATIO_PERCENTS.length;
  return {
    year,
    seats,
    points,
    brier: points ? se / points : 0,
    baselineBrier: points ? seBase / points : 0,
    bands: CHANCE_BANDS.map((b) => ({ band: b.band, ...cell(bands.get(b.band)!) })),
  };
}

/**
 * JoSAA: each year's calibration table comes from the raw chances of the backtest years before it,
 * and each seat group's adjustment from that group's points of those years.
 */
export function runBacktest(
  histories: SeatHistory[],
  years: number[],
  onPoint?: (p: ScoredPoint) => void,
  defs: readonly ChanceGroupDef[] = JOSAA_CHANCE_GROUPS,
  /** Another model than the final one (the round step, round-step.ts): how to fit each year and judge each seat. */
  variant?: { fit: (year: number) => ChanceModel; paramsOf: (model: ChanceModel, seat: SeatHistory) => SeatParams | null },
): BacktestResult & {
  calibrationBefore: Map<number, Calibration | null>;
  adjustmentsBefore: Map<number, Map<string, GroupAdjustment>>;
  models: Map<number, ChanceModel>;
} {
  const sink = newSink();
  const groupSink = newGroupSink(defs);
  const calibrationBefore = new Map<number, Calibration | null>();
  const adjustmentsBefore = new Map<number, Map<string, GroupAdjustment>>();
  const models = new Map<number, ChanceModel>();
  const rows = years.map((y) => {
    const calibration = calibrationOf(sink.raw);
    calibrationBefore.set(y, calibration);
    const model = variant ? variant.fit(y) : fitModel(histories, y);
    models.set(y, model);
    const adjustments = groupAdjustments(defs, groupSink, calibration);
    adjustmentsBefore.set(y, adjustments);
    return scoreYear(histories, model, calibration, sink, onPoint, { defs, adjustments, sink: groupSink }, variant?.paramsOf);
  });
  // The product's: fitted on every scored year, through the calibration table the product uses.
  const final = groupAdjustments(defs, groupSink, calibrationOf(sink.raw));
  const groups: CalibrationGroup[] = [...defs, GENERAL_GROUP].map((d) => {
    const g = groupSink.get(d.id)!;
    return {
      id: d.id,
      label: d.label,
      seats: g.seats,
      points: g.points,
      bands: CHANCE_BANDS.map((b) => ({ band: b.band, ...cell(g.band.get(b.band)!) })),
      adjustment: final.get(d.id) ?? NO_ADJUSTMENT,
      own: d.id !== GENERAL_GROUP.id && g.points >= GROUP_MIN_POINTS,
    };
  });
  return { ...summarise('josaa', rows, sink), groups, calibrationBefore, adjustmentsBefore, models };
}
