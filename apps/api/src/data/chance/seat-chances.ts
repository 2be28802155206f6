import { adjustmentFor, zReachFor, type StreamModel } from './chance-models.ts';
import { unadjustZ, type GroupAdjustment, type SeatChanceCard } from '../../lib/chance.ts';
import { paramsFor } from './model.ts';
import { NEET_PG, neetPgQuotaClass, neetPgSeatKey, rangedClosing, seatYearOf, type SeatRound } from './neet-pg.ts';
import { buildSeatHistories, categoryClassOf, poolOf, quotaClassOf, type SeatFeatures, type SeatHistory } from './seat-history.ts';

/*
 * What the importer stores on every seat the predictors list (docs/decisions/0014): the seat's
 * scale (s × k), how far beyond its closing rank it still has a 15% chance (the Reach limit), whether
 * it gets the wider band, and what its card shows (why-line, trend, the reference year's rounds).
 */

/** `adjustment`: the seat group's change of z (JoSAA; none for NEET PG): stored as chance_shift, chance_below, chance_above. */
export type SeatChance = { chanceScale: number; reachRank: number; wideBand: boolean; card: SeatChanceCard; adjustment: GroupAdjustment };

/** Ranks are stored as 32-bit integers. */
const MAX_RANK = 2_000_000_000;

export function seatChance(
  m: StreamModel,
  seat: { history: SeatHistory | undefined; features: SeatFeatures; closingRank: number; card: SeatChanceCard },
): SeatChance {
  const p = paramsFor(m.model, seat.history, seat.features, seat.closingRank);
  const adjustment = adjustmentFor(m, seat.features, seat.closingRank);
  const reach = Math.floor(seat.closingRank * Math.exp(unadjustZ(zReachFor(m, seat.features), adjustment) * p.scale));
  return {
    adjustment,
    chanceScale: p.scale,
    reachRank: Math.min(MAX_RANK, Math.max(seat.closingRank, reach)),
    wideBand: p.fresh,
    card: seat.card,
  };
}

const fmt = (n: number) => n.toLocaleString('en-IN');

/**
 * 'closed at 14,210 in 2025 round 6; 14,750 in 2024; 13,900 in 2023' (up to two earlier years),
 * or '…; new in 2025' when the seat has no earlier year.
 */
export function whyLine(opts: { closingRank: number; where: string; earlier: { label: string; closingRank: number }[]; newIn?: number }): string {
  const parts = [`closed at ${fmt(opts.closingRank)} in ${opts.where}`, ...opts.earlier.slice(0, 2).map((e) => `${fmt(e.closingRank)} in ${e.label}`)];
  if (!opts.earlier.length && opts.newIn !== undefined) parts.push(`new in ${opts.newIn}`);
  return parts.join('; ');
}

export function trendOf(history: SeatHistory | undefined): SeatChanceCard['trend'] {
  if (!history) return [];
  return [...history.finals].sort((a, b) => a[0] - b[0]).map(([year, f]) => ({ year, closingRank: f.closingRank }));
}

/** An engineering rank row as the importer reads it (decision 0003; 'P' ranks flagged). */
export type EngineeringCutoff = {
  counselling: 'JoSAA' | 'CSAB';
  year: number;
  round: number;
  instituteId: string;
  programName: string;
  quota: string;
  seatType: string;
  gender: string;
  openingRank: number;
  closingRank: number;
  openingPreparatory?: boolean;
  closingPreparatory?: boolean;
};

/** The product's seat: the canonical institute (renamings followed), program, quota, seat type, pool. */
export const canonicalSeatKey = (r: Pick<EngineeringCutoff, 'instituteId' | 'programName' | 'quota' | 'seatType' | 'gender'>) =>
  `${r.instituteId}\u0001${r.programName}\u0001${r.quota}\u0001${r.seatType}\u0001${r.gender}`;

const rankText = (rank: number, preparatory: boolean | undefined) => `${rank}${preparatory ? 'P' : ''}`;

/** Final closing ranks per seat (canonical key) from one counselling's rank rows; `incompleteYears` have none (round-step.ts). */
function historiesOf(cutoffs: EngineeringCutoff[], incompleteYears?: ReadonlySet<number>): Map<string, SeatHistory> {
  return new Map(
    buildSeatHistories(
      cutoffs.map((c) => ({
        key: canonicalSeatKey(c),
        year: c.year,
        round: c.round,
        quota: c.quota,
        seatType: c.seatType,
        gender: c.gender,
        opening: rankText(c.openingRank, c.openingPreparatory),
        closing: rankText(c.closingRank, c.closingPreparatory),
      })),
      { incompleteYears },
    ).map((h) => [h.key, h]),
  );
}

/** Each seat's JoSAA final closing ranks under the canonical key (renamed institutes followed). */
export function canonicalHistories(cutoffs: EngineeringCutoff[], incompleteYears?: ReadonlySet<number>): Map<string, SeatHistory> {
  return historiesOf(
    cutoffs.filter((c) => c.counselling === 'JoSAA'),
    incompleteYears,
  );
}

/** Each CSAB seat's CSAB closing ranks per year (canonical key). */
export function csabSeatHistories(cutoffs: EngineeringCutoff[]): Map<string, SeatHistory> {
  return historiesOf(cutoffs.filter((c) => c.counselling === 'CSAB'));
}

/**
 * Every listed engineering seat's chance columns (keyed by reference id). A JoSAA seat's history is
 * its JoSAA final closing ranks under the canonical key. A CSAB seat is judged on its CSAB closing
 * rank, a common-rank-list (CRL) rank for every seat type, with CSAB's model (csab.ts): an OPEN seat
 * keeps its JoSAA history (JoSAA's OPEN ranks are CRL ranks too), any other seat type has only its
 * CSAB years as history, since JoSAA closes those seats on category ranks (docs/decisions/0011, 0014).
 */
export function engineeringSeatChances(
  m: StreamModel,
  reference: (EngineeringCutoff & { id: string })[],
  cutoffs: EngineeringCutoff[],
  /** `histories`: canonicalHistories(cutoffs, incompleteYears), when the caller has them already. */
  opts: { csab?: StreamModel; incompleteYears?: ReadonlySet<number>; histories?: Map<string, SeatHistory> } = {},
): Map<string, SeatChance> {
  // A year without its final round has no final closing ranks (round-step.ts): its seats' own moves end before it.
  const histories = opts.histories ?? canonicalHistories(cutoffs, opts.incompleteYears);
  const csabCutoffs = cutoffs.filter((c) => c.counselling === 'CSAB');
  const csabHistories = historiesOf(csabCutoffs);
  const csabFirstYear = csabCutoffs.reduce((a, c) => Math.min(a, c.year), Infinity);
  const rounds = new Map<string, SeatChanceCard['rounds']>();
  for (const c of cutoffs) {
    if (c.openingPreparatory || c.closingPreparatory || c.closingRank < 1) continue;
    const k = `${c.counselling}\u0001${c.year}\u0001${canonicalSeatKey(c)}`;
    const list = rounds.get(k) ?? [];
    list.push({ round: c.round, closingRank: c.closingRank });
    rounds.set(k, list);
  }
  const out = new Map<string, SeatChance>();
  for (const r of reference) {
    const key = canonicalSeatKey(r);
    const csab = r.counselling === 'CSAB';
    const crlOnly = csab && r.seatType !== 'OPEN';
    const history = crlOnly ? csabHistories.get(key) : histories.get(key);
    const earlierYears = crlOnly ? [r.year - 1, r.year - 2] : csab ? [r.year, r.year - 1] : [r.year - 1, r.year - 2];
    const earlier = earlierYears.flatMap((y) => {
      const f = history?.finals.get(y);
      return f ? [{ label: crlOnly ? `CSAB ${y}` : csab ? `JoSAA ${y}` : `${y}`, closingRank: f.closingRank }] : [];
    });
    // 'New in <year>' only where the data could have shown an earlier year.
    const newIn = crlOnly && csabFirstYear >= r.year ? undefined : r.year;
    const card: SeatChanceCard = {
      why: whyLine({ closingRank: r.closingRank, where: `${csab ? 'CSAB ' : ''}${r.year} round ${r.round}`, earlier, newIn }),
      trend: trendOf(history),
      rounds: (rounds.get(`${r.counselling}\u0001${r.year}\u0001${key}`) ?? []).sort((a, b) => a.round - b.round),
      fewAllotments: false,
    };
    const features = { category: categoryClassOf(r.seatType), quota: quotaClassOf(r.quota), pool: poolOf(r.gender) };
    out.set(r.id, seatChance(csab ? (opts.csab ?? m) : m, { history, features, closingRank: r.closingRank, card }));
  }
  return out;
}

/** A listed NEET PG seat: its history (closing rank per year, by decision 0014's rules) and the reference year's rounds. */
export type MedicalSeatInput = {
  id: string;
  history: SeatHistory;
  year: number;
  round: number;
  /** The reference year's closing rank after each round (cumulative from R1), in round order. */
  rounds: SeatChanceCard['rounds'];
  /** The reference year's highest other AIR known, when its closing rank is flagged. */
  flaggedOtherEnd: number | null;
};

/** Every listed NEET PG seat's chance columns (keyed by seat id). */
export function medicalSeatChances(m: StreamModel, seats: MedicalSeatInput[]): Map<string, SeatChance> {
  const out = new Map<string, SeatChance>();
  for (const s of seats) {
    const ref = s.history.finals.get(s.year);
    if (!ref) continue;
    const earlier = [s.year - 1, s.year - 2].flatMap((y) => {
      const f = s.history.finals.get(y);
      return f ? [{ label: `${y}`, closingRank: f.closingRank }] : [];
    });
    const card: SeatChanceCard = {
      why: whyLine({ closingRank: ref.closingRank, where: `${s.year} rounds 1–${s.round}`, earlier, newIn: s.year }),
      trend: trendOf(s.history),
      rounds: s.rounds,
      fewAllotments: ref.allotments !== undefined && ref.allotments <= NEET_PG.FEW_ALLOTMENTS,
      ...(ref.flagged && s.flaggedOtherEnd !== null
        ? {
            closingNote:
              `The ${s.year} closing rank ${fmt(ref.closingRank)} may be one stray allotment: it is more than twice ` +
              `the next highest AIR known for this seat (${fmt(s.flaggedOtherEnd)}), and the ${s.year} data gives only each round's range.`,
          }
        : {}),
    };
    out.set(s.id, seatChance(m, { history: s.history, features: s.history, closingRank: ref.closingRank, card }));
  }
  return out;
}

/**
 * Each listed NEET PG seat's history (its closing rank and allotments per year, over rounds 1 to
 * the reference round, by decision 0014's rule for the year's kind of data) and the reference
 * year's closing rank after each round, cumulatively.
 */
export function medicalSeatInputs(
  cutoffs: SeatRound[],
  seats: { id: string; instituteId: string; course: string; quota: string; category: string; year: number; round: number }[],
): MedicalSeatInput[] {
  const lastRound = seats[0]?.round ?? NEET_PG.LAST_ROUND;
  const byKey = new Map<string, SeatRound[]>();
  for (const c of cutoffs) {
    if (c.round > lastRound) continue;
    const list = byKey.get(neetPgSeatKey(c)) ?? [];
    list.push(c);
    byKey.set(neetPgSeatKey(c), list);
  }
  return seats.map((s) => {
    const rows = byKey.get(neetPgSeatKey(s)) ?? [];
    const byYear = new Map<number, SeatRound[]>();
    // Only the years up to the reference year (MEDICAL_REFERENCE_YEAR may choose an earlier one).
    for (const r of rows) if (r.year <= s.year) byYear.set(r.year, [...(byYear.get(r.year) ?? []), r]);
    const finals = new Map<number, { closingRank: number; round: number; allotments: number; flagged?: boolean }>();
    for (const [year, list] of [...byYear].sort((a, b) => a[0] - b[0])) {
      const y = seatYearOf(list);
      finals.set(year, { closingRank: y.closingRank, round: y.round, allotments: y.allotments, ...(y.flagged ? { flagged: true } : {}) });
    }
    const refRows = (byYear.get(s.year) ?? []).sort((a, b) => a.round - b.round);
    const rounds: SeatChanceCard['rounds'] = [];
    for (const r of refRows) rounds.push({ round: r.round, closingRank: seatYearOf(refRows.filter((x) => x.round <= r.round)).closingRank });
    const flaggedOtherEnd = finals.get(s.year)?.flagged
      ? rangedClosing(refRows.map((r) => ({ round: r.round, min: r.openingRank, max: r.closingRank, count: r.allotments }))).otherEnd
      : null;
    const history: SeatHistory = {
      key: neetPgSeatKey(s),
      category: categoryClassOf(s.category),
      quota: neetPgQuotaClass(s.quota),
      pool: 'Gender-Neutral',
      finals,
    };
    return { id: s.id, history, year: s.year, round: s.round, rounds, flaggedOtherEnd };
  });
}
