import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../db/client.ts';
import { runOutcomeBacktest } from '../../modules/choices/outcome-backtest.ts';
import { runRoundBacktest } from '../../modules/choices/round-backtest.ts';
import { josaaBacktestFiles, readJosaaRoundRows } from '../chance/josaa-files.ts';
import { buildSeatHistories } from '../chance/seat-history.ts';
import type { ImportContext, ImportSummary } from '../import-context.ts';
import { hashInputs, importedHash, replaceImport } from '../lib/import-record.ts';

/*
 * The backtests of choice lists (docs/decisions/0027): the outcome model's and the round-k advice's,
 * computed from the raw JoSAA files after the engineering import (their chance model is the same
 * fit) and stored for /methodology. Idempotent: the input hash covers the files, this importer's
 * version and the engineering import's hash.
 */

const IMPORT_NAME = 'choice-backtests';
/** Bump when the backtests' output changes for the same inputs. */
const IMPORTER_VERSION = '1';

export async function hasChoiceBacktests(database: Database): Promise<boolean> {
  return (await importedHash(database, IMPORT_NAME)) !== undefined;
}

/** The input hash of the backtests (the files, this importer's version, the engineering import's hash); null without the JoSAA files. */
export async function choiceBacktestsHash(database: Database, dataDir: string): Promise<string | null> {
  if (!existsSync(path.join(dataDir, 'josaa/orcr'))) return null;
  const engineering = (await importedHash(database, 'engineering')) ?? '';
  return hashInputs(dataDir, `${IMPORTER_VERSION}|${engineering}`, josaaBacktestFiles(dataDir));
}

/** Whether the stored backtests are those of the current inputs. */
export async function choiceBacktestsCurrent(database: Database, dataDir: string): Promise<boolean> {
  const hash = await choiceBacktestsHash(database, dataDir);
  return hash === null || (await importedHash(database, IMPORT_NAME)) === hash;
}

export type ChoiceBacktestFigures = { outcomes: ReturnType<typeof runOutcomeBacktest>; rounds: ReturnType<typeof runRoundBacktest> };

/** Both backtests from the raw JoSAA files: pure CPU (about half a minute), no database. */
export async function computeChoiceBacktests(dataDir: string): Promise<ChoiceBacktestFigures> {
  const rows = await readJosaaRoundRows(dataDir);
  const histories = buildSeatHistories(rows);
  return { outcomes: runOutcomeBacktest(histories), rounds: runRoundBacktest(rows, histories) };
}

export async function storeChoiceBacktests(database: Database, hash: string, figures: ChoiceBacktestFigures, at = new Date().toISOString()): Promise<void> {
  await replaceImport(database, { name: IMPORT_NAME, hash, rows: 2, tables: ['choice_backtests'] }, async (tx) => {
    await tx.query('insert into choice_backtests (name, figures, computed_at) values ($1, $2, $3), ($4, $5, $6)', [
      'outcomes',
      JSON.stringify(figures.outcomes),
      at,
      'rounds',
      JSON.stringify(figures.rounds),
      at,
    ]);
  });
}

export async function importChoiceBacktests(ctx: ImportContext): Promise<ImportSummary> {
  const started = performance.now();
  const { database, config } = ctx;
  const hash = await choiceBacktestsHash(database, config.DATA_DIR);
  if (hash === null) return { name: IMPORT_NAME, rows: 0, unplaced: [], skipped: true, ms: 0 };
  if ((await importedHash(database, IMPORT_NAME)) === hash) return { name: IMPORT_NAME, rows: 0, unplaced: [], skipped: true, ms: performance.now() - started };
  const figures = await computeChoiceBacktests(config.DATA_DIR);
  await storeChoiceBacktests(database, hash, figures);
  ctx.log(
    `choice list backtests: ${figures.outcomes.total.students} lists, ${figures.rounds.round1.points} round-1 points (${Math.round(performance.now() - started)} ms)`,
  );
  return { name: IMPORT_NAME, rows: 2, unplaced: [], skipped: false, ms: performance.now() - started };
}
