import type { CutoffRow } from './reference.ts';

/*
 * The invariants every OR-CR file must hold before it is imported (issue 28, docs/decisions/0021).
 * One pure function, `checkOrcrInvariants`, used by the engineering importer on each file it reads
 * and by `data:add` on a file an operator adds: it returns the table that is printed on every
 * import and a verdict. Nothing here reads files or the database.
 */

/** A parsed OR-CR row: the importer's CutoffRow (ranks without their 'P', flags set) and the institute's type. */
export type InvariantRow = Pick<
  CutoffRow,
  | 'year'
  | 'round'
  | 'instituteId'
  | 'programName'
  | 'quota'
  | 'seatType'
  | 'gender'
  | 'openingRank'
  | 'closingRank'
  | 'openingPreparatory'
  | 'closingPreparatory'
> & {
  /** 'IIT', 'NIT', 'IIIT' or 'GFTI' (the institute directory's type). */
  instituteType: string;
  /** The preparatory flag comes from the stated rule for 2016-2024 (preparatory.ts), not from a printed 'P'. */
  preparatoryByRule?: boolean;
};

export type Counselling = 'JoSAA' | 'CSAB';

/** 'category': reserved seats are closed on category ranks (JoSAA); 'crl': on common-rank-list ranks (CSAB). */
export type RankScale = 'category' | 'crl' | 'unclear';

export const INVARIANT_LIMITS = {
  /**
   * Opening above closing among ordinary ranks: an (institute type × seat type) group fails when
   * more than this share of its rows have it. The known ordinary cases are NIT home-state OPEN rows
   * of 2016-2018 printed with a closing rank of 1 (11, 16 and 7 rows: 0.2-0.4% of their group).
   */
  INVERTED_SHARE: 0.005,
  /**
   * At IIT SC, ST and PwD seats, where a preparatory list exists, an ordinary inversion is the
   * signature of a lost 'P' (0.2-8% of those groups in 2019-2024): none is allowed there.
   */
  INVERTED_SHARE_PREPARATORY: 0,
  /** A file is on the category scale when at most this share of its reserved seats close above the same seat's OPEN closing rank (JoSAA: 1-6%)... */
  CATEGORY_MAX_SHARE: 0.2,
  /** ...and on the common-rank-list scale when at least this share does (CSAB 2024 and 2025: 97-100%). */
  CRL_MIN_SHARE: 0.8,
} as const;

/** The seat types whose candidates JEE (Advanced) ranks on a preparatory-course list: SC, ST and every PwD type. */
export function hasPreparatoryList(seatType: string): boolean {
  const t = seatType.trim();
  return t === 'SC' || t === 'ST' || /\(PwD\)$/i.test(t);
}

export type InvertedGroup = { instituteType: string; seatType: string; rows: number; inverted: number; share: number; failed: boolean };
export type ScaleRow = { seatType: string; seats: number; above: number };

export type InvariantReport = {
  counselling: Counselling;
  /** What the table is about (a file name), for the printed lines. */
  label: string;
  rows: number;
  years: number[];
  roundRows: { round: number; rows: number }[];
  /** Keys (year, round, institute, program, quota, seat type, gender pool) that occur more than once. */
  duplicateKeys: string[];
  /** Opening rank above closing rank, both ordinary, per institute type × seat type (only groups with rows). */
  inverted: InvertedGroup[];
  /** The rows of the failed groups. */
  invertedRows: InvariantRow[];
  preparatory: {
    /** Rows with a printed 'P' at either end. */
    printed: number;
    /** Rows marked by the stated rule for 2016-2024. */
    byRule: number;
    /** Preparatory rows outside IIT SC/ST/PwD seats (none may exist; CSAB has no preparatory list). */
    misplaced: InvariantRow[];
  };
  /**
   * Each reserved seat (seat type other than OPEN) on its last round, against the same institute ×
   * program × quota × gender pool's OPEN seat on its last round: how many close above it. Pairs with
   * a preparatory end are left out.
   */
  scale: { bySeatType: ScaleRow[]; seats: number; above: number; share: number; found: RankScale; expected: RankScale };
  /** Why the file is refused; empty when it is accepted. */
  failures: string[];
  ok: boolean;
};

/** The share of a group's rows allowed an ordinary opening rank above its closing rank. */
export function invertedLimit(g: { instituteType: string; seatType: string }): number {
  return g.instituteType === 'IIT' && hasPreparatoryList(g.seatType) ? INVARIANT_LIMITS.INVERTED_SHARE_PREPARATORY : INVARIANT_LIMITS.INVERTED_SHARE;
}

const rowKey = (r: InvariantRow) => [r.year, r.round, r.instituteId, r.programName, r.quota, r.seatType, r.gender].join(' | ');
const seatKey = (r: InvariantRow) => [r.instituteId, r.programName, r.quota, r.seatType, r.gender].join('\u0001');
const pairKey = (r: InvariantRow) => [r.instituteId, r.programName, r.quota, r.gender].join('\u0001');
const isPreparatory = (r: InvariantRow) => r.openingPreparatory || r.closingPreparatory;

function scaleOf(share: number, seats: number): RankScale {
  if (!seats) return 'unclear';
  if (share <= INVARIANT_LIMITS.CATEGORY_MAX_SHARE) return 'category';
  if (share >= INVARIANT_LIMITS.CRL_MIN_SHARE) return 'crl';
  return 'unclear';
}

/**
 * Checks one OR-CR file's parsed rows (one counselling; normally one year) and returns the
 * invariant table and the verdict. A file is refused (`ok` false, `failures` saying why) when:
 * - a round number is missing between 1 and the last round, or the file holds more than one year;
 * - a key occurs twice;
 * - an (institute type × seat type) group has more than INVERTED_SHARE of its rows (at IIT SC, ST
 *   and PwD seats: any row) with an ordinary opening rank above the ordinary closing rank (those
 *   rows are listed);
 * - a preparatory rank is outside IIT SC/ST/PwD seats, or in a CSAB file;
 * - the reserved seats' rank scale is not the counselling's: JoSAA publishes category ranks
 *   (few reserved closing ranks above the OPEN one), CSAB common-rank-list ranks (nearly all).
 * Rows marked by the 2016-2024 preparatory rule must be marked before the check.
 */
export function checkOrcrInvariants(rows: readonly InvariantRow[], counselling: Counselling, label: string = counselling): InvariantReport {
  const failures: string[] = [];
  const years = [...new Set(rows.map((r) => r.year))].sort((a, b) => a - b);
  if (!rows.length) failures.push('the file has no rows');
  if (years.length > 1) failures.push(`the file holds more than one year (${years.join(', ')})`);

  const perRound = new Map<number, number>();
  for (const r of rows) perRound.set(r.round, (perRound.get(r.round) ?? 0) + 1);
  const roundRows = [...perRound].sort((a, b) => a[0] - b[0]).map(([round, n]) => ({ round, rows: n }));
  const lastRound = roundRows.at(-1)?.round ?? 0;
  const missing: number[] = [];
  for (let k = 1; k <= lastRound; k++) if (!perRound.has(k)) missing.push(k);
  if (missing.length)
    failures.push(`round${missing.length > 1 ? 's' : ''} ${missing.join(', ')} missing (the file has ${roundRows.map((r) => r.round).join(', ')})`);
  if (roundRows.some((r) => r.round < 1)) failures.push('a round number below 1');

  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const r of rows) {
    const k = rowKey(r);
    if (seen.has(k)) duplicates.add(k);
    seen.add(k);
  }
  const duplicateKeys = [...duplicates];
  if (duplicateKeys.length)
    failures.push(`${duplicateKeys.length} duplicate key${duplicateKeys.length > 1 ? 's' : ''}: ${duplicateKeys.slice(0, 5).join('; ')}`);

  const groups = new Map<string, { g: InvertedGroup; offending: InvariantRow[] }>();
  for (const r of rows) {
    const k = `${r.instituteType}\u0001${r.seatType}`;
    let e = groups.get(k);
    if (!e) groups.set(k, (e = { g: { instituteType: r.instituteType, seatType: r.seatType, rows: 0, inverted: 0, share: 0, failed: false }, offending: [] }));
    e.g.rows++;
    if (!isPreparatory(r) && r.openingRank > r.closingRank) {
      e.g.inverted++;
      e.offending.push(r);
    }
  }
  const inverted: InvertedGroup[] = [];
  const invertedRows: InvariantRow[] = [];
  for (const { g, offending } of [...groups.values()].sort(
    (a, b) => a.g.instituteType.localeCompare(b.g.instituteType) || a.g.seatType.localeCompare(b.g.seatType),
  )) {
    g.share = g.inverted / g.rows;
    g.failed = g.share > invertedLimit(g);
    inverted.push(g);
    if (g.failed) {
      invertedRows.push(...offending);
      failures.push(
        `${g.instituteType} ${g.seatType}: ${g.inverted} of ${g.rows} rows have an opening rank above the closing rank ` +
          `(${pct(g.share)}, more than ${pct(invertedLimit(g))}${g.instituteType === 'IIT' && hasPreparatoryList(g.seatType) ? ': a preparatory rank printed without its P?' : ''})`,
      );
    }
  }

  const printed = rows.filter((r) => isPreparatory(r) && !r.preparatoryByRule).length;
  const byRule = rows.filter((r) => r.preparatoryByRule).length;
  const misplaced = rows.filter((r) => isPreparatory(r) && (counselling === 'CSAB' || r.instituteType !== 'IIT' || !hasPreparatoryList(r.seatType)));
  if (misplaced.length) {
    failures.push(
      `${misplaced.length} preparatory rank${misplaced.length > 1 ? 's' : ''} outside IIT SC/ST/PwD seats${counselling === 'CSAB' ? ' (CSAB has no preparatory list)' : ''}`,
    );
  }

  const last = new Map<string, InvariantRow>();
  for (const r of rows) {
    const k = seatKey(r);
    const cur = last.get(k);
    if (!cur || r.round > cur.round) last.set(k, r);
  }
  const open = new Map<string, InvariantRow>();
  for (const r of last.values()) if (r.seatType === 'OPEN') open.set(pairKey(r), r);
  const bySeatType = new Map<string, ScaleRow>();
  for (const r of last.values()) {
    if (r.seatType === 'OPEN') continue;
    const o = open.get(pairKey(r));
    if (!o || isPreparatory(r) || isPreparatory(o)) continue;
    let s = bySeatType.get(r.seatType);
    if (!s) bySeatType.set(r.seatType, (s = { seatType: r.seatType, seats: 0, above: 0 }));
    s.seats++;
    if (r.closingRank > o.closingRank) s.above++;
  }
  const scaleRows = [...bySeatType.values()].sort((a, b) => a.seatType.localeCompare(b.seatType));
  const seats = scaleRows.reduce((a, s) => a + s.seats, 0);
  const above = scaleRows.reduce((a, s) => a + s.above, 0);
  const share = seats ? above / seats : 0;
  const expected: RankScale = counselling === 'CSAB' ? 'crl' : 'category';
  const found = scaleOf(share, seats);
  // A file without reserved seats paired with OPEN ones (an OPEN-only subset) has no scale to check.
  if (seats && found !== expected) {
    failures.push(
      `reserved seats close above the same seat's OPEN closing rank in ${pct(share)} of ${seats} seats: ` +
        `${found === 'unclear' ? 'neither scale' : found === 'crl' ? 'common-rank-list ranks' : 'category ranks'}, ` +
        `but ${counselling} publishes ${expected === 'crl' ? 'common-rank-list ranks (expected at least ' + pct(INVARIANT_LIMITS.CRL_MIN_SHARE) + ')' : 'category ranks (expected at most ' + pct(INVARIANT_LIMITS.CATEGORY_MAX_SHARE) + ')'}`,
    );
  }

  return {
    counselling,
    label,
    rows: rows.length,
    years,
    roundRows,
    duplicateKeys,
    inverted,
    invertedRows,
    preparatory: { printed, byRule, misplaced },
    scale: { bySeatType: scaleRows, seats, above, share, found, expected },
    failures,
    ok: failures.length === 0,
  };
}

function pct(x: number): string {
  return `${(x * 100).toFixed(x < 0.01 && x > 0 ? 2 : 1)}%`;
}

const describeRow = (r: InvariantRow) =>
  `${r.year} round ${r.round}, ${r.instituteId}, ${r.programName}, ${r.quota}, ${r.seatType}, ${r.gender}: ` +
  `${r.openingRank}${r.openingPreparatory ? 'P' : ''}-${r.closingRank}${r.closingPreparatory ? 'P' : ''}`;

/** The invariant table as printed on every import (and by data:add), one line each; failures last, with the rows at fault. */
export function formatInvariantReport(r: InvariantReport, maxRows = 50): string[] {
  const lines: string[] = [];
  lines.push(`${r.label} (${r.counselling} ${r.years.join(', ')}): ${r.ok ? 'accepted' : 'REFUSED'}`);
  lines.push(`  rows per round       ${r.roundRows.map((x) => `R${x.round} ${x.rows}`).join(', ')} (${r.rows} rows)`);
  lines.push(`  duplicate keys       ${r.duplicateKeys.length}`);
  const inv = r.inverted.filter((g) => g.inverted > 0);
  lines.push(
    `  opening > closing    ${inv.length ? inv.map((g) => `${g.instituteType} ${g.seatType} ${g.inverted}/${g.rows}${g.failed ? ' FAIL' : ''}`).join('; ') : 'none'} (ordinary ranks; limit ${pct(INVARIANT_LIMITS.INVERTED_SHARE)} of a group, none at IIT SC/ST/PwD seats)`,
  );
  lines.push(
    `  preparatory ranks    ${r.preparatory.printed} printed 'P', ${r.preparatory.byRule} marked by the 2016-2024 rule, ${r.preparatory.misplaced.length} outside IIT SC/ST/PwD seats`,
  );
  lines.push(
    `  rank scale           ${r.scale.above}/${r.scale.seats} reserved seats close above their OPEN seat (${pct(r.scale.share)}): ` +
      `${r.scale.found === 'crl' ? 'common-rank-list ranks' : r.scale.found === 'category' ? 'category ranks' : 'unclear'}, expected ${r.scale.expected === 'crl' ? 'common-rank-list ranks' : 'category ranks'}` +
      (r.scale.bySeatType.length ? ` [${r.scale.bySeatType.map((s) => `${s.seatType} ${s.above}/${s.seats}`).join(', ')}]` : ''),
  );
  for (const f of r.failures) lines.push(`  refused: ${f}`);
  const listed = [...r.invertedRows, ...r.preparatory.misplaced];
  for (const row of listed.slice(0, maxRows)) lines.push(`    ${describeRow(row)}`);
  if (listed.length > maxRows) lines.push(`    … and ${listed.length - maxRows} more rows`);
  return lines;
}

/** Throws with the printed table when the file is refused. */
export function assertOrcrInvariants(report: InvariantReport): void {
  if (!report.ok) throw new Error(`OR-CR invariants failed:\n${formatInvariantReport(report).join('\n')}`);
}
