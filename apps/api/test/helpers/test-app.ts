import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Clock } from '../../src/lib/clock.ts';
import type { Mailer } from '../../src/plugins/mail.ts';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './test-database.ts';

/** Configuration for tests: the real loader, a temporary data folder, quiet logs. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    IMPORT_ON_START: 'false',
    DATA_FOLDER: mkdtempSync(path.join(tmpdir(), 'rankwise-test-')),
    ...(process.env.DATA_DIR ? { DATA_DIR: process.env.DATA_DIR } : {}),
    ...env,
  });
}

export type TestApp = { app: App; config: Config; db: TestDatabase; close(): Promise<void> };

/** The whole app on a fresh database of the given kind; call close() in afterAll. */
export async function buildTestApp(
  kind: DatabaseKind,
  opts: { env?: Record<string, string>; mailer?: Mailer; db?: TestDatabase; clock?: Clock } = {},
): Promise<TestApp> {
  const config = testConfig(opts.env);
  const db = opts.db ?? (await createTestDatabase(kind));
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
