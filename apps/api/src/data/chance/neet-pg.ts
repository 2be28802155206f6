import type { Backtest, CalibrationGroup } from '@rankwise/contract/chance';
import { type BacktestResult, mergeYearRows, publishedBacktest, newSink, scoreYear, summarise, type ScoredPoint, type Sink } from './backtest.ts';
import { calibrationOf, fitModel, isFresh, type CalibrationBin, type ChanceModel, type WideRule } from './model.ts';
import { categoryClassOf, type QuotaClass, type SeatHistory, type SeatYear } from './seat-history.ts';
import type { Calibration, ChanceCurve } from '../../lib/chance.ts';

/*
 * NEET PG seats for the chance model (docs/decisions/0014-chance-of-admission.md).
 *
 * - A seat is the product's: institute id (decision 0005: every spelling of an institute, across
 *   renamings and re-codings, through the reviewed alias table) × course (the product's name,
 *   decision 0005) × quota × seat category: exactly the seats the predictor lists.
 * - A seat-year is judged on rounds R1 to R3.
 * - Years of single allotments (2023, 2024): the closing rank is the highest AIR allotted, robust to
 *   one stray allotment: with at least OUTLIER_MIN_ALLOTMENTS allotments and the highest AIR more
 *   than OUTLIER_FACTOR times the second highest, that one allotment is set aside and the second
 *   highest is the closing rank.
 * - Years of AIR ranges (2025: each round's lowest and highest AIR and count, no second-highest):
 *   the closing rank is the highest AIR, and the seat-year is FLAGGED when it has at least
 *   OUTLIER_MIN_ALLOTMENTS allotments and its highest AIR is more than OUTLIER_FACTOR times the
 *   highest other AIR known (another round's highest, or the same round's lowest when that round
 *   allotted 2 or more). Measured on 2024 (its allotments turned into ranges): 112 of 27,349 seats
 *   are flagged, and they hold all 15 seats whose closing rank the robust rule changes; for the
 *   other 97 the highest AIR is the closing rank. A flagged seat says so on its card and gets the
 *   wider band.
 * - A seat with FEW_ALLOTMENTS or fewer allotments in its reference year gets the wider band, as
 *   does a seat new in its reference year.
 */

export const NEET_PG = {
  LAST_ROUND: 3,
  OUTLIER_MIN_ALLOTMENTS: 4,
  OUTLIER_FACTOR: 2,
  FEW_ALLOTMENTS: 3,
  /** The year the two-fold backtest predicts (from the year before it, across institutes). */
  BACKTEST_YEAR: 2024,
  FOLDS: 2,
} as const;

/** The groups calibrated on their own (docs/decisions/0014): the DNB quota, and every other quota. */
export const NEET_PG_GROUPS = ['DNB', 'other'] as const;
export type NeetPgGroup = (typeof NEET_PG_GROUPS)[number];
export const NEET_PG_GROUP_LABELS: Record<NeetPgGroup, string> = { DNB: 'DNB quota', other: 'Other quotas' };
export const neetPgGroupOf = (quota: QuotaClass | string): NeetPgGroup => (quota === 'DNB' || quota === 'DNB Quota' ? 'DNB' : 'other');

const groupCurves = new WeakMap<ChanceCurve, Map<string, ChanceCurve>>();

/**
 * The NEET PG curve for a quota's seats: the DNB quota and the other quotas are calibrated apart
 * (the stored calibration holds each group's table as `groups`). A predictor query is for one
 * quota, so every seat of an answer shares one curve and z still orders them by chance.
 */
export function curveForQuota(curve: ChanceCurve, quota: string): ChanceCurve {
  const groups = (curve.calibration as (Calibration & { groups?: Record<string, Calibration | null> }) | null)?.groups;
  if (!groups) return curve;
  const group = neetPgGroupOf(quota);
  let byGroup = groupCurves.get(curve);
  if (!byGroup) groupCurves.set(curve, (byGroup = new Map()));
  let c = byGroup.get(group);
  if (!c) byGroup.set(group, (c = { table: curve.table, calibration: groups[group] ?? null }));
  return c;
}

export type ClosingRank = { closingRank: number; allotments: number; setAside: number | null };

/** The seat's closing rank from the AIRs allotted to it (any order). */
export function robustClosingRank(ranks: number[]): ClosingRank {
  return closingFromTop(topTwo(ranks), ranks.length);
}

/** The highest two of some AIRs, highest first (what the robust rule needs of a seat's allotments). */
export function topTwo(ranks: number[]): number[] {
  let a = -Infinity;
  let b = -Infinity;
  for (const r of ranks) {
    if (r > a) [a, b] = [r, a];
    else if (r > b) b = r;
  }
  return [a, b].filter((x) => x !== -Infinity);
}

/** The robust closing rank from a seat's highest two AIRs and its number of allotments. */
export function closingFromTop(top: number[], allotments: number): ClosingRank {
  if (allotments >= NEET_PG.OUTLIER_MIN_ALLOTMENTS && top.length > 1 && top[0] > NEET_PG.OUTLIER_FACTOR * top[1]) {
    return { closingRank: top[1], allotments, setAside: top[0] };
  }
  return { closingRank: top[0], allotments, setAside: null };
}

/** One round of a seat as an AIR range: its lowest and highest AIR and how many it allotted. */
export type RoundRange = { round: number; min: number; max: number; count: number };

export type RangedClosing = { closingRank: number; allotments: number; flagged: boolean; otherEnd: number | null };

/**
 * A seat-year known only as AIR ranges: the closing rank is the highest AIR; flagged when it has at
 * least OUTLIER_MIN_ALLOTMENTS allotments and the highest AIR is more than OUTLIER_FACTOR times the
 * highest other AIR known (`otherEnd`).
 */
export function rangedClosing(rounds: RoundRange[]): RangedClosing {
  let top: RoundRange | null = null;
  for (const r of rounds) if (!top || r.max > top.max) top = r;
  if (!top) throw new Error('a seat-year with no round');
  const allotments = rounds.reduce((a, r) => a + r.count, 0);
  let otherEnd: number | null = top.count >= 2 ? top.min : null;
  for (const r of rounds) if (r !== top) otherEnd = Math.max(otherEnd ?? 0, r.max);
  const flagged = allotments >= NEET_PG.OUTLIER_MIN_ALLOTMENTS && otherEnd !== null && top.max > NEET_PG.OUTLIER_FACTOR * otherEnd;
  return { closingRank: top.max, allotments, flagged, otherEnd };
}

export function fewAllotments(allotments: number): boolean {
  return allotments <= NEET_PG.FEW_ALLOTMENTS;
}

/**
 * A seat's rows of one round (the importer's aggregates, data/neet-pg/seats.ts): from single
 * allotments (`topRanks`: the highest two AIRs) or, `ranged`, an AIR range.
 */
export type SeatRound = {
  year: number;
  round: number;
  instituteId: string;
  course: string;
  quota: string;
  category: string;
  openingRank: number;
  closingRank: number;
  allotments: number;
  topRanks: number[];
  ranged?: boolean;
};

export const neetPgSeatKey = (c: Pick<SeatRound, 'instituteId' | 'course' | 'quota' | 'category'>) => `${c.instituteId}|${c.course}|${c.quota}|${c.category}`;

/** A seat-year's closing rank from its rounds (any order), by the rule of its kind of data. */
export function seatYearOf(rows: SeatRound[]): SeatYear & { allotments: number; flagged: boolean } {
  const round = Math.max(...rows.map((r) => r.round));
  if (rows.some((r) => r.ranged)) {
    const c = rangedClosing(rows.map((r) => ({ round: r.round, min: r.openingRank, max: r.closingRank, count: r.allotments })));
    return { closingRank: c.closingRank, round, allotments: c.allotments, flagged: c.flagged };
  }
  let top: number[] = [];
  let allotments = 0;
  for (const r of rows) {
    top = topTwo([...top, ...r.topRanks]);
    allotments += r.allotments;
  }
  return { closingRank: closingFromTop(top, allotments).closingRank, round, allotments, flagged: false };
}

export function neetPgQuotaClass(quota: string): QuotaClass {
  const q = quota.trim().toUpperCase();
  return q === 'ALL INDIA' ? 'AI' : q === 'DNB QUOTA' ? 'DNB' : 'Other';
}

/** Each seat's closing rank per year, from rounds R1–R3 of the importer's aggregates. */
export function buildNeetPgHistories(rows: Iterable<SeatRound>): SeatHistory[] {
  const bySeat = new Map<string, { row: SeatRound; years: Map<number, SeatRound[]> }>();
  for (const r of rows) {
    if (r.round > NEET_PG.LAST_ROUND) continue;
    const key = neetPgSeatKey(r);
    let s = bySeat.get(key);
    if (!s) bySeat.set(key, (s = { row: r, years: new Map() }));
    const list = s.years.get(r.year) ?? [];
    list.push(r);
    s.years.set(r.year, list);
  }
  const out: SeatHistory[] = [];
  for (const [key, { row, years }] of bySeat) {
    const finals = new Map<number, SeatYear>();
    for (const [year, list] of [...years].sort((a, b) => a[0] - b[0])) {
      const y = seatYearOf(list);
      finals.set(year, { closingRank: y.closingRank, round: NEET_PG.LAST_ROUND, allotments: y.allotments, ...(y.flagged ? { flagged: true } : {}) });
    }
    out.push({ key, category: categoryClassOf(row.category), quota: neetPgQuotaClass(row.quota), pool: 'Gender-Neutral', finals });
  }
  return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The wider band: few allotments in the reference year, a flagged closing rank, or new in it. */
export const neetPgWide: WideRule = (seat, referenceYear, firstYear) => {
  const ref = seat.finals.get(referenceYear);
  return fewAllotments(ref?.allotments ?? 0) || ref?.flagged === true || isFresh(seat, referenceYear, firstYear);
};

const instituteOfKey = (key: string) => key.split('|')[0];

/**
 * The two folds: the institute ids of every seat (sorted by UTF-16 code units, as JavaScript's
 * default sort), alternating: position 0, 2, 4, … is fold 0, position 1, 3, … fold 1
 * (docs/decisions/0014 lists them).
 */
export function foldOfInstitutes(histories: SeatHistory[]): Map<string, number> {
  const institutes = [...new Set(histories.map((h) => instituteOfKey(h.key)))].sort();
  return new Map(institutes.map((k, i) => [k, i % NEET_PG.FOLDS]));
}

export function foldsOf(histories: SeatHistory[]): Map<string, number> {
  const fold = foldOfInstitutes(histories);
  return new Map(histories.map((h) => [h.key, fold.get(instituteOfKey(h.key))!]));
}

/**
 * Each backtest has its groups' band tables (`groups`, published as `calibrationGroups`): the DNB
 * quota and the other quotas, each calibrated with its own table.
 */
export type NeetPgBacktests = {
  /** Two folds of institutes, 2023 → 2024 (no calibration table). */
  twoFold: BacktestResult;
  /** Forward: 2024 → 2025, the model fitted on the moves up to 2024, each group's calibration table from the two-fold points. */
  forward: BacktestResult | null;
  /** Each group's raw-chance bins over both backtests: the calibration tables of the product's model. */
  bins: Record<NeetPgGroup, CalibrationBin[]>;
};

/** A group's row of a backtest: its points and Brier scores over the backtest's years, its own calibration table. */
function groupRow(group: NeetPgGroup, r: BacktestResult): CalibrationGroup {
  const t = r.total;
  return {
    id: group,
    label: NEET_PG_GROUP_LABELS[group],
    seats: t.seats,
    points: t.points,
    brier: t.brier,
    baselineBrier: t.baselineBrier,
    bands: t.bands,
    own: true,
  };
}

const withGroups = (whole: BacktestResult, byGroup: Record<NeetPgGroup, BacktestResult>): BacktestResult => ({
  ...whole,
  groups: NEET_PG_GROUPS.map((g) => groupRow(g, byGroup[g])),
});

function addBins(into: CalibrationBin[], from: CalibrationBin[]) {
  from.forEach((b, i) => {
    into[i].n += b.n;
    into[i].p += b.p;
    into[i].o += b.o;
  });
}

/** Scores the seats of each group with that group's calibration; one sink per group. */
function scoreByGroup(
  histories: SeatHistory[],
  model: ChanceModel,
  calibrations: Record<NeetPgGroup, Calibration | null>,
  sinks: Record<NeetPgGroup, Sink>,
  onPoint?: (p: ScoredPoint) => void,
) {
  return NEET_PG_GROUPS.map((g) =>
    scoreYear(
      histories.filter((h) => neetPgGroupOf(h.quota) === g),
      model,
      calibrations[g],
      sinks[g],
      onPoint,
    ),
  );
}

const mergedSink = (sinks: Sink[]): Sink => {
  const out = newSink();
  for (const s of sinks) {
    for (const [band, a] of s.band) {
      const t = out.band.get(band)!;
      t.n += a.n;
      t.p += a.p;
      t.o += a.o;
    }
    addBins(out.bins, s.bins);
    addBins(out.raw, s.raw);
  }
  return out;
};

/**
 * NEET PG's backtests (docs/decisions/0014):
 * - two-fold: the data's first year pair (2023 → 2024) cannot hold out a later year, so each fold
 *   of institutes is predicted by a model fitted on the other fold's moves (no calibration table);
 * - forward, when the data reaches 2025: 2025 predicted by the model fitted on every move up to
 *   2024, each group calibrated with its two-fold points. It shows the year-to-year swing that the
 *   two-fold design, inside one year pair, cannot.
 */
export function runNeetPgBacktests(histories: SeatHistory[], onPoint?: (p: ScoredPoint) => void): NeetPgBacktests {
  const folds = foldsOf(histories);
  const none = { DNB: null, other: null };
  const twoSinks = { DNB: newSink(), other: newSink() };
  const twoRows: ReturnType<typeof scoreByGroup> = [];
  for (let f = 0; f < NEET_PG.FOLDS; f++) {
    const train = histories.filter((h) => folds.get(h.key) !== f);
    const test = histories.filter((h) => folds.get(h.key) === f);
    const model = fitModel(train, NEET_PG.BACKTEST_YEAR, neetPgWide, NEET_PG.BACKTEST_YEAR);
    twoRows.push(...scoreByGroup(test, model, none, twoSinks, onPoint));
  }
  const twoFold = summarise('neet-pg', [mergeYearRows(twoRows)], mergedSink([twoSinks.DNB, twoSinks.other]));
  const perGroup = (sinks: Record<NeetPgGroup, Sink>, rows: ReturnType<typeof scoreByGroup>) =>
    Object.fromEntries(NEET_PG_GROUPS.map((g, i) => [g, summarise('neet-pg', [rows[i]], sinks[g])])) as Record<NeetPgGroup, BacktestResult>;
  // The two-fold rows come per fold and group: regroup them.
  const twoByGroup = Object.fromEntries(
    NEET_PG_GROUPS.map((g, i) => [g, summarise('neet-pg', [mergeYearRows(twoRows.filter((_, k) => k % NEET_PG_GROUPS.length === i))], twoSinks[g])]),
  ) as Record<NeetPgGroup, BacktestResult>;

  const forwardYear = NEET_PG.BACKTEST_YEAR + 1;
  const reaches = histories.some((h) => h.finals.has(forwardYear) && h.finals.has(forwardYear - 1));
  let forward: BacktestResult | null = null;
  let forwardByGroup: Record<NeetPgGroup, BacktestResult> | null = null;
  const fwdSinks = { DNB: newSink(), other: newSink() };
  if (reaches) {
    const model = fitModel(histories, forwardYear, neetPgWide);
    const calibrations = { DNB: calibrationOf(twoSinks.DNB.raw), other: calibrationOf(twoSinks.other.raw) };
    const rows = scoreByGroup(histories, model, calibrations, fwdSinks, onPoint);
    forward = summarise('neet-pg', [mergeYearRows(rows)], mergedSink([fwdSinks.DNB, fwdSinks.other]));
    forwardByGroup = perGroup(fwdSinks, rows);
  }
  const bins = { DNB: newSink().raw, other: newSink().raw };
  for (const g of NEET_PG_GROUPS) {
    addBins(bins[g], twoSinks[g].raw);
    if (reaches) addBins(bins[g], fwdSinks[g].raw);
  }
  return {
    twoFold: withGroups(twoFold, twoByGroup),
    forward: forward && forwardByGroup ? withGroups(forward, forwardByGroup) : null,
    bins,
  };
}

/** What /methodology publishes of NEET PG's backtests (stored with the model): the two-fold one, and the forward one beside it. */
export type NeetPgPublished = Backtest & { forward: Backtest | null };

export function publishedNeetPg(b: NeetPgBacktests): NeetPgPublished {
  return { ...publishedBacktest(b.twoFold), forward: b.forward ? publishedBacktest(b.forward) : null };
}

/**
 * The stored NEET PG backtests as /methodology publishes them. An import before the groups moved
 * into each backtest stored them apart, as `groups: [{ group, twoFold, forward }]`: those are read
 * into each backtest's `calibrationGroups`.
 */
export function storedNeetPg(stored: unknown): { backtest: unknown; forward: unknown } {
  const s = stored as (Backtest & { forward?: Backtest | null; groups?: OlderGroup[] }) | null;
  if (!s) return { backtest: null, forward: null };
  const { forward = null, groups, ...backtest } = s;
  if (!groups || backtest.calibrationGroups) return { backtest, forward };
  const rows = (which: 'twoFold' | 'forward') =>
    groups.flatMap((g) => {
      const t = g[which];
      return t ? [{ id: g.group, label: NEET_PG_GROUP_LABELS[g.group], ...t, own: true }] : [];
    });
  return { backtest: { ...backtest, calibrationGroups: rows('twoFold') }, forward: forward && { ...forward, calibrationGroups: rows('forward') } };
}

type OlderBands = Omit<CalibrationGroup, 'id' | 'label' | 'own' | 'adjustment'>;
type OlderGroup = { group: NeetPgGroup; twoFold: OlderBands; forward: OlderBands | null };
