import type { ChanceFields } from '@rankwise/contract/chance';
import { bandOf, percentOf } from '../data/chance/definitions.ts';
import { adjustZ, chanceAt, NO_ADJUSTMENT, zOf, type ChanceCurve, type GroupAdjustment } from '../data/chance/model.ts';
import { clearedInRound, type SeatChanceCard } from '../data/chance/seat-chances.ts';

/**
 * A listed seat's stored chance columns (docs/decisions/0014); `adjustment`: its group's change of
 * z (JoSAA groups; none when absent).
 */
export type SeatChanceColumns = { closingRank: number; chanceScale: number; wideBand: boolean; card: SeatChanceCard; adjustment?: GroupAdjustment };

/** The unrounded chance for this rank. */
function chanceFor(curve: ChanceCurve, closingRank: number, chanceScale: number, adjustment: GroupAdjustment, rank: number): number {
  return chanceAt(curve, adjustZ(zOf(closingRank, chanceScale, rank), adjustment));
}

/** A chance in thousandths as a result shows it: the number as JSON writes it. */
const SHOWN = Array.from({ length: 1001 }, (_, k) => String(k / 1000));

/**
 * The chance fields of one result for the rank it was matched on. `chance` is shown to three
 * decimals; `percent` and `band` come from the unrounded chance (rounded once: 0.84451 is 84%,
 * 'Likely', though its three decimals read 0.845).
 */
export function toChanceFields(curve: ChanceCurve, seat: SeatChanceColumns, rank: number): ChanceFields {
  const exact = chanceFor(curve, seat.closingRank, seat.chanceScale, seat.adjustment ?? NO_ADJUSTMENT, rank);
  const chance = Math.round(exact * 1000) / 1000;
  const round = clearedInRound(seat.card.rounds, rank);
  return {
    chance,
    percent: percentOf(exact),
    band: bandOf(exact),
    reach: seat.closingRank < rank,
    why: seat.card.why,
    clearedInRound: round === null ? null : `round ${round}`,
    trend: seat.card.trend,
    wideBand: seat.wideBand,
    fewAllotments: seat.card.fewAllotments,
  };
}

/** Chance fields of no seat, where only the other fields of a result are wanted (its serialized head). */
export const ANY_CHANCE: ChanceFields = {
  chance: 0,
  percent: 0,
  band: 'Unlikely',
  reach: false,
  why: '',
  clearedInRound: null,
  trend: [],
  wideBand: false,
  fewAllotments: false,
};

/**
 * What the chance fields of one seat need, kept once per seat: the columns the chance is computed
 * from, the reference year's rounds as (round, closing rank) pairs in a typed array (read for every
 * result of every answer: objects parsed from JSON, scattered in memory, cost more to reach than
 * the computation), and the fields that are the same for every rank serialized with the keys around
 * them: `,"why":…,"clearedInRound":` and `,"trend":[…],"wideBand":…,"fewAllotments":…` (joined, so
 * each is one flat string, copied quickly into every answer).
 */
export type SeatChanceJson = { closingRank: number; chanceScale: number; adjustment: GroupAdjustment; rounds: Int32Array; why: string; tail: string };

export function seatChanceJson(seat: SeatChanceColumns): SeatChanceJson {
  return {
    closingRank: seat.closingRank,
    chanceScale: seat.chanceScale,
    adjustment: seat.adjustment ?? NO_ADJUSTMENT,
    rounds: Int32Array.from(seat.card.rounds.flatMap((r) => [r.round, r.closingRank])),
    why: [',"why":', JSON.stringify(seat.card.why), ',"clearedInRound":'].join(''),
    tail: [',"trend":', JSON.stringify(seat.card.trend), ',"wideBand":', seat.wideBand, ',"fewAllotments":', seat.card.fewAllotments].join(''),
  };
}

/**
 * The chance fields of one result as JSON.stringify(toChanceFields(…)) writes them inside it
 * (`"chance":…,"fewAllotments":…`), from the seat's kept parts (seatChanceJson).
 */
export function chanceFieldsJson(curve: ChanceCurve, seat: SeatChanceJson, rank: number): string {
  const exact = chanceFor(curve, seat.closingRank, seat.chanceScale, seat.adjustment, rank);
  const thousandths = Math.round(exact * 1000);
  // clearedInRound (data/chance/seat-chances.ts): the first round whose closing rank the rank is within.
  let cleared = 'null';
  for (let k = 0; k < seat.rounds.length; k += 2) {
    if (rank <= seat.rounds[k + 1]) {
      cleared = `"round ${seat.rounds[k]}"`;
      break;
    }
  }
  return `"chance":${SHOWN[thousandths] ?? String(thousandths / 1000)},"percent":${percentOf(exact)},"band":"${bandOf(exact)}","reach":${seat.closingRank < rank}${seat.why}${cleared}${seat.tail}`;
}

const CURVE_TTL_MS = 60_000;
const curves = new WeakMap<object, Map<string, { curve: ChanceCurve; at: number }>>();

/**
 * A stream's curve as its repository reads it from `chance_models`, kept a minute per repository
 * and scheme (it changes only with a new import), so a request adds no query for it. CSAB seats
 * have their own curve (data/chance/csab.ts).
 */
export async function curveFor<S extends string>(repo: { findChanceCurve(scheme?: S): Promise<ChanceCurve | null> }, scheme?: S): Promise<ChanceCurve> {
  let byScheme = curves.get(repo);
  if (!byScheme) curves.set(repo, (byScheme = new Map()));
  const hit = byScheme.get(scheme ?? '');
  if (hit && performance.now() - hit.at < CURVE_TTL_MS) return hit.curve;
  const curve = await repo.findChanceCurve(scheme);
  if (!curve) throw new Error('the chance model has not been imported yet (npm run data:import)');
  byScheme.set(scheme ?? '', { curve, at: performance.now() });
  return curve;
}

/** The stored curve row as both predictor repositories read it. */
export function curveOfRow(row: { move_table: number[]; calibration: ChanceCurve['calibration'] } | undefined): ChanceCurve | null {
  return row ? { table: row.move_table, calibration: row.calibration } : null;
}
