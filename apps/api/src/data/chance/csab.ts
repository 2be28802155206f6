import { REACH_MIN_PERCENT } from '@rankwise/contract/chance';
import { adjustmentsOf, newGroupSink, newSink, publishedBacktest, scoreYear, summarise } from './backtest.ts';
import type { JosaaModels, StreamModel } from './chance-models.ts';
import { JOSAA_CHANCE_GROUPS } from './definitions.ts';
import { calibrationOf, paramsFor, type ChanceModel } from './model.ts';
import { canonicalHistories, canonicalSeatKey, type EngineeringCutoff } from './seat-chances.ts';
import { categoryClassOf, poolOf, quotaClassOf, type SeatHistory, type SeatYear } from './seat-history.ts';
import { type ChanceCurve, zForChance } from '../../lib/chance.ts';

/*
 * CSAB's chances and their backtest (docs/decisions/0014, CSAB; 0023). CSAB publishes every seat
 * type's ranks on the common rank list (CRL), in 2024 as in 2025, so its years are on one scale.
 *
 * - A CSAB seat-year: institute (canonical) × program × quota × seat type × pool, judged on its last
 *   CSAB round of the year; a preparatory or zero closing rank, an IIT seat or a DASA seat (not
 *   imported) is left out.
 * - Model: the JoSAA model for the year after the CSAB year (its move table, group spreads, new-
 *   seat factor and seat-group adjustments; an OPEN seat's volatility from its JoSAA history, any
 *   other seat's from its CSAB years, decision 0021) with the JoSAA calibration table, C being the
 *   CSAB closing rank.
 * - Backtest, for each CSAB year Y with a CSAB year before it: every seat with a closing rank in
 *   both, the JoSAA model fitted for Y (moves into years before Y) and the JoSAA calibration table
 *   of the backtest years before Y; the rank points, outcomes, baseline and bands of the JoSAA backtest.
 */

/** Each CSAB seat's closing rank per CSAB year (its last round), keyed as the product's seats. */
export function csabHistories(cutoffs: EngineeringCutoff[], nitPlus: (instituteId: string) => boolean): SeatHistory[] {
  const last = new Map<string, Map<number, EngineeringCutoff>>();
  for (const c of cutoffs) {
    if (c.counselling !== 'CSAB' || !nitPlus(c.instituteId)) continue;
    const key = canonicalSeatKey(c);
    let years = last.get(key);
    if (!years) last.set(key, (years = new Map()));
    const cur = years.get(c.year);
    if (!cur || c.round > cur.round) years.set(c.year, c);
  }
  const out: SeatHistory[] = [];
  for (const [key, years] of last) {
    const finals = new Map<number, SeatYear>();
    let any: EngineeringCutoff | undefined;
    for (const [year, c] of [...years].sort((a, b) => a[0] - b[0])) {
      any = c;
      if (c.openingPreparatory || c.closingPreparatory || c.closingRank < 1) continue;
      finals.set(year, { closingRank: c.closingRank, round: c.round });
    }
    if (finals.size && any) out.push({ key, category: categoryClassOf(any.seatType), quota: quotaClassOf(any.quota), pool: poolOf(any.gender), finals });
  }
  return out;
}

/** The CSAB stream: the model CSAB seats of `csabYear` use, and the backtest of every CSAB year with one before it. */
export function csabModel(
  josaa: JosaaModels,
  cutoffs: EngineeringCutoff[],
  nitPlus: (instituteId: string) => boolean,
  csabYear: number,
  incompleteYears?: ReadonlySet<number>,
  /** canonicalHistories(cutoffs, incompleteYears), when the caller has them already. */
  josaaHistories?: Map<string, SeatHistory>,
): StreamModel {
  const seats = csabHistories(cutoffs, nitPlus);
  const josaaByKey = josaaHistories ?? canonicalHistories(cutoffs, incompleteYears);
  const years = [...new Set(seats.flatMap((s) => [...s.finals.keys()]))].sort((a, b) => a - b).filter((y, i, all) => i > 0 && all[i - 1] === y - 1);
  const sink = newSink();
  const paramsOf = (model: ChanceModel, seat: SeatHistory) => {
    const ref = seat.finals.get(model.predictYear - 1);
    if (!ref) return null;
    // As the product (seat-chances.ts): an OPEN seat's own moves are its JoSAA years, any other seat's its CSAB years.
    const open = seat.key.split('\u0001')[3] === 'OPEN';
    return paramsFor(model, open ? josaaByKey.get(seat.key) : seat, seat, ref.closingRank);
  };
  const allBins = calibrationOf(josaa.finalBacktest.calibrationBins);
  // The JoSAA seat groups' adjustments (decision 0014) apply to CSAB seats as to JoSAA's: those fitted before Y.
  const finalAdjustments = adjustmentsOf(josaa.finalBacktest);
  const rows = years.map((y) => {
    const calibration = josaa.finalBacktest.calibrationBefore.has(y) ? josaa.finalBacktest.calibrationBefore.get(y)! : allBins;
    const adjustments = josaa.finalBacktest.adjustmentsBefore.get(y) ?? finalAdjustments;
    return scoreYear(
      seats,
      josaa.finalModel(y),
      calibration,
      sink,
      undefined,
      { defs: JOSAA_CHANCE_GROUPS, adjustments, sink: newGroupSink(JOSAA_CHANCE_GROUPS) },
      paramsOf,
    );
  });
  const backtest = summarise('josaa', rows, sink);
  const model = josaa.finalModel(csabYear + 1);
  const curve: ChanceCurve = { table: model.table, calibration: allBins };
  return {
    stream: 'csab',
    model,
    curve,
    adjustments: finalAdjustments,
    zReach: zForChance(curve, REACH_MIN_PERCENT / 100),
    backtest: publishedBacktest(backtest),
    summary: {
      stream: 'csab',
      predictYear: csabYear + 1,
      referenceYear: csabYear,
      moves: model.moves,
      wideMoves: model.freshMoves,
      wideFactor: model.fresh,
      groups: model.groups.size,
    },
  };
}
