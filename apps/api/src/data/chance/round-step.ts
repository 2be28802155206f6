import { newSink, runBacktest, scoreYear, summarise, type BacktestResult } from './backtest.ts';
import { fitModel, isFresh, MODEL, ownMoves, pooledVolatility, quantiles, spreadOf, type ChanceModel, type SeatParams } from './model.ts';
import type { SeatHistory } from './seat-history.ts';
import type { Calibration } from '../../lib/chance.ts';

/*
 * The round-R-to-final step (issue 22 item 1; docs/decisions/0022). When the reference year's last
 * published round R is not its final round (JoSAA 2026: round 5 of 6), its closing ranks are not
 * final ones: from round 5 to round 6 the median seat does not move, but a fifth to a quarter of
 * seats loosen by more than 5%. The step model predicts next year's FINAL closing rank from a
 * round-R closing rank, learning from the years that have both (round R and a later final round):
 *
 * - Group spreads s, seat volatility k and the new-seat factor are the final model's (model.ts),
 *   fitted on final-to-final moves into years before the reference year.
 * - Its move table is made of the step moves d = ln(final of Y / round-R closing rank of Y − 1),
 *   for every Y − 1 whose final round is after R and Y before the reference year, standardised by s (at the round-R rank) × k (the
 *   seat's moves into years before Y − 1). So the table carries both the within-year step and the
 *   year-to-year move.
 * - Its calibration table comes from its own backtest (runStepBacktest), as the final model's does.
 */

/** The seats' histories must carry `partial` for the round (buildSeatHistories' partialRound). */
export type StepModel = ChanceModel & { step: { round: number; moves: number }; base: ChanceModel };

/** The parameters of a seat judged on its round-R closing rank of `model.predictYear − 1`. */
export function stepParams(model: ChanceModel, seat: SeatHistory, closingRank: number): SeatParams {
  const ref = model.predictYear - 1;
  const s = spreadOf(model.groups, seat, closingRank);
  const fresh = model.wide(seat, ref, model.firstYear);
  const k = fresh ? model.fresh : pooledVolatility(ownMoves(model.groups, seat, ref));
  return { closingRank, s, k, scale: s * k, fresh };
}

/**
 * Fits the model predicting `predictYear`'s final closing ranks from round `round` of the year
 * before; `finalRound(y)` is year y's final round.
 */
export function fitStepModel(
  histories: SeatHistory[],
  predictYear: number,
  round: number,
  finalRound: (year: number) => number,
  finalModel?: (year: number) => ChanceModel,
): StepModel {
  // Final-to-final moves into years up to the one before the reference year: the final model of the
  // reference year (the same moves), predicting the year after.
  const base = finalModel ? { ...finalModel(predictYear - 1), predictYear } : fitModel(histories, predictYear, isFresh, predictYear - 2);
  const us: number[] = [];
  for (const seat of histories) {
    if (!seat.partial) continue;
    for (const [from, start] of seat.partial) {
      const to = from + 1;
      // The reference year's own final is unknown (in the backtest, not yet known).
      if (to > predictYear - 2 || finalRound(from) <= round) continue;
      const end = seat.finals.get(to);
      if (!end) continue;
      const p = stepParams({ ...base, predictYear: to }, seat, start.closingRank);
      const u = Math.log(end.closingRank / start.closingRank) / p.scale;
      // A new seat's k is the new-seat factor: its move joins in established units, as in the final model.
      us.push(u);
    }
  }
  if (us.length < 50) throw new Error(`too few round-${round}-to-final moves before ${predictYear} to learn from (${us.length})`);
  return { ...base, table: quantiles(us, MODEL.QUANTILES), step: { round, moves: us.length }, base };
}

/**
 * The step model's backtest: for each year Y, a seat's reference is its round-R closing rank of
 * Y − 1 (its last round up to R), the outcome its final closing rank of Y; the model and its
 * calibration table come from the years before, as in runBacktest. `asFinal` scores the same points
 * the way the product would without the step: the final model (moves into years before Y − 1) and
 * the final backtest's calibration table (`finalCalibration(Y − 1)`), treating round R as final.
 */
export function runStepBacktest(
  histories: SeatHistory[],
  years: number[],
  round: number,
  finalRound: (year: number) => number,
  finalCalibration: (year: number) => Calibration | null,
  finalModel?: (year: number) => ChanceModel,
): { step: ReturnType<typeof runBacktest>; asFinal: BacktestResult } {
  const paramsOf = (model: ChanceModel, seat: SeatHistory) => {
    const ref = seat.partial?.get(model.predictYear - 1);
    return ref ? stepParams(model, seat, ref.closingRank) : null;
  };
  // The step model's backtest, its calibration table and seat groups as the final model's (backtest.ts).
  const step = runBacktest(histories, years, undefined, undefined, { fit: (y) => fitStepModel(histories, y, round, finalRound, finalModel), paramsOf });
  // The same points with round R taken as final: the final model and its calibration table, no step.
  const naive = newSink();
  const rows = years.map((y) => {
    const base = (step.models.get(y) as StepModel).base;
    return scoreYear(histories, base, finalCalibration(y - 1), naive, undefined, undefined, paramsOf);
  });
  return { step, asFinal: summarise('josaa', rows, naive) };
}
