import path from 'node:path';
import { readCsv } from '../lib/csv.ts';
import { type BacktestResult, mergeYearRows, newSink, scoreYear, summarise, type ScoredPoint } from './backtest.ts';
import { fitModel, isFresh, type WideRule } from './model.ts';
import { categoryClassOf, type QuotaClass, type SeatHistory, type SeatYear } from './seat-history.ts';

/*
 * NEET PG seats for the chance model (docs/decisions/0014-chance-of-admission.md).
 *
 * - A seat is institute × course × quota × seat category. The institute is the allotment file's
 *   "Allotted Institute" compared by `instituteKey` (upper case, a trailing PIN dropped, letters and
 *   digits only: docs/decisions/0005); the course is "Course (normalized)", the quota "Allotted
 *   Quota (normalized)", the category "Alloted Category".
 * - A seat-year is judged on the allotments of rounds R1 to R3 (the reference rule of 0005).
 * - Its closing rank is the highest AIR allotted, robust to one stray allotment: when the seat has
 *   at least OUTLIER_MIN_ALLOTMENTS allotments and the highest AIR is more than OUTLIER_FACTOR times
 *   the second highest, that one allotment is set aside and the second highest is the closing rank.
 * - A seat with FEW_ALLOTMENTS or fewer allotments in its reference year is flagged 'few allotments'
 *   and gets the wider band, as does a seat new in its reference year.
 */

export const NEET_PG = {
  LAST_ROUND: 3,
  OUTLIER_MIN_ALLOTMENTS: 4,
  OUTLIER_FACTOR: 2,
  FEW_ALLOTMENTS: 3,
  /** The one year the backtest predicts (from the year before it). */
  BACKTEST_YEAR: 2024,
  FOLDS: 2,
} as const;

export type ClosingRank = { closingRank: number; allotments: number; setAside: number | null };

/** The seat's closing rank from the AIRs allotted to it (any order). */
export function robustClosingRank(ranks: number[]): ClosingRank {
  return closingFromTop(topTwo(ranks), ranks.length);
}

/** The highest two of some AIRs, highest first (what the robust rule needs of a seat's allotments). */
export function topTwo(ranks: number[]): number[] {
  let a = -Infinity;
  let b = -Infinity;
  for (const r of ranks) {
    if (r > a) [a, b] = [r, a];
    else if (r > b) b = r;
  }
  return [a, b].filter((x) => x !== -Infinity);
}

/** The robust closing rank from a seat's highest two AIRs and its number of allotments. */
export function closingFromTop(top: number[], allotments: number): ClosingRank {
  if (allotments >= NEET_PG.OUTLIER_MIN_ALLOTMENTS && top.length > 1 && top[0] > NEET_PG.OUTLIER_FACTOR * top[1]) {
    return { closingRank: top[1], allotments, setAside: top[0] };
  }
  return { closingRank: top[0], allotments, setAside: null };
}

export function fewAllotments(allotments: number): boolean {
  return allotments <= NEET_PG.FEW_ALLOTMENTS;
}

/** Upper-cased, a trailing PIN code dropped, letters and digits only (as docs/decisions/0005). */
export function neetPgInstituteKey(raw: string): string {
  return raw
    .toUpperCase()
    .trim()
    .replace(/[\s,.-]*\d{6}[\s,.]*$/, '')
    .replace(/[^A-Z0-9]/g, '');
}

export function neetPgQuotaClass(quota: string): QuotaClass {
  const q = quota.trim().toUpperCase();
  return q === 'ALL INDIA' ? 'AI' : q === 'DNB QUOTA' ? 'DNB' : 'Other';
}

export type AllotmentRow = { year: number; round: number; institute: string; course: string; quota: string; category: string; rank: number };

export const neetPgSeatKey = (r: Pick<AllotmentRow, 'institute' | 'course' | 'quota' | 'category'>) =>
  [neetPgInstituteKey(r.institute), r.course.trim(), r.quota.trim(), r.category.trim()].join('\u0001');

/** Each seat's closing rank per year, from rounds R1–R3. */
export function buildNeetPgHistories(rows: Iterable<AllotmentRow>): SeatHistory[] {
  const ranks = new Map<string, { row: AllotmentRow; years: Map<number, number[]> }>();
  for (const r of rows) {
    if (r.round > NEET_PG.LAST_ROUND) continue;
    const key = neetPgSeatKey(r);
    let s = ranks.get(key);
    if (!s) ranks.set(key, (s = { row: r, years: new Map() }));
    const list = s.years.get(r.year) ?? [];
    list.push(r.rank);
    s.years.set(r.year, list);
  }
  const out: SeatHistory[] = [];
  for (const [key, { row, years }] of ranks) {
    const finals = new Map<number, SeatYear>();
    for (const [year, list] of [...years].sort((a, b) => a[0] - b[0])) {
      const c = robustClosingRank(list);
      finals.set(year, { closingRank: c.closingRank, round: NEET_PG.LAST_ROUND, allotments: c.allotments });
    }
    out.push({ key, category: categoryClassOf(row.category), quota: neetPgQuotaClass(row.quota), pool: 'Gender-Neutral', finals });
  }
  return out;
}

/** The wider band: few allotments in the reference year, or new in it. */
export const neetPgWide: WideRule = (seat, referenceYear, firstYear) =>
  fewAllotments(seat.finals.get(referenceYear)?.allotments ?? 0) || isFresh(seat, referenceYear, firstYear);

export function neetPgAllotmentsFile(dataDir: string): string {
  return path.join(dataDir, 'neet-pg/mcc_neetpg_allotments_2023_2024.csv');
}

export async function readNeetPgAllotments(dataDir: string, records?: Record<string, string>[]): Promise<AllotmentRow[]> {
  return (records ?? (await readCsv(neetPgAllotmentsFile(dataDir)))).map((r) => ({
    year: Number(r.Year),
    round: Number(r.Round.replace(/^R/i, '')),
    institute: r['Allotted Institute'],
    course: r['Course (normalized)'],
    quota: r['Allotted Quota (normalized)'],
    category: r['Alloted Category'],
    rank: Number(r.Rank),
  }));
}

/** Which cross-validation fold a seat is in: its institute's position among all institute keys, modulo FOLDS. */
export function foldsOf(histories: SeatHistory[]): Map<string, number> {
  const institutes = [...new Set(histories.map((h) => h.key.split('\u0001')[0]))].sort();
  const foldOfInstitute = new Map(institutes.map((k, i) => [k, i % NEET_PG.FOLDS]));
  return new Map(histories.map((h) => [h.key, foldOfInstitute.get(h.key.split('\u0001')[0])!]));
}

/**
 * NEET PG has one year pair (2023 → 2024), so its backtest cannot hold out a later year: each
 * fold of institutes is predicted by a model fitted on the other fold's seats (no calibration table).
 */
export function runNeetPgBacktest(histories: SeatHistory[], onPoint?: (p: ScoredPoint) => void): BacktestResult {
  const folds = foldsOf(histories);
  const sink = newSink();
  const rows = [];
  for (let f = 0; f < NEET_PG.FOLDS; f++) {
    const train = histories.filter((h) => folds.get(h.key) !== f);
    const test = histories.filter((h) => folds.get(h.key) === f);
    rows.push(scoreYear(test, fitModel(train, NEET_PG.BACKTEST_YEAR, neetPgWide, NEET_PG.BACKTEST_YEAR), null, sink, onPoint));
  }
  return summarise('neet-pg', [mergeYearRows(rows)], sink);
}
