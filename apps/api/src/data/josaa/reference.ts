import { createHash } from 'node:crypto';

export type CutoffRow = {
  counselling: 'JoSAA' | 'CSAB';
  year: number;
  round: number;
  instituteId: string;
  programName: string;
  branchGroup: string;
  quota: string;
  seatType: string;
  gender: string;
  /** The rank as published, without a preparatory 'P' suffix (see the flags). */
  openingRank: number;
  closingRank: number;
  /** The published rank carried a 'P' suffix: a rank on JEE (Advanced)'s preparatory-course list. */
  openingPreparatory: boolean;
  closingPreparatory: boolean;
  /** The preparatory flag was set by the 2016-2024 rule (preparatory.ts), not by a printed 'P'. */
  preparatoryByRule?: boolean;
};

export type ReferenceRow = CutoffRow & { scheme: 'josaa' | 'csab'; id: string };

/** A published rank: digits, with a 'P' suffix for a preparatory-course rank ('50P'). */
export function parseRank(text: string): { rank: number; preparatory: boolean } | null {
  const m = /^(\d+)(P?)$/.exec(text.trim());
  if (!m) return null;
  const rank = Number(m[1]);
  // 0 appears in 7 rows of 2017 (no allotment); kept as published, it never matches a rank.
  return Number.isSafeInteger(rank) ? { rank, preparatory: m[2] === 'P' } : null;
}

const seatKey = (r: CutoffRow) => `${r.instituteId}\u0001${r.programName}\u0001${r.quota}\u0001${r.seatType}\u0001${r.gender}`;

export function referenceId(scheme: string, r: CutoffRow): string {
  return createHash('sha1')
    .update(`${scheme}\u0001${seatKey(r)}`)
    .digest('base64url')
    .slice(0, 16);
}

/** Each seat's row of its last round in `rows`. */
function lastRound(rows: CutoffRow[]): Map<string, CutoffRow> {
  const best = new Map<string, CutoffRow>();
  for (const r of rows) {
    const k = seatKey(r);
    const cur = best.get(k);
    if (!cur || r.round > cur.round) best.set(k, r);
  }
  return best;
}

/** A preparatory rank is not comparable with an ordinary rank: such a row is never matched. */
const comparable = (r: CutoffRow) => !r.openingPreparatory && !r.closingPreparatory;

/**
 * The rows the predictor judges on (docs/decisions/0003-engineering-reference-round.md).
 *
 * JoSAA scheme: the reference year is the latest JoSAA year (or `referenceYear`). A seat type that
 * year has (any round) is judged on that year only: a seat absent from it was not offered. A seat
 * type the year lacks falls back to the latest earlier year that has it. Within the chosen year
 * each seat is judged on the last round it appears in; when that round's rank is a preparatory
 * rank ('P'), the seat is not shown (an earlier round's ordinary rank would not be its final rank).
 *
 * CSAB scheme (NIT+ only, never IITs): the CSAB special rounds of the latest CSAB year not after
 * the reference year, each seat on its last CSAB round, with the same rules. A seat CSAB did not
 * offer is not shown: CSAB fills only the seats left vacant after JoSAA.
 */
export function buildReference(rows: CutoffRow[], nitPlus: (instituteId: string) => boolean, referenceYear?: number): ReferenceRow[] {
  const josaa = rows.filter((r) => r.counselling === 'JoSAA');
  const refYear = referenceYear ?? josaa.reduce((m, r) => Math.max(m, r.year), 0);
  const yearsBySeatType = new Map<string, Set<number>>();
  for (const r of josaa) {
    let s = yearsBySeatType.get(r.seatType);
    if (!s) yearsBySeatType.set(r.seatType, (s = new Set()));
    s.add(r.year);
  }
  const yearFor = new Map<string, number>();
  for (const [seatType, years] of yearsBySeatType) {
    const candidates = [...years].filter((y) => y <= refYear);
    if (candidates.length) yearFor.set(seatType, Math.max(...candidates));
  }

  const out: ReferenceRow[] = [];
  for (const r of lastRound(josaa.filter((r) => yearFor.get(r.seatType) === r.year)).values()) {
    if (comparable(r)) out.push({ ...r, scheme: 'josaa', id: referenceId('josaa', r) });
  }

  const csab = rows.filter((r) => r.counselling === 'CSAB' && r.year <= refYear);
  const csabYear = csab.reduce((m, r) => Math.max(m, r.year), 0);
  for (const r of lastRound(csab.filter((r) => r.year === csabYear)).values()) {
    if (comparable(r) && nitPlus(r.instituteId)) out.push({ ...r, scheme: 'csab', id: referenceId('csab', r) });
  }
  return out;
}
