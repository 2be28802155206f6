/**
 * A seat's final closing rank in each year, from published round-by-round rows.
 *
 * - A seat-year is judged on the last round the seat appears in that year (the reference rule of
 *   docs/decisions/0003).
 * - When that row's opening or closing rank is a preparatory rank ('50P'), the seat has no
 *   comparable final closing rank that year: the seat-year is left out, as if absent.
 * - A closing rank below 1 (2017 has one '0') is left out likewise.
 */

export type CategoryClass = 'OPEN' | 'EWS' | 'OBC-NCL' | 'SC' | 'ST' | 'PwD';
export type QuotaClass = 'AI' | 'HS' | 'OS' | 'DNB' | 'Other';
export type Pool = 'Gender-Neutral' | 'Female-only';

export type SeatYear = {
  closingRank: number;
  round: number;
  allotments?: number;
  /** NEET PG from AIR ranges (2025): the closing rank may rest on one stray allotment (docs/decisions/0014). */
  flagged?: boolean;
};

export type SeatFeatures = { category: CategoryClass; quota: QuotaClass; pool: Pool };

export type SeatHistory = SeatFeatures & {
  key: string;
  /** year → final closing rank, the round it comes from, and (NEET PG) the allotments it was judged on. */
  finals: Map<number, SeatYear>;
  /**
   * With `partialRound` R (round-step.ts): year → the closing rank of the seat's last round up to R,
   * the reference when a year's last published round is R.
   */
  partial?: Map<number, SeatYear>;
};

/**
 * `incompleteYears`: years whose final round is not in the data; they get no final closing rank
 * (their last published round is not one). `partialRound`: also keep each year's rank at round R.
 */
export type HistoryOptions = { partialRound?: number; incompleteYears?: ReadonlySet<number> };

export type RoundRow = {
  key: string;
  year: number;
  round: number;
  quota: string;
  seatType: string;
  gender: string;
  /** As published: digits, or digits with a 'P' suffix. */
  opening: string;
  closing: string;
};

export function categoryClassOf(seatType: string): CategoryClass {
  if (/pwd/i.test(seatType)) return 'PwD';
  const base = seatType.trim().toUpperCase();
  if (base === 'OPEN' || base === 'EWS' || base === 'OBC-NCL' || base === 'SC' || base === 'ST') return base;
  if (base === 'OBC') return 'OBC-NCL';
  return 'OPEN';
}

export function quotaClassOf(quota: string): QuotaClass {
  return quota === 'AI' || quota === 'HS' || quota === 'OS' ? quota : 'Other';
}

export function poolOf(gender: string): Pool {
  return /female/i.test(gender) ? 'Female-only' : 'Gender-Neutral';
}

const plainRank = /^\d+$/;

/** Builds each seat's history; rows may come in any order. */
export function buildSeatHistories(rows: Iterable<RoundRow>, opts: HistoryOptions = {}): SeatHistory[] {
  const last = new Map<string, Map<number, RoundRow>>();
  const upTo = new Map<string, Map<number, RoundRow>>();
  const features = new Map<string, SeatFeatures>();
  const R = opts.partialRound;
  for (const r of rows) {
    let years = last.get(r.key);
    if (!years) {
      last.set(r.key, (years = new Map()));
      features.set(r.key, { category: categoryClassOf(r.seatType), quota: quotaClassOf(r.quota), pool: poolOf(r.gender) });
    }
    const cur = years.get(r.year);
    if (!cur || r.round > cur.round) years.set(r.year, r);
    if (R !== undefined && r.round <= R) {
      let early = upTo.get(r.key);
      if (!early) upTo.set(r.key, (early = new Map()));
      const e = early.get(r.year);
      if (!e || r.round > e.round) early.set(r.year, r);
    }
  }
  const yearsOf = (years: Map<number, RoundRow> | undefined, skip?: ReadonlySet<number>) => {
    const out = new Map<number, SeatYear>();
    for (const [year, r] of [...(years ?? [])].sort((a, b) => a[0] - b[0])) {
      if (skip?.has(year)) continue;
      if (!plainRank.test(r.opening.trim()) || !plainRank.test(r.closing.trim())) continue;
      const closingRank = Number(r.closing.trim());
      if (closingRank < 1) continue;
      out.set(year, { closingRank, round: r.round });
    }
    return out;
  };
  const out: SeatHistory[] = [];
  for (const [key, years] of last) {
    const finals = yearsOf(years, opts.incompleteYears);
    const partial = R === undefined ? undefined : yearsOf(upTo.get(key));
    if (finals.size || partial?.size) out.push({ key, ...features.get(key)!, finals, ...(partial ? { partial } : {}) });
  }
  return out;
}
