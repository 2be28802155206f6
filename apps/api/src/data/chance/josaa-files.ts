import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { readCsv } from '../lib/csv.ts';
import { InstituteDirectory } from '../josaa/institute-directory.ts';
import { lostPreparatoryClosing } from '../josaa/preparatory.ts';
import type { RoundRow } from './seat-history.ts';

/**
 * The JoSAA files the backtest reads: every `josaa/orcr/<year>.csv`, the complete 2025 file (all six
 * rounds) and 2026 rounds 1-5. The partial 2025 files are superseded by the complete one (SOURCES.md).
 */
export function josaaBacktestFiles(dataDir: string): string[] {
  const orcr = path.join(dataDir, 'josaa/orcr');
  const files = readdirSync(orcr)
    .filter((f) => /^\d{4}\.csv$/.test(f))
    .sort()
    .map((f) => path.join(orcr, f));
  const full2025 = path.join(dataDir, 'josaa-2025/orcr_2025_all_rounds.csv');
  if (existsSync(full2025)) files.push(full2025);
  const rounds2026 = path.join(dataDir, 'josaa-2026/orcr_2026_rounds1-5.csv');
  if (existsSync(rounds2026)) files.push(rounds2026);
  return files;
}

/** Entities as the older files write them, and runs of whitespace: never part of a name. */
export function normaliseText(s: string): string {
  return s
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The seat as published: institute × program × quota × seat type × gender pool, names compared
 * after `normaliseText`; 'NA' gender (2016-2017, before the female-only pool) is Gender-Neutral.
 */
export function publishedSeatKey(
  r: { institute: string; program: string; quota: string; seatType: string; gender: string },
  normalise: (s: string) => string = normaliseText,
): string {
  const gender = r.gender === 'NA' ? 'Gender-Neutral' : r.gender;
  return [normalise(r.institute), normalise(r.program), r.quota.trim(), r.seatType.trim(), gender.trim()].join('\u0001');
}

/** A round an operator added (data/lib/added-rounds.ts): its year and round are the operator's. */
export type AddedFile = { file: string; year: number; round: number };

/**
 * Every round row of the backtest's files (and the added JoSAA rounds), keyed by the published seat.
 * A closing rank the stated rule for 2016-2024 makes preparatory (data/josaa/preparatory.ts: an IIT
 * SC, ST or PwD row whose opening rank is above its closing rank) gets the 'P' its file lost, so it
 * is left out as 2025's are.
 */
export async function readJosaaRoundRows(dataDir: string, added: AddedFile[] = []): Promise<RoundRow[]> {
  const rowOf = await josaaRoundRowReader(dataDir);
  const out: RoundRow[] = [];
  const files: (AddedFile | { file: string; year?: undefined; round?: undefined })[] = [...josaaBacktestFiles(dataDir).map((file) => ({ file })), ...added];
  for (const { file, year, round } of files) for (const r of await readCsv(file)) out.push(rowOf(r, year, round));
  return out;
}

/**
 * The round row of one record of a JoSAA OR-CR file as readJosaaRoundRows makes it (`year` and
 * `round` given for an added round): for a reader that goes through the same files in the same
 * order (the engineering import, which reads them once for both, decision 0023).
 */
export async function josaaRoundRowReader(dataDir: string): Promise<(r: Record<string, string>, year?: number, round?: number) => RoundRow> {
  const directory = new InstituteDirectory((await readCsv(path.join(dataDir, 'josaa/institutes.csv'))) as never);
  const typeOf = new Map<string, string>();
  const instituteType = (name: string) => {
    let t = typeOf.get(name);
    if (t === undefined) typeOf.set(name, (t = directory.find(name)?.type ?? ''));
    return t;
  };
  // Half a million rows name a few thousand institutes and programs: normalise each spelling once.
  const normalised = new Map<string, string>();
  const normalise = (text: string) => {
    let n = normalised.get(text);
    if (n === undefined) normalised.set(text, (n = normaliseText(text)));
    return n;
  };
  const plain = /^\d+$/;
  return (r, year, round) => {
    const gender = r.Gender === 'NA' ? 'Gender-Neutral' : r.Gender;
    let closing = r['Closing Rank'];
    if (
      plain.test(r['Opening Rank'].trim()) &&
      plain.test(closing.trim()) &&
      lostPreparatoryClosing(
        {
          counselling: 'JoSAA',
          year: year ?? Number(r.Year),
          seatType: r['Seat Type'].trim(),
          openingRank: Number(r['Opening Rank']),
          closingRank: Number(closing),
          openingPreparatory: false,
          closingPreparatory: false,
        },
        instituteType(r.Institute),
      )
    ) {
      closing = `${closing.trim()}P`;
    }
    return {
      key: publishedSeatKey({ institute: r.Institute, program: r['Academic Program Name'], quota: r.Quota, seatType: r['Seat Type'], gender }, normalise),
      year: year ?? Number(r.Year),
      round: round ?? Number(r.Round),
      quota: r.Quota.trim(),
      seatType: r['Seat Type'].trim(),
      gender,
      opening: r['Opening Rank'],
      closing,
    };
  };
}
