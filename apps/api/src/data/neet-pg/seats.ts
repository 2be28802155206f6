import { createHash } from 'node:crypto';
import { seatYearOf, type SeatRound } from '../chance/neet-pg.ts';

/**
 * Allotments aggregated per seat and round: opening (lowest) and closing (highest) AIR of that
 * round's allotments, their count, and the highest two AIRs (`topRanks`, for the closing rank
 * robust to one stray allotment); `ranged` for a year known only as AIR ranges (2025).
 */
export type MedicalCutoff = SeatRound;

export type MedicalSeat = {
  id: string;
  instituteId: string;
  course: string;
  degree: string;
  quota: string;
  category: string;
  openingRank: number;
  closingRank: number;
  year: number;
  round: number;
  /** Allotments in the reference rounds ('few allotments' at 3 or fewer, docs/decisions/0014). */
  allotments: number;
};

/**
 * MCC holds three main rounds and then stray-vacancy rounds. In the data, rounds R4 and R5 hold
 * about a fifth and a twentieth of R3's allotments in both years (2024: 13,991 / 2,331 / 558), the
 * pattern of stray rounds, so R3 is taken as the last main round.
 */
export const LAST_MAIN_ROUND = 3;

export type MedicalReferenceChoice = { year: number; round: number };

/**
 * The reference round: the configured year (default: the latest in the data) and round (default:
 * the last main round, R3, or the highest round that year has if lower).
 */
export function referenceRound(cutoffs: { year: number; round: number }[], year?: number, round?: number): MedicalReferenceChoice {
  const years = [...new Set(cutoffs.map((c) => c.year))];
  const y = year ?? Math.max(...years);
  if (!years.includes(y)) throw new Error(`MEDICAL_REFERENCE_YEAR ${y} is not in the NEET PG data (years: ${years.sort().join(', ')})`);
  const rounds = [...new Set(cutoffs.filter((c) => c.year === y).map((c) => c.round))];
  const r = round ?? Math.max(...rounds.filter((x) => x <= LAST_MAIN_ROUND));
  if (!rounds.includes(r)) throw new Error(`MEDICAL_REFERENCE_ROUND ${r} is not in the NEET PG data of ${y} (rounds: ${rounds.sort().join(', ')})`);
  return { year: y, round: r };
}

/** Opening rank is the lowest AIR allotted, closing the highest. */
export function widen(r: { openingRank: number; closingRank: number }, opening: number, closing: number): void {
  r.openingRank = Math.min(r.openingRank, opening);
  r.closingRank = Math.max(r.closingRank, closing);
}

/**
 * A seat's ranks in the reference round: the lowest (opening) AIR at which the seat (institute ×
 * course × quota × seat category) was allotted in any round of the reference year up to and
 * including the reference round, and its closing rank: the highest such AIR, robust to one stray
 * allotment where the year has single allotments (docs/decisions/0014: with 4 or more allotments,
 * a highest AIR more than twice the next is set aside; a year of AIR ranges flags such a seat). Why cumulative: each round's rows are only that round's new allotments and
 * upgrades, so round R3 alone would leave out every seat filled in R1 and kept; and a rank that was
 * allotted the seat in an earlier round shows a student at that rank or better could have got it.
 * Seats with no allotment in those rounds are not shown.
 */
export function buildSeats(cutoffs: MedicalCutoff[], ref: MedicalReferenceChoice, degreeOf: Map<string, string>): MedicalSeat[] {
  const seats = new Map<string, MedicalSeat & { rows: MedicalCutoff[] }>();
  for (const c of cutoffs) {
    if (c.year !== ref.year || c.round > ref.round) continue;
    const key = seatKeyOf(c);
    const s = seats.get(key);
    if (s) {
      s.openingRank = Math.min(s.openingRank, c.openingRank);
      s.rows.push(c);
      s.allotments += c.allotments;
    } else {
      seats.set(key, {
        id: createHash('sha1').update(key).digest('hex').slice(0, 16),
        instituteId: c.instituteId,
        course: c.course,
        degree: degreeOf.get(c.course) ?? 'Other',
        quota: c.quota,
        category: c.category,
        openingRank: c.openingRank,
        closingRank: c.closingRank,
        year: ref.year,
        round: ref.round,
        allotments: c.allotments,
        rows: [c],
      });
    }
  }
  return [...seats.values()].map(({ rows, ...s }) => ({ ...s, closingRank: seatYearOf(rows).closingRank }));
}

export const seatKeyOf = (c: Pick<MedicalCutoff, 'instituteId' | 'course' | 'quota' | 'category'>) => `${c.instituteId}|${c.course}|${c.quota}|${c.category}`;
