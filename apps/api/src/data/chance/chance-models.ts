import { existsSync } from 'node:fs';
import { REACH_MIN_PERCENT, type Backtest } from '@rankwise/contract/chance';
import { adjustmentsOf, publishedBacktest, runBacktest, type BacktestResult, type ScoredPoint } from './backtest.ts';
import { chanceGroupOf, JOSAA_BACKTEST_YEARS, JOSAA_CHANCE_GROUPS } from './definitions.ts';
import { readJosaaRoundRows, type AddedFile } from './josaa-files.ts';
import { fitStepModel, runStepBacktest } from './round-step.ts';
import { josaaFinalRound } from '../lib/reference-label.ts';
import { calibrationOf, fitModel, type ChanceModel } from './model.ts';
import {
  buildNeetPgHistories,
  NEET_PG_GROUPS,
  neetPgGroupOf,
  neetPgWide,
  publishedNeetPg,
  runNeetPgBacktests,
  type NeetPgGroup,
  type SeatRound,
} from './neet-pg.ts';
import { buildSeatHistories, type RoundRow, type SeatFeatures, type SeatHistory } from './seat-history.ts';
import { type Calibration, type ChanceCurve, type GroupAdjustment, NO_ADJUSTMENT, zForChance } from '../../lib/chance.ts';

/** Bump when the model's output changes for the same inputs (it is part of the importers' input hashes). */
export const CHANCE_MODEL_VERSION = '4';

export type StreamModel = {
  stream: 'josaa' | 'neet-pg' | 'csab';
  /** The fitted model for the year after the reference year. */
  model: ChanceModel;
  curve: ChanceCurve;
  /** The largest z with a chance of at least 15% (Reach seats are listed up to it). */
  zReach: number;
  backtest: Backtest;
  /**
   * NEET PG: each group's calibration table (docs/decisions/0014: the DNB quota on its own) and its
   * Reach limit; `curve` is the 'other' group's.
   */
  groups?: Record<NeetPgGroup, { calibration: Calibration | null; zReach: number }>;
  /** JoSAA: each seat group's adjustment of z (definitions.ts JOSAA_CHANCE_GROUPS; lib/chance.ts GroupAdjustment). */
  adjustments?: Map<string, GroupAdjustment>;
  summary: {
    stream: 'josaa' | 'neet-pg' | 'csab';
    predictYear: number;
    referenceYear: number;
    moves: number;
    wideMoves: number;
    wideFactor: number;
    groups: number;
    /** The reference year's last published round when it is not its final one (the step model, round-step.ts). */
    referenceRound?: number;
    stepMoves?: number;
  };
  /** JoSAA with a reference year short of its final round: the step model's backtest (round-step.ts). */
  step?: { round: number; backtest: Backtest; asFinal: Backtest };
};

/** JoSAA's models: the one its seats use, and what CSAB's model is made from (csab.ts). */
export type JosaaModels = {
  josaa: StreamModel;
  /** The histories by published seat (finals of complete years only) and the final model's backtest. */
  histories: SeatHistory[];
  finalBacktest: ReturnType<typeof runBacktest>;
  /** Years whose final round is not in the data (2026). */
  incompleteYears: Set<number>;
  /** The final model predicting a year (fitted once). */
  finalModel(year: number): ChanceModel;
};

function latestYear(histories: SeatHistory[]): number {
  let last = 0;
  for (const h of histories) for (const y of h.finals.keys()) last = Math.max(last, y);
  return last;
}

export function streamModel(stream: StreamModel['stream'], model: ChanceModel, backtest: BacktestResult, calibrated: boolean): StreamModel {
  const curve: ChanceCurve = { table: model.table, calibration: calibrated ? calibrationOf(backtest.calibrationBins) : null };
  return {
    stream,
    model,
    curve,
    zReach: zForChance(curve, REACH_MIN_PERCENT / 100),
    backtest: publishedBacktest(backtest),
    summary: {
      stream,
      predictYear: model.predictYear,
      referenceYear: model.predictYear - 1,
      moves: model.moves,
      wideMoves: model.freshMoves,
      wideFactor: model.fresh,
      groups: model.groups.size,
    },
  };
}

/**
 * JoSAA: backtest every year from 2018 to the latest complete one, then the model for the year
 * after the reference year (the latest, or `referenceYear`), with the calibration table and group
 * adjustments of all backtest years. When the reference year's last published round is not its
 * final round (2026: round 5 of 6), that year has no final closing ranks: the product's model is
 * the round-to-final step model (round-step.ts), calibrated and adjusted by its own backtest, and
 * both backtests are published (docs/decisions/0022).
 */
export function josaaModels(rows: RoundRow[], referenceYear?: number, onPoint?: (p: ScoredPoint) => void): JosaaModels {
  const lastRound = new Map<number, number>();
  for (const r of rows) lastRound.set(r.year, Math.max(lastRound.get(r.year) ?? 0, r.round));
  const incomplete = new Set([...lastRound].filter(([y, last]) => last < josaaFinalRound(y)).map(([y]) => y));
  const ref = referenceYear ?? Math.max(...lastRound.keys());
  const stepRound = incomplete.has(ref) ? lastRound.get(ref) : undefined;
  const histories = buildSeatHistories(rows, { incompleteYears: incomplete, partialRound: stepRound });
  const lastComplete = Math.min(latestYear(histories), ref);
  const years: number[] = [];
  for (let y = JOSAA_BACKTEST_YEARS.first; y <= lastComplete; y++) years.push(y);
  const finalBacktest = runBacktest(histories, years, onPoint);
  // The final model of each year, fitted once (the backtest's, the step's base, CSAB's).
  const finalModel = (year: number) => {
    let m = finalBacktest.models.get(year);
    if (!m) finalBacktest.models.set(year, (m = fitModel(histories, year)));
    return m;
  };
  const base = { histories, finalBacktest, incompleteYears: incomplete, finalModel };
  if (stepRound === undefined)
    return { josaa: { ...streamModel('josaa', finalModel(ref + 1), finalBacktest, true), adjustments: adjustmentsOf(finalBacktest) }, ...base };
  // The step model's base needs final moves into the year before the reference: its backtest starts a year later.
  const { step: stepBacktest, asFinal } = runStepBacktest(
    histories,
    years.filter((y) => y > JOSAA_BACKTEST_YEARS.first),
    stepRound,
    josaaFinalRound,
    (y) => finalBacktest.calibrationBefore.get(y) ?? calibrationOf(finalBacktest.calibrationBins),
    finalModel,
  );
  const model = fitStepModel(histories, ref + 1, stepRound, josaaFinalRound, finalModel);
  const josaa: StreamModel = { ...streamModel('josaa', model, stepBacktest, true), adjustments: adjustmentsOf(stepBacktest) };
  josaa.backtest = publishedBacktest(finalBacktest);
  josaa.step = { round: stepRound, backtest: publishedBacktest(stepBacktest), asFinal: publishedBacktest(asFinal) };
  josaa.summary.referenceRound = stepRound;
  josaa.summary.stepMoves = model.step.moves;
  return { josaa, ...base };
}

/**
 * JoSAA: backtest every year from 2018 to the latest, then the model for the year after the latest,
 * with the calibration table of all backtest years.
 */
export function josaaModel(histories: SeatHistory[], referenceYear?: number): StreamModel {
  const last = referenceYear ?? latestYear(histories);
  const years: number[] = [];
  for (let y = JOSAA_BACKTEST_YEARS.first; y <= last; y++) years.push(y);
  const backtest = runBacktest(histories, years);
  return { ...streamModel('josaa', fitModel(histories, last + 1), backtest, true), adjustments: adjustmentsOf(backtest) };
}

/**
 * NEET PG: the two-fold and forward backtests, then the model for the year after the reference
 * year, each group (DNB quota, other quotas) with the calibration table of its backtest points.
 */
export function neetPgModel(histories: SeatHistory[], referenceYear?: number): StreamModel {
  const last = referenceYear ?? latestYear(histories);
  // The backtests use only years up to the reference year.
  const known = last < latestYear(histories) ? histories.map((h) => ({ ...h, finals: new Map([...h.finals].filter(([y]) => y <= last)) })) : histories;
  const backtests = runNeetPgBacktests(known);
  const model = fitModel(known, last + 1, neetPgWide);
  const groups = Object.fromEntries(
    NEET_PG_GROUPS.map((g) => {
      const calibration = calibrationOf(backtests.bins[g]);
      return [g, { calibration, zReach: zForChance({ table: model.table, calibration }, REACH_MIN_PERCENT / 100) }];
    }),
  ) as Record<NeetPgGroup, { calibration: Calibration | null; zReach: number }>;
  const curve: ChanceCurve = { table: model.table, calibration: groups.other.calibration };
  return {
    ...streamModel('neet-pg', model, backtests.twoFold, false),
    curve,
    zReach: groups.other.zReach,
    backtest: publishedNeetPg(backtests),
    groups,
  };
}

/** The adjustment of a JoSAA seat's z for its group (none for NEET PG, whose groups have their own tables). */
export function adjustmentFor(m: StreamModel, features: SeatFeatures, closingRank: number): GroupAdjustment {
  return m.adjustments?.get(chanceGroupOf(JOSAA_CHANCE_GROUPS, features, closingRank)) ?? NO_ADJUSTMENT;
}

/** The largest z with a chance of at least 15% for a seat of these features (its group's, for NEET PG). */
export function zReachFor(m: StreamModel, features: SeatFeatures): number {
  return m.groups ? m.groups[neetPgGroupOf(features.quota)].zReach : m.zReach;
}

const cache = new Map<string, Promise<StreamModel | null>>();

function cached(key: string, make: () => Promise<StreamModel | null>): Promise<StreamModel | null> {
  let p = cache.get(key);
  if (!p) {
    p = make();
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}

const josaaCache = new Map<string, Promise<JosaaModels | null>>();

/** The JoSAA models from the raw files under `dataDir` and the added JoSAA rounds, computed once per process. */
export function josaaChanceModels(dataDir: string, referenceYear?: number, added: AddedFile[] = []): Promise<JosaaModels | null> {
  const key = `josaa|${dataDir}|${referenceYear ?? ''}|${added.map((a) => `${a.file}:${a.year}:${a.round}`).join(',')}`;
  let p = josaaCache.get(key);
  if (!p) {
    p = (async () => (existsSync(`${dataDir}/josaa/orcr`) ? josaaModels(await readJosaaRoundRows(dataDir, added), referenceYear) : null))();
    josaaCache.set(key, p);
    p.catch(() => josaaCache.delete(key));
  }
  return p;
}

/**
 * The NEET PG model from the importer's per-round seat aggregates (data/neet-pg), computed once per
 * process for the same inputs (`addedKey`: the MCC rounds an operator added, data/lib/added-rounds.ts).
 */
export function neetPgChanceModel(dataDir: string, referenceYear: number | undefined, rounds: SeatRound[], addedKey = ''): Promise<StreamModel | null> {
  return cached(`neet-pg|${dataDir}|${referenceYear ?? ''}|${addedKey}`, async () =>
    rounds.length ? neetPgModel(buildNeetPgHistories(rounds), referenceYear) : null,
  );
}
