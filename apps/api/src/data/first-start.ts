import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { apiRoot, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { openServingDatabase } from '../plugins/db.ts';
import { missingImports } from './import-all.ts';
import type { ImportSummary } from './import-context.ts';
import type { ImportChildMessage } from './import-cli.ts';

/**
 * The server's database (its serving handle, plugins/db.ts), migrated, with every data set
 * imported (docs/decisions/0019). What is missing (on a first start, everything) is imported by a
 * child process, `import --missing`, that exits when done: the import's half a million rows, its chance models and PGlite's working memory
 * never stay in the server. PGlite's files belong to one process at a time, so the server opens its
 * own handle only after the child has closed its; on a fresh data folder it does not open one before
 * (creating the database is the child's work too). Returns the open database and, when an import
 * ran, its summaries.
 */
export async function openImportedDatabase(
  config: Config,
  log: FastifyBaseLogger,
): Promise<{ database: Database; imported: { summaries: ImportSummary[]; ms: number } | null }> {
  const open = () => openServingDatabase(config, log);
  const fresh = !config.DATABASE_URL && !existsSync(path.join(config.DATA_FOLDER, 'pglite', 'PG_VERSION'));
  let database = fresh ? null : await open();
  if (database && !(await missingImports(database)).length) return { database, imported: null };
  if (database?.kind === 'pglite') {
    await database.close();
    database = null;
  }
  const imported = await importInChild(log);
  return { database: database ?? (await open()), imported };
}

/** The import's entry point beside this code: the bundle's dist/import.js, or the source run through tsx. */
function importEntry(): string {
  return import.meta.url.endsWith('.ts') ? path.join(apiRoot, 'src/data/import-cli.ts') : path.join(apiRoot, 'dist/import.js');
}

function importInChild(log: FastifyBaseLogger): Promise<{ summaries: ImportSummary[]; ms: number }> {
  return new Promise((resolve, reject) => {
    // The same Node options (under tsx, its loader) and environment; the terminal for a progress bar.
    const child = fork(importEntry(), ['--missing'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let result: { summaries: ImportSummary[]; ms: number } | null = null;
    let failure: string | null = null;
    child.on('message', (m: ImportChildMessage) => {
      if (m.type === 'log') log[m.level](m.message);
      else if (m.type === 'done') result = { summaries: m.summaries, ms: m.ms };
      else failure = m.message;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (result && code === 0) resolve(result);
      else reject(new Error(`the data import failed${failure ? `: ${failure}` : ` (exit code ${code})`}`));
    });
  });
}

const count = (n: number) => n.toLocaleString('en-IN');
/** What each import's `unplaced` names are. */
const UNPLACED: Record<string, string> = {
  engineering: 'institute names not placed',
  medical: "NEET PG institutes without an MCC fee entry (fees 'NA')",
};

/**
 * The first start's one line: what was imported, in how long, and what could not be placed (the
 * names themselves are logged at debug level).
 */
export function importSummaryLine(imported: { summaries: ImportSummary[]; ms: number }): string {
  const ran = imported.summaries.filter((s) => !s.skipped);
  const parts = ran.map((s) => `${s.name} (${count(s.rows)} rows, ${(s.ms / 1000).toFixed(1)} s)`);
  const notes = ran.filter((s) => s.unplaced.length).map((s) => `${s.unplaced.length} ${UNPLACED[s.name] ?? `${s.name} names not placed`}`);
  return (
    `data imported in ${(imported.ms / 1000).toFixed(1)} s: ${parts.join(', ')}` + (notes.length ? `; ${notes.join(', ')} (LOG_LEVEL=debug lists them)` : '')
  );
}
