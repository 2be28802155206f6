import { existsSync } from 'node:fs';
import type { Backtest } from '@rankwise/contract/chance';
import { runBacktest, type BacktestResult } from './backtest.ts';
import { JOSAA_BACKTEST_YEARS, REACH_MIN_PERCENT } from './definitions.ts';
import { readJosaaRoundRows } from './josaa-files.ts';
import { calibrationOf, fitModel, zForChance, type Calibration, type ChanceCurve, type ChanceModel } from './model.ts';
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
import { buildSeatHistories, type SeatFeatures, type SeatHistory } from './seat-history.ts';

/** Bump when the model's output changes for the same inputs (it is part of the importers' input hashes). */
export const CHANCE_MODEL_VERSION = '2';

export type StreamModel = {
  stream: 'josaa' | 'neet-pg';
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
  summary: { stream: 'josaa' | 'neet-pg'; predictYear: number; referenceYear: number; moves: number; wideMoves: number; wideFactor: number; groups: number };
};

const publicBacktest = (r: BacktestResult): Backtest => ({ stream: r.stream, years: r.years, total: r.total });

function latestYear(histories: SeatHistory[]): number {
  let last = 0;
  for (const h of histories) for (const y of h.finals.keys()) last = Math.max(last, y);
  return last;
}

function streamModel(stream: StreamModel['stream'], model: ChanceModel, backtest: BacktestResult, calibrated: boolean): StreamModel {
  const curve: ChanceCurve = { table: model.table, calibration: calibrated ? calibrationOf(backtest.calibrationBins) : null };
  return {
    stream,
    model,
    curve,
    zReach: zForChance(curve, REACH_MIN_PERCENT / 100),
    backtest: publicBacktest(backtest),
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
 * JoSAA: backtest every year from 2018 to the latest, then the model for the year after the latest,
 * with the calibration table of all backtest years.
 */
export function josaaModel(histories: SeatHistory[], referenceYear?: number): StreamModel {
  const last = referenceYear ?? latestYear(histories);
  const years: number[] = [];
  for (let y = JOSAA_BACKTEST_YEARS.first; y <= last; y++) years.push(y);
  const backtest = runBacktest(histories, years);
  return streamModel('josaa', fitModel(histories, last + 1), backtest, true);
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

/** The JoSAA model from the raw files under `dataDir`, computed once per process. */
export function josaaChanceModel(dataDir: string, referenceYear?: number): Promise<StreamModel | null> {
  return cached(`josaa|${dataDir}|${referenceYear ?? ''}`, async () =>
    existsSync(`${dataDir}/josaa/orcr`) ? josaaModel(buildSeatHistories(await readJosaaRoundRows(dataDir)), referenceYear) : null,
  );
}

/** The NEET PG model from the importer's per-round seat aggregates (data/neet-pg), computed once per process. */
export function neetPgChanceModel(dataDir: string, referenceYear: number | undefined, rounds: SeatRound[]): Promise<StreamModel | null> {
  return cached(`neet-pg|${dataDir}|${referenceYear ?? ''}`, async () => (rounds.length ? neetPgModel(buildNeetPgHistories(rounds), referenceYear) : null));
}
