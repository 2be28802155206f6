import { bandOf, percentOf, type ChanceFields } from '@rankwise/contract/chance';

/*
 * The chance of admission at request time (docs/decisions/0014), pure: no database, no clock. The
 * importer fits what is stored (data/chance/: the move table, the calibration table, each seat's
 * scale and group adjustment); everything that turns those stored numbers into a chance, a result's
 * chance fields or the `chance` sort is here, and the predictors, the choice lists, the backtests and
 * the importer all read it from here. The bands and the percentage shown are the contract's
 * (`@rankwise/contract/chance`), which the page uses as well.
 *
 *   z  = ln(rank / C) / scale             (C: the seat's reference closing rank; scale = s × k)
 *   z' = adjustZ(z, the seat group's adjustment)
 *   chance = clamp(calibrate(share of the move table at least z'), 1%, 99%)
 *
 * The chance falls as z' grows, so z' ascending orders results by chance, highest first
 * (chanceKey, chanceBefore; lib/chance-sql.ts chanceOrder is the same order in SQL).
 */

/** The chance shown is kept within 1%–99%. */
export const MIN_CHANCE = 0.01;
export const MAX_CHANCE = 0.99;

/** Share of the table's values at least z, linear between quantiles. */
export function survival(q: number[], z: number): number {
  const last = q.length - 1;
  if (z <= q[0]) return 1;
  if (z > q[last]) return 0;
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (q[mid] < z) lo = mid;
    else hi = mid;
  }
  // q[lo] < z ≤ q[hi]
  return 1 - (lo + (z - q[lo]) / (q[hi] - q[lo])) / last;
}

/** The standardised distance of a rank from the reference closing rank: larger is harder. */
export function zOf(closingRank: number, scale: number, rank: number): number {
  return Math.log(rank / closingRank) / scale;
}

/**
 * The calibration table (built by data/chance/model.ts calibrationOf): a raw chance maps by linear
 * interpolation between the points (x: mean raw chance, y: observed share), flat beyond the ends.
 */
export type Calibration = { x: number[]; y: number[]; points: number };

export function calibrate(cal: Calibration | null, raw: number): number {
  if (!cal) return raw;
  const { x, y } = cal;
  if (raw <= x[0]) return y[0];
  if (raw >= x[x.length - 1]) return y[y.length - 1];
  let i = 1;
  while (x[i] < raw) i++;
  return y[i - 1] + ((raw - x[i - 1]) / (x[i] - x[i - 1])) * (y[i] - y[i - 1]);
}

/** What the product stores to turn a seat's z into a chance. */
export type ChanceCurve = { table: number[]; calibration: Calibration | null };

export function rawChance(curve: Pick<ChanceCurve, 'table'>, z: number): number {
  return survival(curve.table, z);
}

/** The chance for a seat at distance z, within 1%–99%. */
export function chanceAt(curve: ChanceCurve, z: number): number {
  return Math.min(MAX_CHANCE, Math.max(MIN_CHANCE, calibrate(curve.calibration, rawChance(curve, z))));
}

/**
 * The largest z whose chance is still at least `chance` (chance falls as z grows), found by
 * bisection; a seat with reference closing rank C and scale σ reaches that chance up to rank
 * C × exp(z × σ).
 */
export function zForChance(curve: ChanceCurve, chance: number): number {
  let lo = -50;
  let hi = 50;
  if (chanceAt(curve, hi) >= chance) return hi;
  if (chanceAt(curve, lo) < chance) return lo;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (chanceAt(curve, mid) >= chance) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * A group's adjustment (docs/decisions/0014, per-group calibration): a monotone, piecewise-linear
 * change of its standardised distance z = ln(r / C) / (s × k):
 *   z' = (z − shift) / below  when z < shift (ranks better than the centre: the high chances),
 *   z' = (z − shift) / above  otherwise.
 * A shift above 0 raises every chance of the group (its closing ranks tend to rise); a width above
 * 1 widens its spread on that side. z' still orders every seat of every group by chance, and the
 * SQL path computes it from three stored numbers per seat (chance_shift, chance_below, chance_above).
 */
export type GroupAdjustment = { shift: number; below: number; above: number };
export const NO_ADJUSTMENT: GroupAdjustment = { shift: 0, below: 1, above: 1 };

export function adjustZ(z: number, a: GroupAdjustment): number {
  return z < a.shift ? (z - a.shift) / a.below : (z - a.shift) / a.above;
}

/** The z (before adjustment) whose adjusted value is z'. */
export function unadjustZ(zAdjusted: number, a: GroupAdjustment): number {
  return a.shift + zAdjusted * (zAdjusted < 0 ? a.below : a.above);
}

/**
 * The `chance` sort's key of a seat for a rank: z', ascending is highest chance first. A seat
 * without a group adjustment (NEET PG) is sorted by z itself.
 */
export function chanceKey(closingRank: number, scale: number, rank: number, adjustment?: GroupAdjustment): number {
  const z = zOf(closingRank, scale, rank);
  return adjustment ? adjustZ(z, adjustment) : z;
}

/**
 * The `chance` sort as a strict order of seats: key ascending, then closing rank, then the seat's
 * position in the database's order of id (the SQL path's `order by z', closing_rank, id`).
 */
export function chanceBefore(key: Float64Array, closingRank: Int32Array, idPosition: Int32Array): (a: number, b: number) => boolean {
  return (a, b) => {
    const ka = key[a];
    const kb = key[b];
    return ka !== kb ? ka < kb : closingRank[a] !== closingRank[b] ? closingRank[a] < closingRank[b] : idPosition[a] < idPosition[b];
  };
}

/** What a seat's card shows about its chance (stored by the importer, data/chance/seat-chances.ts). */
export type SeatChanceCard = {
  why: string;
  /** Final closing rank by year, oldest first. */
  trend: { year: number; closingRank: number }[];
  /** The reference year's closing rank after each round, in round order. */
  rounds: { round: number; closingRank: number }[];
  fewAllotments: boolean;
  /**
   * NEET PG, a reference year known as AIR ranges (2025): why the closing rank may rest on one
   * stray allotment (docs/decisions/0014), or absent. Not a chance field: the medical result shows it.
   */
  closingNote?: string;
};

/** The earliest round whose closing rank the rank would have cleared, or null. */
export function clearedInRound(rounds: SeatChanceCard['rounds'], rank: number): number | null {
  return rounds.find((r) => rank <= r.closingRank)?.round ?? null;
}

/**
 * A listed seat's stored chance columns (docs/decisions/0014); `adjustment`: its group's change of
 * z (JoSAA groups; none when absent).
 */
export type SeatChanceColumns = { closingRank: number; chanceScale: number; wideBand: boolean; card: SeatChanceCard; adjustment?: GroupAdjustment };

/** The unrounded chance for this rank. */
function chanceFor(curve: ChanceCurve, closingRank: number, chanceScale: number, adjustment: GroupAdjustment, rank: number): number {
  return chanceAt(curve, chanceKey(closingRank, chanceScale, rank, adjustment));
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
  // clearedInRound above, on the typed pairs: the first round whose closing rank the rank is within.
  let cleared = 'null';
  for (let k = 0; k < seat.rounds.length; k += 2) {
    if (rank <= seat.rounds[k + 1]) {
      cleared = `"round ${seat.rounds[k]}"`;
      break;
    }
  }
  return `"chance":${SHOWN[thousandths] ?? String(thousandths / 1000)},"percent":${percentOf(exact)},"band":"${bandOf(exact)}","reach":${seat.closingRank < rank}${seat.why}${cleared}${seat.tail}`;
}
