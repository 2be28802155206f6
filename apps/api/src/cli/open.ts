import path from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { migrateDatabase, openDatabase, type Database } from '../db/client.ts';

/**
 * Opens the configured database (migrated) for a command-line task. With the embedded database the
 * server must be stopped first: PGlite's files belong to one process at a time.
 */
export async function openForCli(config: Config = loadConfig()): Promise<{ config: Config; database: Database }> {
  const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: path.join(config.DATA_FOLDER, 'pglite') });
  await migrateDatabase(database);
  return { config, database };
}
