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
  openingRank: number;
  closingRank: number;
};

export type ReferenceRow = CutoffRow & { scheme: 'josaa' | 'csab'; id: string };

const seatKey = (r: CutoffRow) => `${r.instituteId}\u0001${r.programName}\u0001${r.quota}\u0001${r.seatType}\u0001${r.gender}`;

export function referenceId(scheme: string, r: CutoffRow): string {
  return createHash('sha1')
    .update(`${scheme}\u0001${seatKey(r)}`)
    .digest('base64url')
    .slice(0, 16);
}

/**
 * The rows the predictor judges on (docs/decisions/0003-engineering-reference-round.md).
 *
 * JoSAA scheme: the reference year is the latest JoSAA year (or `referenceYear`). A seat type that
 * year has (any round) is judged on that year only: a seat absent from it was not offered. A seat
 * type the year lacks (2025 has no PwD rows) falls back to the latest earlier year that has it.
 * Within the chosen year each seat's closing rank is that of the last round it appears in.
 *
 * CSAB scheme (NIT+ only, never IITs): a seat's last CSAB round of the reference year where CSAB
 * data has it, otherwise its JoSAA reference row; `counselling` says which.
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

  const lastRound = (source: CutoffRow[]) => {
    const best = new Map<string, CutoffRow>();
    for (const r of source) {
      const k = seatKey(r);
      const cur = best.get(k);
      if (!cur || r.round > cur.round) best.set(k, r);
    }
    return best;
  };

  const josaaRef = lastRound(josaa.filter((r) => yearFor.get(r.seatType) === r.year));
  const out: ReferenceRow[] = [];
  for (const r of josaaRef.values()) out.push({ ...r, scheme: 'josaa', id: referenceId('josaa', r) });

  // CSAB rows whose seat type is known (SOURCES.md: 73 mixed-category rows are 'UNKNOWN').
  const csabYear = refYear;
  const csabRef = lastRound(rows.filter((r) => r.counselling === 'CSAB' && r.year === csabYear && r.seatType !== 'UNKNOWN'));
  const csabKeys = new Set(csabRef.keys());
  for (const [k, r] of josaaRef) {
    if (!nitPlus(r.instituteId)) continue;
    const chosen = csabRef.get(k) ?? r;
    out.push({ ...chosen, scheme: 'csab', id: referenceId('csab', chosen) });
    csabKeys.delete(k);
  }
  for (const k of csabKeys) {
    const r = csabRef.get(k)!;
    if (nitPlus(r.instituteId)) out.push({ ...r, scheme: 'csab', id: referenceId('csab', r) });
  }
  return out;
}
