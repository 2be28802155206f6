import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { withBulkTransaction, type BulkTx } from './bulk.ts';

type ImportListener = (name: string) => void;
const importListeners = new WeakMap<Database, Set<ImportListener>>();

/**
 * Calls `listener` with the import's name after each import into `database` by this process
 * commits (the predictors' read models rebuild on it, docs/decisions/0018). Returns the unsubscribe.
 */
export function onImport(database: Database, listener: ImportListener): () => void {
  let set = importListeners.get(database);
  if (!set) importListeners.set(database, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** The input hash of the last completed import of `name`, if there was one. */
export async function importedHash(database: Database, name: string): Promise<string | undefined> {
  const r = (await database.db.execute(sql`select input_hash from data_imports where name = ${name}`)) as unknown as { rows: { input_hash: string }[] };
  return r.rows[0]?.input_hash;
}

/**
 * Replaces the contents of `tables` (emptied in the order given) with what `load` writes, and
 * records the import, in one transaction: a failed import leaves the previous data in place.
 */
export async function replaceImport(
  database: Database,
  run: { name: string; hash: string; rows: number; tables: string[] },
  load: (tx: BulkTx) => Promise<void>,
): Promise<void> {
  await withBulkTransaction(database, async (tx) => {
    for (const t of run.tables) await tx.query(`delete from ${t}`);
    await load(tx);
    await tx.query('delete from data_imports where name = $1', [run.name]);
    await tx.query('insert into data_imports (name, input_hash, rows, imported_at) values ($1, $2, $3, $4)', [
      run.name,
      run.hash,
      run.rows,
      new Date().toISOString(),
    ]);
  });
  for (const listener of importListeners.get(database) ?? []) listener(run.name);
  // The replaced rows are dead tuples now. PGlite has no autovacuum: without this, every re-import
  // would add the tables' full size to the data folder again. (Outside the transaction, as VACUUM must be.)
  await database.db.execute(sql.raw(`vacuum analyze ${run.tables.join(', ')}`));
}

/** What decides an import's output: the importer version, its settings, and each input file's size and time. */
export function hashInputs(dataDir: string, settings: string, files: string[]): string {
  const h = createHash('sha256').update(settings);
  for (const f of files) {
    const st = statSync(f);
    h.update(`${path.relative(dataDir, f)}|${st.size}|${st.mtimeMs}`);
  }
  return h.digest('hex');
}
