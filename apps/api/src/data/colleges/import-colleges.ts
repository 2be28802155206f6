import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { ImportContext, ImportSummary } from '../import-context.ts';
import { instituteAliases, nameKey } from '../josaa/institute-aliases.ts';
import { readCsv } from '../lib/csv.ts';
import { hashInputs, importedHash, replaceImport } from '../lib/import-record.ts';

const IMPORT_NAME = 'colleges';
/** Bump when the importer's output changes for the same inputs. */
const IMPORTER_VERSION = '1';

export const nirfRankingsFile = (dataDir: string) => path.join(dataDir, 'nirf/nirf_engineering_rankings.csv');

export type NirfRank = { instituteId: string; year: number; rank: number; score: number | null; nameInSource: string };

export async function hasCollegeData(database: Database): Promise<boolean> {
  return (await importedHash(database, IMPORT_NAME)) !== undefined;
}

/**
 * Places NIRF's names on the imported institutes the way the engineering importer's directory does
 * (institute name compared by `nameKey`, then the reviewed alias table), and keeps every edition's
 * rank. An institute NIRF lists twice in one edition keeps its better rank.
 */
export function placeRanks(rows: Record<string, string>[], institutes: { id: string; name: string }[]): NirfRank[] {
  const byKey = new Map(institutes.map((i) => [nameKey(i.name), i.id]));
  const aliasKeys = new Map(Object.entries(instituteAliases).map(([from, to]) => [nameKey(from), nameKey(to)]));
  const out = new Map<string, NirfRank>();
  for (const r of rows) {
    const key = nameKey(r.institute_name ?? '');
    const id = byKey.get(key) ?? byKey.get(aliasKeys.get(key) ?? '');
    const year = Number(r.year);
    const rank = Number(r.rank);
    if (!id || !Number.isInteger(year) || !Number.isInteger(rank) || rank <= 0) continue;
    const score = r.score?.trim() && Number.isFinite(Number(r.score)) ? Number(r.score) : null;
    const k = `${id}|${year}`;
    const cur = out.get(k);
    if (!cur || rank < cur.rank) out.set(k, { instituteId: id, year, rank, score, nameInSource: r.institute_name.trim() });
  }
  return [...out.values()].sort((a, b) => (a.instituteId === b.instituteId ? a.year - b.year : a.instituteId < b.instituteId ? -1 : 1));
}

/**
 * Each institute's programs of its latest JoSAA year, with how many seats (quota × seat type ×
 * pool) each had and the quotas offered: what a college page's 'Available Branches' and 'about'
 * text read, precomputed so that a page is a few indexed reads.
 */
const LATEST_PROGRAMS = `
  insert into college_programs (institute_id, year, program_name, branch_group, seats, quotas)
  select c.institute_id, c.year, p.name, p.branch_group, count(distinct (c.quota, c.seat_type, c.gender)), array_agg(distinct c.quota order by c.quota)
  from engineering_cutoffs c
  join engineering_programs p on p.id = c.program_id
  join (select institute_id, max(year) as year from engineering_cutoffs where counselling = 'JoSAA' group by institute_id) l
    on l.institute_id = c.institute_id and l.year = c.year
  where c.counselling = 'JoSAA'
  group by c.institute_id, c.year, p.name, p.branch_group`;

/**
 * The college pages' own tables, derived from the engineering import (so run after it, and again
 * whenever it changed): every NIRF Engineering edition's rank of each institute, and each
 * institute's programs of its latest JoSAA year.
 */
export async function importColleges(ctx: ImportContext): Promise<ImportSummary> {
  const started = performance.now();
  const { config, database } = ctx;
  const file = nirfRankingsFile(config.DATA_DIR);
  if (!existsSync(file)) throw new Error(`DATA_DIR has no nirf/nirf_engineering_rankings.csv: ${config.DATA_DIR}`);
  const engineering = (await importedHash(database, 'engineering')) ?? '';
  const hash = hashInputs(config.DATA_DIR, `${IMPORTER_VERSION}|${engineering}`, [file]);
  if ((await importedHash(database, IMPORT_NAME)) === hash) return { name: IMPORT_NAME, rows: 0, unplaced: [], skipped: true, ms: performance.now() - started };

  const institutes = (await database.db.execute(sql`select id, name from engineering_institutes`)) as unknown as { rows: { id: string; name: string }[] };
  const ranks = placeRanks(await readCsv(file), institutes.rows);
  await replaceImport(database, { name: IMPORT_NAME, hash, rows: ranks.length, tables: ['engineering_nirf_ranks', 'college_programs'] }, async (tx) => {
    await tx.copyRows(
      'engineering_nirf_ranks',
      ['institute_id', 'year', 'rank', 'score', 'name_in_source'],
      ranks.map((r) => [r.instituteId, r.year, r.rank, r.score, r.nameInSource]),
    );
    await tx.query(LATEST_PROGRAMS);
  });
  return { name: IMPORT_NAME, rows: ranks.length, unplaced: [], skipped: false, ms: performance.now() - started };
}
