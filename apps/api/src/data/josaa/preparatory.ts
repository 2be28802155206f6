import { hasPreparatoryList } from './invariants.ts';

/*
 * Preparatory ranks whose 'P' the 2016-2024 files lost (issue 28, docs/decisions/0003).
 *
 * JEE (Advanced) ranks SC, ST and PwD candidates who qualify only for the preparatory course on a
 * separate list; IITs reach into it when a seat's ordinary list runs out, and such a rank is
 * printed with a 'P' ('187P'). The 2025 file keeps the 'P'; the 2016-2024 files print the bare
 * number. Within a seat the ordinary list is exhausted first, so a preparatory end is the closing
 * end: in 2025, 40 rows have an ordinary opening and a 'P' closing rank, none the reverse.
 *
 * The stated rule: at an IIT, on an SC, ST or PwD seat of 2016-2024, a row whose opening rank is
 * above its closing rank has a preparatory closing rank. It is marked as 2025's are
 * (`closingPreparatory`), and so kept out of matching, history lines and the chance model. Rows
 * whose both ends are preparatory cannot be seen this way.
 */

export const LOST_PREPARATORY_YEARS = { first: 2016, last: 2024 } as const;

export type RuleRow = {
  counselling: 'JoSAA' | 'CSAB';
  year: number;
  seatType: string;
  openingRank: number;
  closingRank: number;
  openingPreparatory: boolean;
  closingPreparatory: boolean;
  preparatoryByRule?: boolean;
};

/** Whether the stated rule gives this row (of an institute of `instituteType`) a preparatory closing rank. */
export function lostPreparatoryClosing(r: RuleRow, instituteType: string): boolean {
  return (
    r.counselling === 'JoSAA' &&
    r.year >= LOST_PREPARATORY_YEARS.first &&
    r.year <= LOST_PREPARATORY_YEARS.last &&
    instituteType === 'IIT' &&
    hasPreparatoryList(r.seatType) &&
    !r.openingPreparatory &&
    !r.closingPreparatory &&
    r.openingRank > r.closingRank
  );
}

/** Marks, in place, the rows the stated rule applies to; returns how many. */
export function markLostPreparatoryRanks<T extends RuleRow>(rows: T[], instituteTypeOf: (row: T) => string): number {
  let marked = 0;
  for (const r of rows) {
    if (!lostPreparatoryClosing(r, instituteTypeOf(r))) continue;
    r.closingPreparatory = true;
    r.preparatoryByRule = true;
    marked++;
  }
  return marked;
}
