import { buildApp, type App } from '../../src/app.ts';
import type { Config } from '../../src/config.ts';
import type { Clock } from '../../src/lib/clock.ts';
import type { Mailer } from '../../src/plugins/mail.ts';
import { importedTestDatabase } from './imported-data.ts';
import { testConfig } from './test-config.ts';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './test-database.ts';

export { testConfig };

export type TestApp = { app: App; config: Config; db: TestDatabase; close(): Promise<void> };

/**
 * The whole app on a fresh database of the given kind; call close() in afterAll. With `imported`,
 * the database holds every public data set (helpers/imported-data.ts: imported once per run).
 */
export async function buildTestApp(
  kind: DatabaseKind,
  opts: { env?: Record<string, string>; mailer?: Mailer; db?: TestDatabase; clock?: Clock; imported?: boolean } = {},
): Promise<TestApp> {
  const config = testConfig(opts.env);
  const db = opts.db ?? (opts.imported ? await importedTestDatabase(kind) : await createTestDatabase(kind));
  const app = await buildApp(config, { database: db.database, mailer: opts.mailer, clock: opts.clock });
  await app.ready();
  return {
    app,
    config,
    db,
    async close() {
      await app.close();
      if (!opts.db) await db.drop();
    },
  };
}
