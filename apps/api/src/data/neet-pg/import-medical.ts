import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../db/client.ts';
import type { ImportContext, ImportSummary } from '../import-context.ts';
import { addedDataDir, addedRoundsKey, readAddedRounds, type AddedRound } from '../lib/added-rounds.ts';
import { hashInputs, importedHash, replaceImport } from '../lib/import-record.ts';
import { pgTextArray } from '../lib/pg-array.ts';
import { degreeMap, neetPgFiles, readMedicalData } from './medical-data.ts';
import { locationOf } from './names.ts';
import { buildSeats, referenceRound } from './seats.ts';
import { CHANCE_MODEL_VERSION, neetPgChanceModel } from '../chance/chance-models.ts';
import { medicalSeatChances, medicalSeatInputs } from '../chance/seat-chances.ts';
import { storeChanceModel } from '../chance/store-chance-model.ts';

const IMPORT_NAME = 'medical';
/** Bump when the importer's output changes for the same inputs. */
const IMPORTER_VERSION = '5';

export async function hasMedicalData(database: Database): Promise<boolean> {
  return (await importedHash(database, IMPORT_NAME)) !== undefined;
}

function inputHash(dataDir: string, year: number | undefined, round: number | undefined, added: AddedRound[]): string {
  // The added rounds are named by their checksums (data/lib/added-rounds.ts).
  const settings = `${IMPORTER_VERSION}|chance ${CHANCE_MODEL_VERSION}|${year ?? ''}|${round ?? ''}${added.length ? `|${addedRoundsKey(added)}` : ''}`;
  return hashInputs(dataDir, settings, Object.values(neetPgFiles(dataDir)));
}

/** Imports (or, when the inputs are unchanged, keeps) the NEET PG allotments, institutes, fees and courses. */
export async function importMedical(ctx: ImportContext): Promise<ImportSummary> {
  const started = performance.now();
  const { config, database } = ctx;
  const dataDir = config.DATA_DIR;
  const files = neetPgFiles(dataDir);
  for (const f of Object.values(files)) if (!existsSync(f)) throw new Error(`DATA_DIR has no ${path.relative(dataDir, f)}: ${dataDir}`);
  // MCC rounds an operator added (data:add), kept under DATA_FOLDER with their checksums.
  const added = readAddedRounds(config.DATA_FOLDER, 'MCC');
  const hash = inputHash(dataDir, config.MEDICAL_REFERENCE_YEAR, config.MEDICAL_REFERENCE_ROUND, added);
  if ((await importedHash(database, IMPORT_NAME)) === hash) {
    return { name: IMPORT_NAME, rows: 0, unplaced: [], skipped: true, ms: performance.now() - started };
  }

  ctx.progress.start('medical: reading files', 4);
  const data = await readMedicalData(
    dataDir,
    added.map((a) => ({ file: path.join(addedDataDir(config.DATA_FOLDER), a.file), year: a.year, round: a.round })),
  );
  ctx.progress.tick();
  const ref = referenceRound(data.cutoffs, config.MEDICAL_REFERENCE_YEAR, config.MEDICAL_REFERENCE_ROUND);
  const seats = buildSeats(data.cutoffs, ref, degreeMap(data.courses));
  const byId = new Map(data.institutes.map((i) => [i.id, i]));
  // Chance of admission (docs/decisions/0014): every listed seat's scale, Reach limit and card.
  const neetPgChance = await neetPgChanceModel(dataDir, config.MEDICAL_REFERENCE_YEAR, data.cutoffs, addedRoundsKey(added));
  if (!neetPgChance) throw new Error(`DATA_DIR has no NEET PG history for the chance model: ${dataDir}`);
  const chances = medicalSeatChances(neetPgChance, medicalSeatInputs(data.cutoffs, seats));
  ctx.progress.tick();

  // Search: the display name, address and state, and the raw MCC spellings (punctuation and spacing
  // reduced to single spaces, each once, and only when they add words the rest does not have).
  const words = (x: string) =>
    x
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  const searchTextOf = new Map(
    data.institutes.map((i) => {
      const base = [i.name, i.address ?? '', i.state ?? ''].join(' ');
      const raws = [...new Set(i.rawNames.map(words))].filter((r) => !words(base).includes(r));
      return [i.id, [base, ...raws].join(' ')];
    }),
  );
  const tables = ['medical_reference', 'medical_cutoffs', 'medical_institutes', 'medical_courses'];
  await replaceImport(database, { name: IMPORT_NAME, hash, rows: data.allotmentRows, tables }, async (tx) => {
    await tx.copyRows(
      'medical_institutes',
      [
        'id',
        'name',
        'raw_names',
        'address',
        'state',
        'mcc_code',
        'pin_code',
        'district',
        'latitude',
        'longitude',
        'annual_fee_inr',
        'annual_fee_text',
        'bond_years',
        'bond_penalty_inr',
      ],
      data.institutes.map((i) => [
        i.id,
        i.name,
        pgTextArray(i.rawNames),
        i.address,
        i.state,
        i.mccCode,
        i.pinCode,
        i.district,
        i.latitude,
        i.longitude,
        i.annualFeeInr,
        i.annualFeeText,
        i.bondYears,
        i.bondPenaltyInr,
      ]),
    );
    await tx.copyRows(
      'medical_cutoffs',
      ['year', 'round', 'institute_id', 'course', 'quota', 'category', 'opening_rank', 'closing_rank', 'allotments'],
      data.cutoffs.map((c) => [c.year, c.round, c.instituteId, c.course, c.quota, c.category, c.openingRank, c.closingRank, c.allotments]),
    );
    ctx.progress.tick();
    await tx.copyRows(
      'medical_courses',
      ['name', 'degree', 'position'],
      data.courses.map((c) => [c.name, c.degree, c.position]),
    );
    await storeChanceModel(tx, neetPgChance);
    // The added MCC rounds' record: DATA_FOLDER's manifest, as imported.
    await tx.query(`delete from data_additions where counselling = 'MCC'`);
    await tx.copyRows(
      'data_additions',
      ['counselling', 'year', 'round', 'file', 'sha256', 'rows', 'added_by', 'added_at'],
      added.map((a) => [a.counselling, a.year, a.round, a.file, a.sha256, a.rows, a.addedBy, a.addedAt]),
    );
    await tx.copyRows(
      'medical_reference',
      [
        'id',
        'institute_id',
        'institute_name',
        'address',
        'location',
        'state',
        'course',
        'degree',
        'quota',
        'category',
        'opening_rank',
        'closing_rank',
        'year',
        'round',
        'annual_fee_inr',
        'bond_years',
        'bond_penalty_inr',
        'search_text',
        'allotments',
        'chance_scale',
        'reach_rank',
        'chance_wide',
        'chance_card',
      ],
      seats.map((s) => {
        const i = byId.get(s.instituteId)!;
        const chance = chances.get(s.id)!;
        const search = `${searchTextOf.get(i.id)!} ${s.course}`.replace(/\s+/g, ' ').toLowerCase();
        return [
          s.id,
          i.id,
          i.name,
          i.address,
          locationOf(i),
          i.state,
          s.course,
          s.degree,
          s.quota,
          s.category,
          s.openingRank,
          s.closingRank,
          s.year,
          s.round,
          i.annualFeeInr,
          i.bondYears,
          i.bondPenaltyInr,
          search,
          s.allotments,
          chance.chanceScale,
          chance.reachRank,
          chance.wideBand,
          JSON.stringify(chance.card),
        ];
      }),
    );
  });
  ctx.progress.tick();
  ctx.progress.stop();
  const matched = data.institutes.length - data.unmatched.length;
  const unmatched2025 = [...data.matches2025.values()].filter((m) => m.match.how === 'none').length;
  ctx.log(
    `medical: ${data.allotmentRows} allotments (2023-2024) and ${data.seatGroups2025} seat groups (2025) → ${data.cutoffs.length} seat-round ranks, ${seats.length} seats in ${ref.year} R1-R${ref.round}; ` +
      `${data.institutes.length} institutes, ${matched} joined to the MCC fee file, ${data.unmatched.length} unmatched (fees 'NA'; ${unmatched2025} of the 2025 file's ${data.matches2025.size})`,
  );
  const detail = ctx.detail ?? ctx.log;
  for (const name of data.unmatched) detail(`medical: no MCC fee entry for institute '${name}'`);
  for (const spelling of data.unusedAliases) detail(`medical: alias table line matches no allotment: '${spelling}'`);
  return { name: IMPORT_NAME, rows: data.allotmentRows, unplaced: data.unmatched, skipped: false, ms: performance.now() - started };
}
