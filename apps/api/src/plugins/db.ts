import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { migrateDatabase, openDatabase, withoutStatementTimeout, type Database } from '../db/client.ts';
import { databaseUnavailableReason } from '../lib/pg-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/** Waits between attempts to reach the database at start: 0.5 s, doubling, at most 15 s. */
export function startRetryDelay(attempt: number): number {
  return Math.min(500 * 2 ** (attempt - 1), 15_000);
}

/**
 * Runs `fn` until the database answers: a server that is down, restarting or unreachable at start
 * is waited for (one log line an attempt), so the API comes up with it instead of exiting. Any
 * other error (a wrong password, no such database) stops start-up at once.
 */
export async function untilDatabaseAnswers<T>(log: FastifyBaseLogger, fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await fn();
      if (attempt > 1) log.info({ attempt }, 'database reachable; starting');
      return result;
    } catch (err) {
      const reason = databaseUnavailableReason(err);
      if (!reason) throw err;
      const retryInMs = startRetryDelay(attempt);
      log.warn({ attempt, reason, retryInMs }, 'database unreachable at start; will retry');
      await sleep(retryInMs);
    }
  }
}

/**
 * The API's own handle (statement and connect timeouts, docs/decisions/0017), migrated once the
 * database answers: the first contact with the server, so a server down at start is waited for;
 * migrations may rightly take longer than a request's statement. server.ts opens it before the app
 * (a first start imports first, docs/decisions/0019); tests and tools let the plugin open it.
 */
export async function openServingDatabase(c: Config, log: FastifyBaseLogger): Promise<Database> {
  const database = await openDatabase({
    url: c.DATABASE_URL,
    pgliteDir: path.join(c.DATA_FOLDER, 'pglite'),
    timeouts: { statementMs: c.DATABASE_STATEMENT_TIMEOUT_MS, connectMs: c.DATABASE_CONNECT_TIMEOUT_MS },
  });
  await untilDatabaseAnswers(log, () => withoutStatementTimeout(database, migrateDatabase));
  return database;
}

/** Opens (or adopts, already migrated) the database before anything else runs. */
export const dbPlugin = fp(async (app: FastifyInstance, opts: { config: Config; database?: Database }) => {
  const owned = !opts.database;
  const database = opts.database ?? (await openServingDatabase(opts.config, app.log));
  app.decorate('database', { getter: () => database });
  if (owned) app.addHook('onClose', async () => database.close());
});
