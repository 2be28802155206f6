import type { ChanceFields } from '@rankwise/contract/chance';
import { bandOf, percentOf } from '../data/chance/definitions.ts';
import { chanceAt, zOf, type ChanceCurve } from '../data/chance/model.ts';
import { clearedInRound, type SeatChanceCard } from '../data/chance/seat-chances.ts';

/** A listed seat's stored chance columns (docs/decisions/0014). */
export type SeatChanceColumns = { closingRank: number; chanceScale: number; wideBand: boolean; card: SeatChanceCard };

/** What a result's chance fields take from the rank: the chance (three decimals) and the round it clears. */
function chanceFor(curve: ChanceCurve, seat: SeatChanceColumns, rank: number): { chance: number; round: number | null } {
  return {
    chance: Math.round(chanceAt(curve, zOf(seat.closingRank, seat.chanceScale, rank)) * 1000) / 1000,
    round: clearedInRound(seat.card.rounds, rank),
  };
}

/** The chance fields of one result for the rank it was matched on. */
export function toChanceFields(curve: ChanceCurve, seat: SeatChanceColumns, rank: number): ChanceFields {
  const { chance, round } = chanceFor(curve, seat, rank);
  return {
    chance,
    percent: percentOf(chance),
    band: bandOf(chance),
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
 * A seat's chance fields that are the same for every rank, serialized once, with the keys around
 * them: `,"why":…,"clearedInRound":` and `,"trend":[…],"wideBand":…,"fewAllotments":…` (the
 * schema's order). Joined rather than concatenated: one flat string each, copied quickly into every
 * answer (a concatenation is a tree of pieces, walked again each time).
 */
export function seatChanceJson(seat: SeatChanceColumns): { why: string; tail: string } {
  return {
    why: [',"why":', JSON.stringify(seat.card.why), ',"clearedInRound":'].join(''),
    tail: [',"trend":', JSON.stringify(seat.card.trend), ',"wideBand":', seat.wideBand, ',"fewAllotments":', seat.card.fewAllotments].join(''),
  };
}

/**
 * The chance fields of one result as JSON.stringify(toChanceFields(…)) writes them inside it
 * (`"chance":…,"fewAllotments":…`), the seat's fixed parts given serialized (seatChanceJson).
 */
export function chanceFieldsJson(curve: ChanceCurve, seat: SeatChanceColumns, rank: number, fixed: { why: string; tail: string }): string {
  const { chance, round } = chanceFor(curve, seat, rank);
  return `"chance":${chance},"percent":${percentOf(chance)},"band":"${bandOf(chance)}","reach":${seat.closingRank < rank}${fixed.why}${round === null ? 'null' : `"round ${round}"`}${fixed.tail}`;
}

const CURVE_TTL_MS = 60_000;
const curves = new WeakMap<object, { curve: ChanceCurve; at: number }>();

/**
 * A stream's curve as its repository reads it from `chance_models`, kept a minute per repository
 * (it changes only with a new import), so a request adds no query for it.
 */
export async function curveFor(repo: { findChanceCurve(): Promise<ChanceCurve | null> }): Promise<ChanceCurve> {
  const hit = curves.get(repo);
  if (hit && performance.now() - hit.at < CURVE_TTL_MS) return hit.curve;
  const curve = await repo.findChanceCurve();
  if (!curve) throw new Error('the chance model has not been imported yet (npm run data:import)');
  curves.set(repo, { curve, at: performance.now() });
  return curve;
}

/** The stored curve row as both predictor repositories read it. */
export function curveOfRow(row: { move_table: number[]; calibration: ChanceCurve['calibration'] } | undefined): ChanceCurve | null {
  return row ? { table: row.move_table, calibration: row.calibration } : null;
}
