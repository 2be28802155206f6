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

export async function importChoiceBacktests(ctx: ImportContext): Promise<ImportSummary> {
  const started = performance.now();
  const { database, config } = ctx;
  const dataDir = config.DATA_DIR;
  if (!existsSync(path.join(dataDir, 'josaa/orcr'))) return { name: IMPORT_NAME, rows: 0, unplaced: [], skipped: true, ms: 0 };
  const engineering = (await importedHash(database, 'engineering')) ?? '';
  const hash = hashInputs(dataDir, `${IMPORTER_VERSION}|${engineering}`, josaaBacktestFiles(dataDir));
  if ((await importedHash(database, IMPORT_NAME)) === hash) return { name: IMPORT_NAME, rows: 0, unplaced: [], skipped: true, ms: performance.now() - started };
  const rows = await readJosaaRoundRows(dataDir);
  const histories = buildSeatHistories(rows);
  const outcomes = runOutcomeBacktest(histories);
  const rounds = runRoundBacktest(rows, histories);
  const at = new Date().toISOString();
  await replaceImport(database, { name: IMPORT_NAME, hash, rows: 2, tables: ['choice_backtests'] }, async (tx) => {
    await tx.query('insert into choice_backtests (name, figures, computed_at) values ($1, $2, $3), ($4, $5, $6)', [
      'outcomes',
      JSON.stringify(outcomes),
      at,
      'rounds',
      JSON.stringify(rounds),
      at,
    ]);
  });
  ctx.log(`choice list backtests: ${outcomes.total.students} lists, ${rounds.round1.points} round-1 points (${Math.round(performance.now() - started)} ms)`);
  return { name: IMPORT_NAME, rows: 2, unplaced: [], skipped: false, ms: performance.now() - started };
}
