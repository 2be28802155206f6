import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { importColleges } from './colleges/import-colleges.ts';
import type { ImportContext, ImportSummary } from './import-context.ts';
import { importAddedRound } from './josaa/import-engineering.ts';
import { DASA_QUOTAS } from './josaa/engineering-data.ts';
import { eligibleStates } from './josaa/home-state-quotas.ts';
import { decodeEntities, jeeAdvancedInstitutes, nameKey } from './josaa/institute-aliases.ts';
import { InstituteDirectory, type CanonicalInstitute } from './josaa/institute-directory.ts';
import { parseRank } from './josaa/reference.ts';
import { checkOrcrInvariants } from './josaa/invariants.ts';
import { markLostPreparatoryRanks } from './josaa/preparatory.ts';
import { addedDataDir, manifestFile, readAddedRounds, sha256Of, type AddedRound, type Counselling } from './lib/added-rounds.ts';
import { parseCsv, readCsv } from './lib/csv.ts';
import { canonicalCourse } from './neet-pg/courses.ts';
import { importMedical } from './neet-pg/import-medical.ts';
import { instituteAliases as mccInstituteAliases } from './neet-pg/institute-aliases.ts';
import { instituteKey, splitNameAddress } from './neet-pg/institutes.ts';
import { addedAllotmentRows, neetPgFiles, QUOTA_OF_DATA, SEAT_CATEGORIES } from './neet-pg/medical-data.ts';

/*
 * Adding one published round without a code change (issue 22 item 5; docs/decisions/0023):
 * `npm run data:add -- <file> --counselling JoSAA|CSAB|MCC --year Y --round R` and /admin/data.
 *
 * 1. Validate before touching the database; every problem is listed and nothing is imported when
 *    there is one.
 * 2. The difference against the previous round (the same year's round R − 1, or the last round of
 *    the year before for a round 1): seats added and removed, the median and largest closing-rank moves.
 * 3. Keep the file under DATA_FOLDER/added-data with its checksum and who added it (manifest.json),
 *    then bring it live (import-engineering.ts importAddedRound): the round's rows and any program
 *    it names first are inserted, the reference seats, the chance models (refitted, with their
 *    backtests) and the seats' chance columns replaced, in one transaction with the import marker;
 *    the tables end as a whole re-import would leave them. Then the college pages' tables. Every instance's
 *    read model sees the new import marker and swaps in a model built from one snapshot
 *    (lib/read-model.ts): answers come from the old data or the new, never a mix.
 */

export type AddRoundInput = {
  /** The file as uploaded or read. */
  bytes: Buffer;
  /** Its name as given (kept only in the log). */
  fileName: string;
  counselling: Counselling;
  year: number;
  round: number;
  addedBy: string;
};

export type RoundMove = { seat: string; from: number; to: number; percent: number };

export type RoundDiff = {
  previous: { year: number; round: number; rows: number } | null;
  rows: number;
  seatsAdded: number;
  seatsRemoved: number;
  /** Seats in both with ordinary closing ranks. */
  compared: number;
  /** Median of (new − previous) / previous closing rank, in percent; null without seats in both. */
  medianMovePercent: number | null;
  /** The largest moves by size, at most 5. */
  largestMoves: RoundMove[];
  newInstitutes: string[];
  newPrograms: number;
};

export type AddRoundResult =
  | { status: 'refused'; problems: string[]; diff: RoundDiff | null }
  | { status: 'checked'; problems: []; diff: RoundDiff }
  | {
      status: 'live';
      problems: [];
      diff: RoundDiff;
      file: string;
      sha256: string;
      imports: ImportSummary[];
      /** Only the round's rows were inserted (false: the whole import ran, docs/decisions/0023). */
      incremental: boolean;
      ms: number;
    };

const REQUIRED_COLUMNS = ['Institute', 'Academic Program Name', 'Quota', 'Seat Type', 'Gender', 'Opening Rank', 'Closing Rank'];
const SEAT_TYPES = new Set(['OPEN', 'OPEN (PwD)', 'EWS', 'EWS (PwD)', 'OBC-NCL', 'OBC-NCL (PwD)', 'SC', 'SC (PwD)', 'ST', 'ST (PwD)']);
const GENDERS = new Set(['Gender-Neutral', 'Female-only (including Supernumerary)']);
/**
 * Row counts against the previous round: JoSAA's rounds lose 0-4% of rows each (2016-2026), its
 * round 1 is within 10% of the year before's; CSAB's second round has 40-60% of the first's rows.
 */
const ROW_COUNT_RANGE: Record<'JoSAA' | 'CSAB', { sameYear: [number, number]; newYear: [number, number] }> = {
  JoSAA: { sameYear: [0.9, 1.05], newYear: [0.75, 1.35] },
  CSAB: { sameYear: [0.3, 1.2], newYear: [0.6, 1.7] },
};
const MAX_LISTED = 20;

/** Edit distance on name keys, for the closest known names of an unknown institute. */
function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length];
}

export function closestNames(raw: string, institutes: Pick<CanonicalInstitute, 'name'>[], n = 3): string[] {
  const key = nameKey(raw);
  return institutes
    .map((i) => ({ name: i.name, d: distance(key, nameKey(i.name)) / Math.max(key.length, nameKey(i.name).length, 1) }))
    .sort((a, b) => a.d - b.d || (a.name < b.name ? -1 : 1))
    .slice(0, n)
    .map((x) => x.name);
}

/** A list of rows as the message shows them: 'rows 3, 7 and 9' (at most MAX_LISTED). */
function rowList(rows: number[]): string {
  const shown = rows.slice(0, MAX_LISTED).join(', ');
  return `row${rows.length === 1 ? '' : 's'} ${shown}${rows.length > MAX_LISTED ? ` and ${rows.length - MAX_LISTED} more` : ''}`;
}

type ParsedRow = {
  line: number;
  instituteId: string;
  institute: string;
  program: string;
  quota: string;
  seatType: string;
  gender: string;
  opening: { rank: number; preparatory: boolean };
  closing: { rank: number; preparatory: boolean };
};

type PreviousSeat = { key: string; closingRank: number; preparatory: boolean };

const seatKeyOf = (r: { instituteId: string; program: string; quota: string; seatType: string; gender: string }) =>
  `${r.instituteId}\u0001${r.program}\u0001${r.quota}\u0001${r.seatType}\u0001${r.gender}`;

/** The rounds of a counselling and year already in the database, with their row counts. */
async function roundsInDatabase(ctx: Pick<ImportContext, 'database'>, counselling: string): Promise<{ year: number; round: number; rows: number }[]> {
  const r = (await ctx.database.db.execute(
    sql`select year::int as year, round::int as round, count(*)::int as rows from engineering_cutoffs where counselling = ${counselling} group by year, round order by year, round`,
  )) as unknown as { rows: { year: number; round: number; rows: number }[] };
  return r.rows;
}

async function previousSeats(ctx: Pick<ImportContext, 'database'>, counselling: string, year: number, round: number): Promise<PreviousSeat[]> {
  const r = (await ctx.database.db.execute(
    sql`select c.institute_id as "instituteId", p.name as program, c.quota, c.seat_type as "seatType", c.gender, c.closing_rank as "closingRank",
          c.opening_preparatory or c.closing_preparatory as preparatory
        from engineering_cutoffs c join engineering_programs p on p.id = c.program_id
        where c.counselling = ${counselling} and c.year = ${year} and c.round = ${round}`,
  )) as unknown as {
    rows: { instituteId: string; program: string; quota: string; seatType: string; gender: string; closingRank: number; preparatory: boolean }[];
  };
  return r.rows.map((x) => ({ key: seatKeyOf(x), closingRank: x.closingRank, preparatory: x.preparatory }));
}

/**
 * Checks a JoSAA or CSAB OR-CR round file against the data already imported. Returns every problem
 * found (nothing is written) and, when the file could be read, its difference against the previous round.
 */
export async function checkRound(
  ctx: Pick<ImportContext, 'database' | 'config'>,
  input: AddRoundInput,
): Promise<{ problems: string[]; diff: RoundDiff | null }> {
  const problems: string[] = [];
  if (input.counselling === 'MCC') return checkMccRound(ctx, input);
  if (!Number.isInteger(input.year) || input.year < 2016 || input.year > 2100)
    problems.push(`the year must be a counselling year (2016 or later), not '${input.year}'`);
  if (!Number.isInteger(input.round) || input.round < 1 || input.round > 10) problems.push(`the round must be 1 to 10, not '${input.round}'`);

  let records: Record<string, string>[];
  try {
    records = parseCsv(input.bytes.toString('utf8'));
  } catch (err) {
    return { problems: [...problems, `the file is not a readable CSV: ${(err as Error).message}`], diff: null };
  }
  const header =
    input.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n|\r/, 1)[0] ?? '';
  let columns = new Set<string>();
  try {
    columns = new Set(Object.keys(parseCsv(`${header}\n${header}`)[0] ?? {}).map((c) => c.trim()));
  } catch {
    // Reported below as missing columns.
  }
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.has(c));
  if (missing.length)
    problems.push(
      `missing column${missing.length === 1 ? '' : 's'}: ${missing.join(', ')} (the columns are ${REQUIRED_COLUMNS.join(', ')}; Year and Round may be given too)`,
    );
  if (!records.length) problems.push('the file has no rows');
  if (missing.length || !records.length) return { problems, diff: null };

  const directory = new InstituteDirectory((await readCsv(path.join(ctx.config.DATA_DIR, 'josaa/institutes.csv'))) as never);
  const unknown = new Map<string, number[]>();
  const badRank: number[] = [];
  const inverted: string[] = [];
  const badQuota = new Map<string, number[]>();
  const badSeatType = new Map<string, number[]>();
  const badGender = new Map<string, number[]>();
  const wrongYearRound: number[] = [];
  const dupes = new Map<string, { first: number; lines: number[] }>();
  const seen = new Map<string, number>();
  const rows: ParsedRow[] = [];
  let dasa = 0;
  const note = (m: Map<string, number[]>, k: string, line: number) => m.set(k, [...(m.get(k) ?? []), line]);

  records.forEach((r, i) => {
    const line = i + 2; // the header is line 1
    if (
      (r.Year !== undefined && r.Year.trim() !== '' && Number(r.Year) !== input.year) ||
      (r.Round !== undefined && r.Round.trim() !== '' && Number(r.Round) !== input.round)
    )
      wrongYearRound.push(line);
    const quota = (r.Quota ?? '').trim();
    if (input.counselling === 'CSAB' && DASA_QUOTAS.has(quota)) {
      dasa++;
      return;
    }
    const rawInstitute = (r.Institute ?? '').trim();
    const inst = directory.resolve(rawInstitute);
    if (!inst) note(unknown, rawInstitute, line);
    const opening = parseRank(r['Opening Rank'] ?? '');
    const closing = parseRank(r['Closing Rank'] ?? '');
    if (!opening || !closing) badRank.push(line);
    const seatType = (r['Seat Type'] ?? '').trim();
    if (!SEAT_TYPES.has(seatType)) note(badSeatType, seatType, line);
    const gender = (r.Gender ?? '').trim();
    if (!GENDERS.has(gender)) note(badGender, gender, line);
    if (inst) {
      try {
        eligibleStates(inst, quota, input.year);
      } catch {
        note(badQuota, quota, line);
      }
    }
    const program = decodeEntities(r['Academic Program Name'] ?? '');
    if (!inst || !opening || !closing) return;
    if (!opening.preparatory && !closing.preparatory && opening.rank > closing.rank)
      inverted.push(`row ${line} (${inst.shortName}, ${program}, ${quota}, ${seatType}, ${gender}: opening ${opening.rank} above closing ${closing.rank})`);
    const key = seatKeyOf({ instituteId: inst.id, program, quota, seatType, gender });
    const first = seen.get(key);
    if (first === undefined) seen.set(key, line);
    else {
      const desc = `${inst.shortName}, ${program}, ${quota}, ${seatType}, ${gender}`;
      dupes.set(desc, { first, lines: [...(dupes.get(desc)?.lines ?? []), line] });
    }
    rows.push({ line, instituteId: inst.id, institute: inst.shortName, program, quota, seatType, gender, opening, closing });
  });

  for (const [name, lines] of unknown)
    problems.push(`unknown institute '${name}' (${rowList(lines)}); closest known names: ${closestNames(name, directory.institutes).join('; ')}`);
  if (badRank.length) problems.push(`ranks that are neither a number nor a preparatory rank ('50P') in ${rowList(badRank)}`);
  for (const i of inverted.slice(0, MAX_LISTED)) problems.push(`opening rank above closing rank: ${i}`);
  if (inverted.length > MAX_LISTED) problems.push(`${inverted.length - MAX_LISTED} more rows with the opening rank above the closing rank`);
  for (const [k, d] of dupes) problems.push(`duplicate seat (institute, program, quota, seat type, gender) ${k}: ${rowList(d.lines)} repeat row ${d.first}`);
  for (const [q, lines] of badQuota) problems.push(`quota '${q}' has no rule (home-state-quotas.ts) in ${rowList(lines)}`);
  for (const [t, lines] of badSeatType) problems.push(`unknown seat type '${t}' in ${rowList(lines)}`);
  for (const [g, lines] of badGender) problems.push(`unknown gender pool '${g}' in ${rowList(lines)}`);
  if (wrongYearRound.length) problems.push(`Year/Round columns differ from --year ${input.year} --round ${input.round} in ${rowList(wrongYearRound)}`);

  // The OR-CR invariants every imported file holds (eng-rules' invariants.ts): inversions per group,
  // preparatory ranks only where a preparatory list exists, the counselling's rank scale. Rounds in
  // order are checked against the database below, and duplicate keys above, row by row.
  const typeOf = new Map(directory.institutes.map((i) => [i.id, jeeAdvancedInstitutes.has(i.id) ? 'IIT' : i.type]));
  const invariantRows = rows.map((r) => ({
    counselling: input.counselling as 'JoSAA' | 'CSAB',
    year: input.year,
    round: input.round,
    instituteId: r.instituteId,
    programName: r.program,
    quota: r.quota,
    seatType: r.seatType,
    gender: r.gender,
    openingRank: r.opening.rank,
    closingRank: r.closing.rank,
    openingPreparatory: r.opening.preparatory,
    closingPreparatory: r.closing.preparatory,
    instituteType: typeOf.get(r.instituteId) ?? '',
  }));
  markLostPreparatoryRanks(invariantRows, (r) => r.instituteType);
  const report = checkOrcrInvariants(invariantRows, input.counselling, input.fileName);
  for (const f of report.failures) if (!/^round|duplicate key/.test(f)) problems.push(`OR-CR invariants: ${f}`);

  // Rounds in order: the next round of the year, or round 1 of the next year.
  const existing = await roundsInDatabase(ctx, input.counselling);
  const sameYear = existing.filter((r) => r.year === input.year);
  const lastYear = existing.at(-1)?.year ?? null;
  const lastRound = sameYear.at(-1)?.round ?? 0;
  let previous: { year: number; round: number; rows: number } | null = null;
  if (sameYear.some((r) => r.round === input.round)) problems.push(`${input.counselling} ${input.year} round ${input.round} is already in the data`);
  else if (sameYear.length && input.round !== lastRound + 1)
    problems.push(
      `rounds must come in order: ${input.counselling} ${input.year} has rounds up to ${lastRound}, so the next is ${lastRound + 1}, not ${input.round}`,
    );
  else if (!sameYear.length && lastYear !== null && input.year < lastYear)
    problems.push(
      `${input.counselling} ${input.year} is older than the latest year in the data (${lastYear}); only the next round of the latest year or round 1 of a new year can be added`,
    );
  else if (!sameYear.length && input.round !== 1)
    problems.push(`${input.counselling} ${input.year} has no rounds yet: the first to add is round 1, not ${input.round}`);
  if (sameYear.length && input.round === lastRound + 1) previous = sameYear.at(-1)!;
  else if (!sameYear.length && input.round === 1 && lastYear !== null && input.year > lastYear) previous = existing.at(-1)!;

  // Row counts against the previous round (DASA rows, CSAB's DC/AD quotas, are never imported: not counted).
  const counted = records.length - dasa;
  if (previous) {
    const [lo, hi] = ROW_COUNT_RANGE[input.counselling][previous.year === input.year ? 'sameYear' : 'newYear'];
    if (counted < previous.rows * lo || counted > previous.rows * hi)
      problems.push(
        `the file has ${counted.toLocaleString('en-IN')} rows against ${previous.rows.toLocaleString('en-IN')} in ${input.counselling} ${previous.year} round ${previous.round}: ` +
          `expected ${Math.ceil(previous.rows * lo).toLocaleString('en-IN')} to ${Math.floor(previous.rows * hi).toLocaleString('en-IN')}`,
      );
  }
  const diff = await diffAgainst(ctx, input, rows, previous);
  return { problems, diff };
}

async function diffAgainst(
  ctx: Pick<ImportContext, 'database'>,
  input: AddRoundInput,
  rows: ParsedRow[],
  previous: { year: number; round: number; rows: number } | null,
): Promise<RoundDiff> {
  const before = previous ? await previousSeats(ctx, input.counselling, previous.year, previous.round) : [];
  const prev = new Map(before.map((s) => [s.key, s]));
  const now = new Map(rows.map((r) => [seatKeyOf(r), r]));
  const moves: RoundMove[] = [];
  for (const [k, r] of now) {
    const p = prev.get(k);
    if (!p || p.preparatory || r.closing.preparatory || p.closingRank < 1) continue;
    moves.push({
      seat: `${r.institute}, ${r.program}, ${r.quota}, ${r.seatType}, ${r.gender}`,
      from: p.closingRank,
      to: r.closing.rank,
      percent: Math.round(((r.closing.rank - p.closingRank) / p.closingRank) * 1000) / 10,
    });
  }
  const sorted = moves.map((m) => m.percent).sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length ? (sorted.length % 2 ? sorted[mid] : Math.round(((sorted[mid - 1] + sorted[mid]) / 2) * 10) / 10) : null;
  const known = new Set(before.map((s) => s.key.split('\u0001')[0]));
  const programs = new Set(before.map((s) => s.key.split('\u0001').slice(0, 2).join('\u0001')));
  return {
    previous,
    rows: rows.length,
    seatsAdded: [...now.keys()].filter((k) => !prev.has(k)).length,
    seatsRemoved: [...prev.keys()].filter((k) => !now.has(k)).length,
    compared: moves.length,
    medianMovePercent: median,
    largestMoves: [...moves].sort((a, b) => Math.abs(b.percent) - Math.abs(a.percent) || (a.seat < b.seat ? -1 : 1)).slice(0, 5),
    newInstitutes: previous ? [...new Set(rows.filter((r) => !known.has(r.instituteId)).map((r) => r.institute))].sort() : [],
    newPrograms: previous
      ? new Set(rows.filter((r) => !programs.has(`${r.instituteId}\u0001${r.program}`)).map((r) => `${r.instituteId}|${r.program}`)).size
      : 0,
  };
}

/**
 * Row counts against the previous round of MCC allotments: a round lists the allotments made in it
 * (new ones and upgrades); in 2023 and 2024 R2 had two thirds of R1's, R3 five sixths of R2's, the
 * stray-vacancy rounds R4 and R5 a fifth and a quarter of the round before; R1 of 2024 had 1.1 times
 * 2023's. A new year's round 1 is compared with the latest year's round 1.
 */
const MCC_ROW_COUNT_RANGE = { sameYear: [0.1, 1.2], newYear: [0.6, 1.6] } as const;
const MCC_COLUMNS = ['Rank', 'Allotted Quota', 'Allotted Institute', 'Course', 'Alloted Category'];

type MccInstitute = { id: string; name: string; mccCode: number | null; rawNames: string[] };

/**
 * The institute ids an allotment spelling resolves to, as the NEET PG importer would resolve it
 * (data/neet-pg/institutes.ts): a spelling already imported, the reviewed alias table, one MCC
 * list entry with the same name and address, or the PIN and the start of the name; else none.
 */
function mccResolver(institutes: MccInstitute[], fees: Record<string, string>[]): (raw: string, quota: string) => string[] {
  const byKey = new Map<string, Set<string>>();
  for (const i of institutes)
    for (const raw of i.rawNames) {
      const k = instituteKey(raw);
      byKey.set(k, (byKey.get(k) ?? new Set()).add(i.id));
    }
  const aliasByKey = new Map(mccInstituteAliases.map((a) => [instituteKey(a.spelling), a]));
  const feesByKey = new Map<string, Record<string, string>[]>();
  const feesByPin = new Map<string, Record<string, string>[]>();
  for (const f of fees) {
    const k = instituteKey(f['Institute Full Name/Address (MCC list)'] ?? '');
    feesByKey.set(k, [...(feesByKey.get(k) ?? []), f]);
    const pin = f['Pin Code']?.replace(/\s/g, '');
    if (/^\d{6}$/.test(pin ?? '')) feesByPin.set(pin, [...(feesByPin.get(pin) ?? []), f]);
  }
  return (raw, quota) => {
    const key = instituteKey(raw);
    const known = byKey.get(key);
    if (known) return [...known].sort();
    const alias = aliasByKey.get(key);
    if (alias && 'mcc' in alias) return [`mcc-${alias.dnbMcc !== undefined && quota === 'DNB Quota' ? alias.dnbMcc : alias.mcc}`];
    if (alias && 'sameAs' in alias) return [...(byKey.get(instituteKey(alias.sameAs)) ?? [])].sort();
    const exact = feesByKey.get(key);
    if (exact?.length === 1) return [`mcc-${Number(exact[0]['MCC Institute Code'])}`];
    const pin = /(\d{3}\s?\d{3})\s*$/.exec(raw.trim())?.[1].replace(/\s/g, '');
    const byPin = ((pin && feesByPin.get(pin)) || []).filter((f) => {
      const nk = instituteKey(f['Institute Name'] ?? '');
      return nk.length >= 8 && key.startsWith(nk);
    });
    return !exact && byPin.length === 1 ? [`mcc-${Number(byPin[0]['MCC Institute Code'])}`] : [];
  };
}

/**
 * Checks one round of MCC (NEET PG) allotments, in the columns of the 2023-2024 allotment file
 * (Rank, Allotted Quota, Allotted Institute, Course, Alloted Category; the normalised quota and
 * course, Location/State, Year and Round may be given too), against the NEET PG data imported.
 */
async function checkMccRound(ctx: Pick<ImportContext, 'database' | 'config'>, input: AddRoundInput): Promise<{ problems: string[]; diff: RoundDiff | null }> {
  const problems: string[] = [];
  if (!Number.isInteger(input.year) || input.year < 2023 || input.year > 2100)
    problems.push(`the year must be a NEET PG counselling year (2023 or later), not '${input.year}'`);
  if (!Number.isInteger(input.round) || input.round < 1 || input.round > 9) problems.push(`the round must be 1 to 9, not '${input.round}'`);
  let records: Record<string, string>[];
  try {
    records = parseCsv(input.bytes.toString('utf8'));
  } catch (err) {
    return { problems: [...problems, `the file is not a readable CSV: ${(err as Error).message}`], diff: null };
  }
  const first = records[0] ?? {};
  const missing = MCC_COLUMNS.filter((c) => !(c in first));
  if (!records.length) problems.push('the file has no rows');
  else if (missing.length)
    problems.push(`missing column${missing.length === 1 ? '' : 's'}: ${missing.join(', ')} (the columns of the allotment file are ${MCC_COLUMNS.join(', ')})`);
  if (!records.length || missing.length) return { problems, diff: null };

  const db = ctx.database.db;
  const institutes = (
    (await db.execute(sql`select id, name, mcc_code as "mccCode", raw_names as "rawNames" from medical_institutes`)) as unknown as { rows: MccInstitute[] }
  ).rows;
  const courses = new Set(((await db.execute(sql`select name from medical_courses`)) as unknown as { rows: { name: string }[] }).rows.map((r) => r.name));
  const fees = await readCsv(neetPgFiles(ctx.config.DATA_DIR).fees);
  const resolve = mccResolver(institutes, fees);

  const rows = addedAllotmentRows(records, input.year, input.round);
  const badRank: number[] = [];
  const wrongYearRound: number[] = [];
  const unknown = new Map<string, number[]>();
  const badQuota = new Map<string, number[]>();
  const badCategory = new Map<string, number[]>();
  const badCourse = new Map<string, number[]>();
  const ranks = new Map<string, number[]>();
  const note = (m: Map<string, number[]>, k: string, line: number) => m.set(k, [...(m.get(k) ?? []), line]);
  type Seat = { ids: string[]; course: string; quota: string; category: string; closing: number; institute: string };
  const seats = new Map<string, Seat>();
  records.forEach((r, i) => {
    const line = i + 2;
    const row = rows[i];
    if (
      (r.Year !== undefined && r.Year.trim() !== '' && Number(r.Year) !== input.year) ||
      (r.Round !== undefined && r.Round.trim() !== '' && r.Round.trim().replace(/^R/i, '') !== String(input.round))
    )
      wrongYearRound.push(line);
    const rank = row.Rank;
    if (!/^\d+$/.test(rank) || Number(rank) <= 0) badRank.push(line);
    else ranks.set(rank, [...(ranks.get(rank) ?? []), line]);
    const quota = QUOTA_OF_DATA[row['Allotted Quota (normalized)']];
    if (!quota) note(badQuota, (r['Allotted Quota'] ?? '').trim(), line);
    const category = row['Alloted Category'];
    if (!(SEAT_CATEGORIES as readonly string[]).includes(category)) note(badCategory, category, line);
    const course = canonicalCourse(row['Course (normalized)']);
    if (!courses.has(course)) note(badCourse, row['Course (normalized)'], line);
    const raw = (r['Allotted Institute'] ?? '').trim();
    // The quota only picks an MCC entry's DNB twin: an institute is known or not whatever the quota.
    const ids = resolve(raw, quota ?? '');
    if (!ids.length) note(unknown, raw, line);
    if (!ids.length || !quota || !/^\d+$/.test(rank)) return;
    const k = `${ids.join('+')}|${course}|${quota}|${category}`;
    const s = seats.get(k);
    if (s) s.closing = Math.max(s.closing, Number(rank));
    else seats.set(k, { ids, course, quota, category, closing: Number(rank), institute: splitNameAddress(raw).name });
  });
  const known = institutes.map((i) => ({ name: i.name }));
  for (const [name, lines] of unknown)
    problems.push(`unknown institute '${name}' (${rowList(lines)}); closest known names: ${closestNames(splitNameAddress(name).name, known).join('; ')}`);
  if (badRank.length) problems.push(`AIRs that are not positive numbers in ${rowList(badRank)}`);
  for (const [rank, lines] of ranks) if (lines.length > 1) problems.push(`AIR ${rank} is allotted twice in one round (${rowList(lines)})`);
  for (const [q, lines] of badQuota) problems.push(`unknown quota '${q}' in ${rowList(lines)} (the quotas are ${Object.keys(QUOTA_OF_DATA).join(', ')})`);
  for (const [c, lines] of badCategory)
    problems.push(`unknown allotted category '${c}' in ${rowList(lines)} (the categories are ${SEAT_CATEGORIES.join(', ')})`);
  for (const [c, lines] of badCourse) problems.push(`unknown course '${c}' in ${rowList(lines)}`);
  if (wrongYearRound.length) problems.push(`Year/Round columns differ from --year ${input.year} --round ${input.round} in ${rowList(wrongYearRound)}`);

  // Rounds in order: the next round of the year, or round 1 of the next year.
  const existing = (
    (await db.execute(
      sql`select year::int as year, round::int as round, sum(allotments)::int as rows from medical_cutoffs group by year, round order by year, round`,
    )) as unknown as { rows: { year: number; round: number; rows: number }[] }
  ).rows;
  const sameYear = existing.filter((r) => r.year === input.year);
  const lastYear = existing.at(-1)?.year ?? null;
  const lastRound = sameYear.at(-1)?.round ?? 0;
  let previous: { year: number; round: number; rows: number } | null = null;
  if (sameYear.some((r) => r.round === input.round)) problems.push(`MCC ${input.year} round ${input.round} is already in the data`);
  else if (sameYear.length && input.round !== lastRound + 1)
    problems.push(`rounds must come in order: MCC ${input.year} has rounds up to ${lastRound}, so the next is ${lastRound + 1}, not ${input.round}`);
  else if (!sameYear.length && lastYear !== null && input.year < lastYear)
    problems.push(
      `MCC ${input.year} is older than the latest year in the data (${lastYear}); only the next round of the latest year or round 1 of a new year can be added`,
    );
  else if (!sameYear.length && input.round !== 1) problems.push(`MCC ${input.year} has no rounds yet: the first to add is round 1, not ${input.round}`);
  if (sameYear.length && input.round === lastRound + 1) previous = sameYear.at(-1)!;
  else if (!sameYear.length && input.round === 1 && lastYear !== null && input.year > lastYear)
    previous = existing.find((r) => r.year === lastYear && r.round === 1) ?? existing.at(-1)!;
  if (previous) {
    const [lo, hi] = MCC_ROW_COUNT_RANGE[previous.year === input.year ? 'sameYear' : 'newYear'];
    if (records.length < previous.rows * lo || records.length > previous.rows * hi)
      problems.push(
        `the file has ${records.length.toLocaleString('en-IN')} allotments against ${previous.rows.toLocaleString('en-IN')} in MCC ${previous.year} round ${previous.round}: ` +
          `expected ${Math.ceil(previous.rows * lo).toLocaleString('en-IN')} to ${Math.floor(previous.rows * hi).toLocaleString('en-IN')}`,
      );
  }

  // The difference against the previous round: seats (institute × course × quota × category) and
  // their closing ranks, the highest AIR allotted in each round.
  const before = previous
    ? (
        (await db.execute(
          sql`select institute_id as "instituteId", course, quota, category, closing_rank as "closingRank" from medical_cutoffs where year = ${previous.year} and round = ${previous.round}`,
        )) as unknown as { rows: { instituteId: string; course: string; quota: string; category: string; closingRank: number }[] }
      ).rows
    : [];
  const prev = new Map(before.map((b) => [`${b.instituteId}|${b.course}|${b.quota}|${b.category}`, b.closingRank]));
  const prevInstitutes = new Set(before.map((b) => b.instituteId));
  const prevPrograms = new Set(before.map((b) => `${b.instituteId}|${b.course}`));
  const now = new Map<string, Seat & { id: string }>();
  for (const s of seats.values()) {
    const id = s.ids.find((x) => prev.has(`${x}|${s.course}|${s.quota}|${s.category}`)) ?? s.ids[0];
    now.set(`${id}|${s.course}|${s.quota}|${s.category}`, { ...s, id });
  }
  const moves: RoundMove[] = [];
  for (const [k, s] of now) {
    const p = prev.get(k);
    if (p === undefined || p < 1) continue;
    moves.push({
      seat: `${s.institute}, ${s.course}, ${s.quota}, ${s.category}`,
      from: p,
      to: s.closing,
      percent: Math.round(((s.closing - p) / p) * 1000) / 10,
    });
  }
  const sorted = moves.map((m) => m.percent).sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length ? (sorted.length % 2 ? sorted[mid] : Math.round(((sorted[mid - 1] + sorted[mid]) / 2) * 10) / 10) : null;
  const diff: RoundDiff = {
    previous,
    rows: records.length,
    seatsAdded: [...now.keys()].filter((k) => !prev.has(k)).length,
    seatsRemoved: [...prev.keys()].filter((k) => !now.has(k)).length,
    compared: moves.length,
    medianMovePercent: median,
    largestMoves: [...moves].sort((a, b) => Math.abs(b.percent) - Math.abs(a.percent) || (a.seat < b.seat ? -1 : 1)).slice(0, 5),
    newInstitutes: previous ? [...new Set([...now.values()].filter((s) => !prevInstitutes.has(s.id)).map((s) => s.institute))].sort() : [],
    newPrograms: previous ? new Set([...now.values()].filter((s) => !prevPrograms.has(`${s.id}|${s.course}`)).map((s) => `${s.id}|${s.course}`)).size : 0,
  };
  return { problems, diff };
}

function writeManifest(dataFolder: string, rounds: AddedRound[]): void {
  const file = manifestFile(dataFolder);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify({ rounds }, null, 2)}\n`);
  renameSync(tmp, file);
}

/** Serialises additions within this process (the CLI is one process; the admin page answers one at a time). */
let running: Promise<unknown> = Promise.resolve();

/**
 * Checks the round and, when it has no problem and `dryRun` is not set, keeps the file and brings it
 * live (see the top of this file).
 */
export function addRound(ctx: ImportContext, input: AddRoundInput, opts: { dryRun?: boolean } = {}): Promise<AddRoundResult> {
  const next = running.then(() => addRoundNow(ctx, input, opts));
  running = next.catch(() => {});
  return next;
}

async function addRoundNow(ctx: ImportContext, input: AddRoundInput, opts: { dryRun?: boolean }): Promise<AddRoundResult> {
  const started = performance.now();
  const { problems, diff } = await checkRound(ctx, input);
  if (problems.length || !diff)
    return { status: 'refused', problems: problems.length ? problems : ['the file could not be compared with the previous round'], diff };
  if (opts.dryRun) return { status: 'checked', problems: [], diff };

  const dataFolder = ctx.config.DATA_FOLDER;
  const sha256 = sha256Of(input.bytes);
  const file = `${input.counselling.toLowerCase()}-${input.year}-round-${input.round}-${sha256.slice(0, 12)}.csv`;
  const dir = addedDataDir(dataFolder);
  mkdirSync(dir, { recursive: true });
  const target = path.join(dir, file);
  const before = readAddedRounds(dataFolder);
  const entry: AddedRound = {
    file,
    counselling: input.counselling,
    year: input.year,
    round: input.round,
    sha256,
    rows: diff.rows,
    addedBy: input.addedBy,
    addedAt: new Date().toISOString(),
  };
  writeFileSync(target, input.bytes);
  writeManifest(dataFolder, [...before, entry]);
  try {
    if (input.counselling === 'MCC') {
      // The NEET PG import reads the added MCC rounds after its files and refits its chance model (decision 0023).
      const medical = await importMedical(ctx);
      return { status: 'live', problems: [], diff, file: target, sha256, imports: [medical], incremental: false, ms: performance.now() - started };
    }
    const engineering = await importAddedRound(ctx, entry);
    const colleges = await importColleges(ctx);
    const { incremental, ...summary } = engineering;
    return { status: 'live', problems: [], diff, file: target, sha256, imports: [summary, colleges], incremental, ms: performance.now() - started };
  } catch (err) {
    // The import ran in one transaction: the database is as it was; so is DATA_FOLDER now.
    writeManifest(dataFolder, before);
    if (existsSync(target) && !before.some((b) => b.file === file)) rmSync(target);
    throw err;
  }
}

/** The added rounds as the manifest lists them (the admin page). */
export function listAddedRounds(dataFolder: string): AddedRound[] {
  return existsSync(manifestFile(dataFolder)) ? (JSON.parse(readFileSync(manifestFile(dataFolder), 'utf8')) as { rounds: AddedRound[] }).rounds : [];
}
