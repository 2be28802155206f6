import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../db/client.ts';
import type { ImportContext, ImportSummary } from '../import-context.ts';
import { hashInputs, importedHash, replaceImport } from '../lib/import-record.ts';
import { readCsv } from '../lib/csv.ts';
import { branchGroupOf } from './branch-groups.ts';
import { decodeEntities } from './institute-aliases.ts';
import { InstituteDirectory, type CanonicalInstitute } from './institute-directory.ts';
import { buildReference, type CutoffRow } from './reference.ts';
import { loadNirf, type NirfFigures } from './nirf.ts';

const IMPORT_NAME = 'engineering';
/** Bump when the importer's output changes for the same inputs. */
const IMPORTER_VERSION = '1';

type Source = { file: string; counselling: 'JoSAA' | 'CSAB' };

export function engineeringSources(dataDir: string, include2026: boolean): Source[] {
  const orcr = path.join(dataDir, 'josaa/orcr');
  const files: Source[] = readdirSync(orcr)
    .filter((f) => /^\d{4}\.csv$/.test(f))
    .sort()
    .map((f) => ({ file: path.join(orcr, f), counselling: 'JoSAA' }));
  files.push({ file: path.join(dataDir, 'josaa-2025/orcr_2025_round5.csv'), counselling: 'JoSAA' });
  files.push({ file: path.join(dataDir, 'josaa-2025/orcr_2025_rounds1-6_open_gn_subset.csv'), counselling: 'JoSAA' });
  files.push({ file: path.join(dataDir, 'csab/csab_2025_rounds1-3_open_gn_subset.csv'), counselling: 'CSAB' });
  if (include2026) files.push({ file: path.join(dataDir, 'josaa-2026/orcr_2026_round1.csv'), counselling: 'JoSAA' });
  return files;
}

export async function hasEngineeringData(database: Database): Promise<boolean> {
  return (await importedHash(database, IMPORT_NAME)) !== undefined;
}

export type EngineeringData = {
  institutes: (CanonicalInstitute & { address: string | null; website: string | null; josaaCode: number | null } & NirfFigures)[];
  cutoffs: CutoffRow[];
  unplaced: string[];
};

/** Reads and normalises every engineering data set (no database). */
export async function readEngineeringData(dataDir: string, include2026: boolean, onFile?: (file: string) => void): Promise<EngineeringData> {
  const directory = new InstituteDirectory((await readCsv(path.join(dataDir, 'josaa/institutes.csv'))) as never);
  const cutoffs: CutoffRow[] = [];
  const seen = new Set<string>();
  for (const src of engineeringSources(dataDir, include2026)) {
    onFile?.(src.file);
    for (const r of await readCsv(src.file)) {
      const inst = directory.resolve(r.Institute);
      if (!inst) continue;
      const programName = decodeEntities(r['Academic Program Name']);
      // Before 2018 there was no female-only pool: every seat was gender-neutral ('NA' in the data).
      const gender = r.Gender === 'NA' ? 'Gender-Neutral' : r.Gender;
      const row: CutoffRow = {
        counselling: src.counselling,
        year: Number(r.Year),
        round: Number(r.Round),
        instituteId: inst.id,
        programName,
        branchGroup: branchGroupOf(programName),
        quota: r.Quota,
        seatType: r['Seat Type'],
        gender,
        openingRank: Number(r['Opening Rank']),
        closingRank: Number(r['Closing Rank']),
      };
      if (!Number.isInteger(row.openingRank) || !Number.isInteger(row.closingRank) || !Number.isInteger(row.year) || !Number.isInteger(row.round)) {
        throw new Error(`unreadable rank row in ${src.file}: ${JSON.stringify(r)}`);
      }
      // The 2025 rounds 1-6 subset repeats round 5 of the full round-5 file exactly (SOURCES.md).
      const key = `${row.counselling}|${row.year}|${row.round}|${row.instituteId}|${programName}|${row.quota}|${row.seatType}|${row.gender}`;
      if (seen.has(key) && row.seatType !== 'UNKNOWN') continue;
      seen.add(key);
      cutoffs.push(row);
    }
  }
  const profiles = await readCsv(path.join(dataDir, 'institute-profiles/josaa_institute_addresses_2023.csv'));
  const profileById = new Map<string, Record<string, string>>();
  for (const p of profiles) {
    const inst = directory.resolve(p.institute_name);
    if (inst) profileById.set(inst.id, p);
  }
  const nirf = await loadNirf(dataDir, directory);
  const institutes = directory.institutes.map((i) => {
    const p = profileById.get(i.id);
    return {
      ...i,
      address: p?.address || null,
      website: p?.website || null,
      josaaCode: p?.josaa_institute_code ? Number(p.josaa_institute_code) : null,
      ...(nirf.get(i.id) ?? emptyNirf),
    };
  });
  return { institutes, cutoffs, unplaced: [...directory.unplaced].sort() };
}

const emptyNirf: NirfFigures = {
  nirfRank: null,
  nirfRankYear: null,
  medianSalaryLpa: null,
  placementRate: null,
  placementYear: null,
  placementSource: null,
};

function inputHash(dataDir: string, include2026: boolean, referenceYear: number | undefined): string {
  const files = [
    ...engineeringSources(dataDir, include2026).map((s) => s.file),
    path.join(dataDir, 'josaa/institutes.csv'),
    path.join(dataDir, 'institute-profiles/josaa_institute_addresses_2023.csv'),
    ...readdirSync(path.join(dataDir, 'nirf')).map((f) => path.join(dataDir, 'nirf', f)),
  ];
  return hashInputs(dataDir, `${IMPORTER_VERSION}|${include2026}|${referenceYear ?? ''}`, files);
}

/** Imports (or, when the inputs are unchanged, keeps) every engineering data set. */
export async function importEngineering(ctx: ImportContext): Promise<ImportSummary> {
  const started = performance.now();
  const { config, database } = ctx;
  const dataDir = config.DATA_DIR;
  if (!existsSync(path.join(dataDir, 'josaa/institutes.csv'))) {
    throw new Error(`DATA_DIR has no josaa/institutes.csv: ${dataDir}`);
  }
  const include2026 = config.IMPORT_JOSAA_2026;
  const hash = inputHash(dataDir, include2026, config.PREDICTOR_REFERENCE_YEAR);
  if ((await importedHash(database, IMPORT_NAME)) === hash) {
    return { name: IMPORT_NAME, rows: 0, unplaced: [], skipped: true, ms: performance.now() - started };
  }

  const sources = engineeringSources(dataDir, include2026);
  ctx.progress.start('engineering: reading files', sources.length + 3);
  const data = await readEngineeringData(dataDir, include2026, () => ctx.progress.tick());
  const types = new Map(data.institutes.map((i) => [i.id, i.type]));
  const reference = buildReference(data.cutoffs, (id) => types.get(id) !== 'IIT', config.PREDICTOR_REFERENCE_YEAR);
  ctx.progress.tick();
  const byId = new Map(data.institutes.map((i) => [i.id, i]));

  const tables = ['engineering_reference', 'engineering_cutoffs', 'engineering_institutes'];
  await replaceImport(database, { name: IMPORT_NAME, hash, rows: data.cutoffs.length, tables }, async (tx) => {
    await tx.copyRows(
      'engineering_institutes',
      [
        'id',
        'name',
        'short_name',
        'type',
        'state',
        'address',
        'website',
        'josaa_code',
        'nirf_rank',
        'nirf_rank_year',
        'median_salary_lpa',
        'placement_rate',
        'placement_year',
        'placement_source',
        'fee_inr',
        'sports_facility',
        'hostel_facility',
        'mess_facility',
      ],
      data.institutes.map((i) => [
        i.id,
        i.name,
        i.shortName,
        i.type,
        i.state,
        i.address,
        i.website,
        i.josaaCode,
        i.nirfRank,
        i.nirfRankYear,
        i.medianSalaryLpa,
        i.placementRate,
        i.placementYear,
        i.placementSource,
        null,
        null,
        null,
        null,
      ]),
    );
    await tx.copyRows(
      'engineering_cutoffs',
      ['counselling', 'year', 'round', 'institute_id', 'program_name', 'branch_group', 'quota', 'seat_type', 'gender', 'opening_rank', 'closing_rank'],
      data.cutoffs.map((r) => [
        r.counselling,
        r.year,
        r.round,
        r.instituteId,
        r.programName,
        r.branchGroup,
        r.quota,
        r.seatType,
        r.gender,
        r.openingRank,
        r.closingRank,
      ]),
    );
    ctx.progress.tick();
    await tx.copyRows(
      'engineering_reference',
      [
        'id',
        'scheme',
        'institute_id',
        'institute_name',
        'institute_type',
        'state',
        'program_name',
        'branch_group',
        'quota',
        'seat_type',
        'gender',
        'opening_rank',
        'closing_rank',
        'year',
        'round',
        'basis',
        'median_salary_lpa',
        'placement_year',
        'nirf_rank',
        'fee_inr',
        'sports_facility',
        'hostel_facility',
        'mess_facility',
        'search_text',
      ],
      reference.map((r) => {
        const i = byId.get(r.instituteId)!;
        return [
          r.id,
          r.scheme,
          r.instituteId,
          i.name,
          i.type,
          i.state,
          r.programName,
          r.branchGroup,
          r.quota,
          r.seatType,
          r.gender,
          r.openingRank,
          r.closingRank,
          r.year,
          r.round,
          r.counselling,
          i.medianSalaryLpa,
          i.placementYear,
          i.nirfRank,
          null,
          null,
          null,
          null,
          `${i.name} ${i.shortName} ${r.programName}`.toLowerCase(),
        ];
      }),
    );
  });
  ctx.progress.tick();
  ctx.progress.stop();
  for (const name of data.unplaced) ctx.log(`engineering: could not place institute '${name}'`);
  return { name: IMPORT_NAME, rows: data.cutoffs.length, unplaced: data.unplaced, skipped: false, ms: performance.now() - started };
}
