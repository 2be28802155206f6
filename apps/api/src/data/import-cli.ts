import path from 'node:path';
import { loadConfig } from '../config.ts';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { importAll, importMissing } from './import-all.ts';
import type { ImportSummary } from './import-context.ts';
import { createProgress } from './progress.ts';
import { runChoiceBacktestsChild } from '../modules/choices/backtests-on-start.ts';

/** What the import says to the server that started it (`--missing`, first-start.ts). */
export type ImportChildMessage =
  { type: 'log'; level: 'info' | 'debug'; message: string } | { type: 'done'; summaries: ImportSummary[]; ms: number } | { type: 'failed'; message: string };

// `npm run data:import`: (re)imports every data set from DATA_DIR into the configured database.
// `--missing`: only what the database lacks, for the server's first start, which runs this in a
// child process so that none of the import's memory stays in the server (docs/decisions/0019).
const missingOnly = process.argv.includes('--missing');
const send = process.send?.bind(process);
const toParent = (m: ImportChildMessage) => new Promise<void>((resolve) => (send ? send(m, () => resolve()) : resolve()));
const config = loadConfig();
// `--choice-backtests`: the server's background computation after it is up (modules/choices/backtests-on-start.ts):
// the figures only, sent back; no database (a PGlite database belongs to the server).
if (process.argv.includes('--choice-backtests') && send) await runChoiceBacktestsChild(config.DATA_DIR, send);
const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: path.join(config.DATA_FOLDER, 'pglite') });
const log = send ? (message: string) => void toParent({ type: 'log', level: 'info', message }) : (message: string) => console.log(message);
const detail = send ? (message: string) => void toParent({ type: 'log', level: 'debug', message }) : log;
let failed: unknown = null;
try {
  await migrateDatabase(database);
  const started = performance.now();
  const ctx = { database, config, log, detail, progress: createProgress(log, { bar: !send }) };
  const summaries = await (missingOnly ? importMissing(ctx) : importAll(ctx));
  const ms = performance.now() - started;
  if (send) await toParent({ type: 'done', summaries, ms });
  else {
    for (const s of summaries) {
      log(`${s.name}: ${s.skipped ? 'unchanged' : `${s.rows} rows`} in ${(s.ms / 1000).toFixed(1)} s`);
      if (s.unplaced.length) log(`  could not place ${s.unplaced.length} name(s):\n    ${s.unplaced.join('\n    ')}`);
    }
    log(`import finished in ${(ms / 1000).toFixed(1)} s (${database.kind})`);
  }
} catch (err) {
  failed = err;
  if (send) await toParent({ type: 'failed', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
} finally {
  await database.close();
}
if (failed && !send) throw failed;
// The IPC channel would keep a child alive.
if (send) process.exit(failed ? 1 : 0);
