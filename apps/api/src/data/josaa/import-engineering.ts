import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../db/client.ts';
import type { ImportContext, ImportSummary } from '../import-context.ts';
import { hashInputs, importedHash, replaceImport } from '../lib/import-record.ts';
import { pgTextArray } from '../lib/pg-array.ts';
import { engineeringInputFiles, engineeringSources, readEngineeringData } from './engineering-data.ts';
import { eligibleStates } from './home-state-quotas.ts';
import { jeeAdvancedInstitutes } from './institute-aliases.ts';
import { formatInvariantReport } from './invariants.ts';
import { rankPaperOf } from './rank-papers.ts';
import { buildReference } from './reference.ts';
import { CHANCE_MODEL_VERSION, josaaChanceModels } from '../chance/chance-models.ts';
import { csabModel } from '../chance/csab.ts';
import { addedDataDir, addedRoundsKey, readAddedRounds, type AddedRound } from '../lib/added-rounds.ts';
import { engineeringReferenceLabel } from '../lib/reference-label.ts';
import { engineeringSeatChances } from '../chance/seat-chances.ts';
import { storeChanceModel } from '../chance/store-chance-model.ts';

const IMPORT_NAME = 'engineering';
/** Bump when the importer's output changes for the same inputs. */
const IMPORTER_VERSION = '5';

export async function hasEngineeringData(database: Database): Promise<boolean> {
  return (await importedHash(database, IMPORT_NAME)) !== undefined;
}

function inputHash(dataDir: string, added: AddedRound[], referenceYear: number | undefined): string {
  return hashInputs(
    dataDir,
    `${IMPORTER_VERSION}|chance ${CHANCE_MODEL_VERSION}|${referenceYear ?? ''}|${addedRoundsKey(added)}`,
    // The added files are named by their checksums in the settings.
    engineeringInputFiles(dataDir),
  );
}

/** Imports (or, when the inputs are unchanged, keeps) every engineering data set. */
export async function importEngineering(ctx: ImportContext): Promise<ImportSummary> {
  const started = performance.now();
  const { config, database } = ctx;
  const dataDir = config.DATA_DIR;
  if (!existsSync(path.join(dataDir, 'josaa/institutes.csv'))) {
    throw new Error(`DATA_DIR has no josaa/institutes.csv: ${dataDir}`);
  }
  // Rounds an operator added (data:add), kept under DATA_FOLDER with their checksums.
  const added = readAddedRounds(config.DATA_FOLDER).filter((a) => a.counselling !== 'MCC');
  const hash = inputHash(dataDir, added, config.PREDICTOR_REFERENCE_YEAR);
  if ((await importedHash(database, IMPORT_NAME)) === hash) {
    return { name: IMPORT_NAME, rows: 0, unplaced: [], skipped: true, ms: performance.now() - started };
  }

  const sources = engineeringSources(dataDir, added, config.DATA_FOLDER);
  ctx.progress.start('engineering: reading files', sources.length + 3);
  const data = await readEngineeringData(dataDir, () => ctx.progress.tick(), undefined, { rounds: added, dataFolder: config.DATA_FOLDER });
  const byId = new Map(data.institutes.map((i) => [i.id, i]));
  const nitPlus = (id: string) => byId.get(id)?.type !== 'IIT' && !jeeAdvancedInstitutes.has(id);
  const reference = buildReference(data.cutoffs, nitPlus, config.PREDICTOR_REFERENCE_YEAR);
  // Chance of admission (docs/decisions/0014): every listed seat's scale, Reach limit and card.
  const models = await josaaChanceModels(
    dataDir,
    config.PREDICTOR_REFERENCE_YEAR,
    added.filter((a) => a.counselling === 'JoSAA').map((a) => ({ file: path.join(addedDataDir(config.DATA_FOLDER), a.file), year: a.year, round: a.round })),
  );
  if (!models) throw new Error(`DATA_DIR has no JoSAA history for the chance model: ${dataDir}`);
  const josaaChance = models.josaa;
  const csabYear = reference.filter((r) => r.scheme === 'csab').reduce((m, r) => Math.max(m, r.year), 0);
  const csabChance = csabYear ? csabModel(models, data.cutoffs, nitPlus, csabYear, models.incompleteYears) : null;
  const chances = engineeringSeatChances(josaaChance, reference, data.cutoffs, { csab: csabChance ?? undefined, incompleteYears: models.incompleteYears });
  // Each result says what it is judged on: counselling, year and round (issue 22 item 4).
  const lastRoundOf = new Map<string, number>();
  for (const c of data.cutoffs) lastRoundOf.set(`${c.counselling}|${c.year}`, Math.max(lastRoundOf.get(`${c.counselling}|${c.year}`) ?? 0, c.round));
  const labelOf = (r: (typeof reference)[number]) => engineeringReferenceLabel(r.counselling, r.year, r.round, lastRoundOf.get(`${r.counselling}|${r.year}`));
  ctx.progress.tick();

  const tables = ['engineering_reference', 'engineering_cutoffs', 'engineering_programs', 'engineering_institutes'];
  const programs = new Map<string, { id: number; branchGroup: string }>();
  for (const r of data.cutoffs) if (!programs.has(r.programName)) programs.set(r.programName, { id: programs.size + 1, branchGroup: r.branchGroup });
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
        'city',
        'district',
        'pin_code',
        'latitude',
        'longitude',
        'location_method',
        'nirf_rank',
        'nirf_rank_year',
        'nirf_category',
        'median_salary_lpa',
        'placement_rate',
        'placement_year',
        'placement_source',
        'tuition_inr_per_year',
        'tuition_from_year',
        'tuition_source',
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
        i.city,
        i.district,
        i.pinCode,
        i.latitude,
        i.longitude,
        i.locationMethod,
        i.nirfRank,
        i.nirfRankYear,
        i.nirfCategory,
        i.medianSalaryLpa,
        i.placementRate,
        i.placementYear,
        i.placementSource,
        i.tuitionInrPerYear,
        i.tuitionFromYear,
        i.tuitionSource,
        null,
        null,
        null,
      ]),
    );
    await tx.copyRows(
      'engineering_programs',
      ['id', 'name', 'branch_group'],
      [...programs].map(([name, p]) => [p.id, name, p.branchGroup]),
    );
    // Half a million rows load faster into a table without its index; it is rebuilt after.
    await tx.query('DROP INDEX IF EXISTS engineering_cutoffs_seat_idx');
    await tx.copyRows(
      'engineering_cutoffs',
      [
        'counselling',
        'year',
        'round',
        'institute_id',
        'program_id',
        'quota',
        'seat_type',
        'gender',
        'opening_rank',
        'closing_rank',
        'opening_preparatory',
        'closing_preparatory',
        'preparatory_by_rule',
      ],
      data.cutoffs.map((r) => [
        r.counselling,
        r.year,
        r.round,
        r.instituteId,
        programs.get(r.programName)!.id,
        r.quota,
        r.seatType,
        r.gender,
        r.openingRank,
        r.closingRank,
        r.openingPreparatory,
        r.closingPreparatory,
        r.preparatoryByRule ?? false,
      ]),
    );
    await tx.query('CREATE INDEX engineering_cutoffs_seat_idx ON engineering_cutoffs USING btree (institute_id, program_id)');
    ctx.progress.tick();
    // The added rounds' record (data/lib/added-rounds.ts): DATA_FOLDER's manifest, as imported.
    await tx.query(`delete from data_additions where counselling in ('JoSAA', 'CSAB')`);
    await tx.copyRows(
      'data_additions',
      ['counselling', 'year', 'round', 'file', 'sha256', 'rows', 'added_by', 'added_at'],
      added.map((a) => [a.counselling, a.year, a.round, a.file, a.sha256, a.rows, a.addedBy, a.addedAt]),
    );
    await storeChanceModel(tx, josaaChance);
    if (csabChance) await storeChanceModel(tx, csabChance);
    else await tx.query(`delete from chance_models where stream = 'csab'`);
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
        'rank_paper',
        'eligible_states',
        'median_salary_lpa',
        'placement_year',
        'nirf_rank',
        'nirf_rank_year',
        'nirf_category',
        'tuition_inr_per_year',
        'tuition_from_year',
        'search_text',
        'chance_scale',
        'chance_shift',
        'chance_below',
        'chance_above',
        'reach_rank',
        'chance_wide',
        'chance_card',
        'reference_label',
      ],
      reference.map((r) => {
        const i = byId.get(r.instituteId)!;
        const states = eligibleStates(i, r.quota, r.year);
        const chance = chances.get(r.id)!;
        return [
          r.id,
          r.scheme,
          r.instituteId,
          i.name,
          // Matched with the IITs' seats on JEE (Advanced) ranks (institute-aliases.ts).
          jeeAdvancedInstitutes.has(i.id) ? 'IIT' : i.type,
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
          rankPaperOf(r.programName, i.type),
          states === null ? null : pgTextArray(states),
          i.medianSalaryLpa,
          i.placementYear,
          i.nirfRank,
          i.nirfRankYear,
          i.nirfCategory,
          i.tuitionInrPerYear,
          i.tuitionFromYear,
          `${i.name} ${i.shortName} ${r.programName}`.toLowerCase(),
          chance.chanceScale,
          chance.adjustment.shift,
          chance.adjustment.below,
          chance.adjustment.above,
          chance.reachRank,
          chance.wideBand,
          JSON.stringify(chance.card),
          labelOf(r),
        ];
      }),
    );
  });
  ctx.progress.tick();
  ctx.progress.stop();
  const preparatory = data.cutoffs.filter((r) => r.openingPreparatory || r.closingPreparatory).length;
  const byRule = data.cutoffs.filter((r) => r.preparatoryByRule).length;
  ctx.log(
    `engineering: ${data.cutoffs.length} rank rows (${preparatory} with a preparatory rank, never matched, ${byRule} of them by the 2016-2024 rule; ${data.skipped.dasa} CSAB DASA rows not imported) → ` +
      `${reference.length} reference seats; ${data.institutes.length} institutes`,
  );
  // The invariant table of every file read (a refused file stopped the import above, with its table).
  for (const report of data.invariants) for (const line of formatInvariantReport(report)) (ctx.detail ?? ctx.log)(`engineering invariants: ${line}`);
  for (const name of data.unplaced) (ctx.detail ?? ctx.log)(`engineering: could not place institute '${name}'`);
  return { name: IMPORT_NAME, rows: data.cutoffs.length, unplaced: data.unplaced, skipped: false, ms: performance.now() - started };
}
