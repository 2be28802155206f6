import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { migrateDatabase, openDatabase, type Database } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/** Opens (or adopts) the database and applies migrations before anything else runs. */
export const dbPlugin = fp(async (app: FastifyInstance, opts: { config: Config; database?: Database }) => {
  const owned = !opts.database;
  const database = opts.database ?? (await openDatabase({ url: opts.config.DATABASE_URL, pgliteDir: path.join(opts.config.DATA_FOLDER, 'pglite') }));
  if (owned) await migrateDatabase(database);
  app.decorate('database', { getter: () => database });
  if (owned) app.addHook('onClose', async () => database.close());
});
