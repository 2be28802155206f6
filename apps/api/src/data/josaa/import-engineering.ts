import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { ImportContext, ImportSummary } from '../import-context.ts';
import type { BulkTx } from '../lib/bulk.ts';
import { hashInputs, importedHash, replaceImport } from '../lib/import-record.ts';
import { pgTextArray } from '../lib/pg-array.ts';
import { engineeringInputFiles, engineeringSources, readEngineeringData, type EngineeringInstitute } from './engineering-data.ts';
import { eligibleStates } from './home-state-quotas.ts';
import { jeeAdvancedInstitutes } from './institute-aliases.ts';
import { formatInvariantReport } from './invariants.ts';
import { rankPaperOf } from './rank-papers.ts';
import { buildReference, type CutoffRow, type ReferenceRow } from './reference.ts';
import { CHANCE_MODEL_VERSION, josaaModels, type StreamModel } from '../chance/chance-models.ts';
import { josaaRoundRowReader } from '../chance/josaa-files.ts';
import type { RoundRow } from '../chance/seat-history.ts';
import { csabModel } from '../chance/csab.ts';
import { addedRoundsKey, readAddedRounds, type AddedRound } from '../lib/added-rounds.ts';
import { engineeringReferenceLabel } from '../lib/reference-label.ts';
import { withFitCache } from '../chance/fit-cache.ts';
import { canonicalHistories, engineeringSeatChances, type SeatChance } from '../chance/seat-chances.ts';
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

type EngineeringState = {
  hash: string;
  added: AddedRound[];
  data: Awaited<ReturnType<typeof readEngineeringData>>;
  byId: Map<string, EngineeringInstitute>;
  reference: ReferenceRow[];
  josaaChance: StreamModel;
  csabChance: StreamModel | null;
  chances: Map<string, SeatChance>;
  labelOf: (r: ReferenceRow) => string;
  /** Program name → id, numbered in the order the sources first name them. */
  programs: Map<string, { id: number; branchGroup: string }>;
};

/**
 * Everything the import writes, computed from the files (no database): the rank rows, the
 * reference seats, the chance models (refitted, with their backtests) and each seat's chance columns.
 */
async function computeEngineering(ctx: ImportContext, added: AddedRound[], hash: string, opts: { sharedChecked?: boolean } = {}): Promise<EngineeringState> {
  const { config } = ctx;
  const dataDir = config.DATA_DIR;
  const sources = engineeringSources(dataDir, added, config.DATA_FOLDER);
  ctx.progress.start('engineering: reading files', sources.length + 3);
  // The chance model's round rows (keyed by the published names) come from the same pass over the files.
  const rowOf = await josaaRoundRowReader(dataDir);
  const roundRows: RoundRow[] = [];
  const data = await readEngineeringData(
    dataDir,
    () => ctx.progress.tick(),
    undefined,
    { rounds: added, dataFolder: config.DATA_FOLDER },
    { ...opts, onJosaaRecord: (r, src) => roundRows.push(rowOf(r, src.year, src.round)) },
  );
  const byId = new Map(data.institutes.map((i) => [i.id, i]));
  const nitPlus = (id: string) => byId.get(id)?.type !== 'IIT' && !jeeAdvancedInstitutes.has(id);
  const reference = buildReference(data.cutoffs, nitPlus, config.PREDICTOR_REFERENCE_YEAR);
  // Chance of admission (docs/decisions/0014): every listed seat's scale, Reach limit and card. The
  // seat groups' fits are memoised under DATA_FOLDER (fit-cache.ts): a round added leaves most as they were.
  if (!roundRows.length) throw new Error(`DATA_DIR has no JoSAA history for the chance model: ${dataDir}`);
  const models = await withFitCache(config.DATA_FOLDER, async () => josaaModels(roundRows, config.PREDICTOR_REFERENCE_YEAR));
  const josaaChance = models.josaa;
  // Each JoSAA seat's final closing ranks, once for the CSAB model and the seats' chances.
  const histories = canonicalHistories(data.cutoffs, models.incompleteYears);
  const csabYear = reference.filter((r) => r.scheme === 'csab').reduce((m, r) => Math.max(m, r.year), 0);
  const csabChance = csabYear ? csabModel(models, data.cutoffs, nitPlus, csabYear, models.incompleteYears, histories) : null;
  const chances = engineeringSeatChances(josaaChance, reference, data.cutoffs, {
    csab: csabChance ?? undefined,
    incompleteYears: models.incompleteYears,
    histories,
  });
  // Each result says what it is judged on: counselling, year and round (issue 22 item 4).
  const lastRoundOf = new Map<string, number>();
  for (const c of data.cutoffs) lastRoundOf.set(`${c.counselling}|${c.year}`, Math.max(lastRoundOf.get(`${c.counselling}|${c.year}`) ?? 0, c.round));
  const labelOf = (r: ReferenceRow) => engineeringReferenceLabel(r.counselling, r.year, r.round, lastRoundOf.get(`${r.counselling}|${r.year}`));
  ctx.progress.tick();
  const programs = new Map<string, { id: number; branchGroup: string }>();
  for (const r of data.cutoffs) if (!programs.has(r.programName)) programs.set(r.programName, { id: programs.size + 1, branchGroup: r.branchGroup });
  return { hash, added, data, byId, reference, josaaChance, csabChance, chances, labelOf, programs };
}

async function copyCutoffs(tx: BulkTx, state: EngineeringState, rows: CutoffRow[]): Promise<void> {
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
    rows.map((r) => [
      r.counselling,
      r.year,
      r.round,
      r.instituteId,
      state.programs.get(r.programName)!.id,
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
}

/** The added rounds' record, the chance models and the reference seats: what every import writes whole. */
async function writeModelsAndReference(tx: BulkTx, state: EngineeringState): Promise<void> {
  // The added rounds' record (data/lib/added-rounds.ts): DATA_FOLDER's manifest, as imported.
  await tx.query(`delete from data_additions where counselling in ('JoSAA', 'CSAB')`);
  await tx.copyRows(
    'data_additions',
    ['counselling', 'year', 'round', 'file', 'sha256', 'rows', 'added_by', 'added_at'],
    state.added.map((a) => [a.counselling, a.year, a.round, a.file, a.sha256, a.rows, a.addedBy, a.addedAt]),
  );
  await storeChanceModel(tx, state.josaaChance);
  if (state.csabChance) await storeChanceModel(tx, state.csabChance);
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
    state.reference.map((r) => {
      const i = state.byId.get(r.instituteId)!;
      const states = eligibleStates(i, r.quota, r.year);
      const chance = state.chances.get(r.id)!;
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
        state.labelOf(r),
      ];
    }),
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
  const state = await computeEngineering(ctx, added, hash);
  const tables = ['engineering_reference', 'engineering_cutoffs', 'engineering_programs', 'engineering_institutes'];
  await replaceImport(database, { name: IMPORT_NAME, hash, rows: state.data.cutoffs.length, tables }, async (tx) => {
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
      state.data.institutes.map((i) => [
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
      [...state.programs].map(([name, p]) => [p.id, name, p.branchGroup]),
    );
    // Half a million rows load faster into a table without its index; it is rebuilt after.
    await tx.query('DROP INDEX IF EXISTS engineering_cutoffs_seat_idx');
    await copyCutoffs(tx, state, state.data.cutoffs);
    await tx.query('CREATE INDEX engineering_cutoffs_seat_idx ON engineering_cutoffs USING btree (institute_id, program_id)');
    ctx.progress.tick();
    await writeModelsAndReference(tx, state);
  });
  return finish(ctx, state, started);
}

/**
 * Brings the round an operator just added (the last JoSAA or CSAB round of DATA_FOLDER's manifest)
 * live without reloading the half million rank rows (docs/decisions/0023): when the database holds
 * the import of every earlier input (its marker is their hash), only the round's rows and any
 * program it names first are inserted; the reference seats, the chance models (refitted, with
 * their backtests) and the seats' chance columns are computed as the whole import computes them and
 * replace the old ones, with the new marker, in one transaction. The tables end as the whole import
 * with the same inputs leaves them. Otherwise (another marker, a program numbered differently),
 * the whole import runs.
 */
export async function importAddedRound(ctx: ImportContext, round: AddedRound): Promise<ImportSummary & { incremental: boolean }> {
  const started = performance.now();
  const { config, database } = ctx;
  const dataDir = config.DATA_DIR;
  const added = readAddedRounds(config.DATA_FOLDER).filter((a) => a.counselling !== 'MCC');
  const earlier = added.filter((a) => a.file !== round.file);
  const whole = async () => ({ ...(await importEngineering(ctx)), incremental: false });
  if (round.counselling === 'MCC' || earlier.length !== added.length - 1 || added.at(-1)?.file !== round.file) return whole();
  const current = await importedHash(database, IMPORT_NAME);
  if (current === undefined || current !== inputHash(dataDir, earlier, config.PREDICTOR_REFERENCE_YEAR)) return whole();

  const hash = inputHash(dataDir, added, config.PREDICTOR_REFERENCE_YEAR);
  // The shared files passed the invariants when the import the database holds read them (same hash).
  const state = await computeEngineering(ctx, added, hash, { sharedChecked: true });
  const rows = state.data.cutoffs.filter((c) => c.counselling === round.counselling && c.year === round.year && c.round === round.round);
  const existing = (await database.db.execute(sql`select id::int as id, name from engineering_programs`)) as unknown as {
    rows: { id: number; name: string }[];
  };
  const known = new Map(existing.rows.map((p) => [p.name, p.id]));
  const newPrograms = [...state.programs].filter(([name]) => !known.has(name));
  // The whole import numbers programs in the order the sources name them first; the added round is read last.
  if (existing.rows.some((p) => state.programs.get(p.name)?.id !== p.id) || newPrograms.some(([, p]) => p.id <= existing.rows.length)) return whole();
  const present = (await database.db.execute(
    sql`select count(*)::int as n from engineering_cutoffs where counselling = ${round.counselling} and year = ${round.year} and round = ${round.round}`,
  )) as unknown as { rows: { n: number }[] };
  if (present.rows[0].n !== 0 || !rows.length) return whole();

  // replaceImport empties engineering_reference only: the rank rows, programs and institutes stay.
  await replaceImport(database, { name: IMPORT_NAME, hash, rows: state.data.cutoffs.length, tables: ['engineering_reference'] }, async (tx) => {
    await tx.copyRows(
      'engineering_programs',
      ['id', 'name', 'branch_group'],
      newPrograms.map(([name, p]) => [p.id, name, p.branchGroup]),
    );
    await copyCutoffs(tx, state, rows);
    ctx.progress.tick();
    await writeModelsAndReference(tx, state);
  });
  // The inserted rows and the replaced models: the planner's statistics (PGlite has no autovacuum).
  await database.db.execute(sql.raw('vacuum analyze chance_models, data_additions'));
  await database.db.execute(sql.raw('analyze engineering_cutoffs, engineering_programs'));
  return { ...finish(ctx, state, started), incremental: true };
}

function finish(ctx: ImportContext, state: EngineeringState, started: number): ImportSummary {
  const { data, reference } = state;
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
