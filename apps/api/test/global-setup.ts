/**
 * The API project's global setup: the real data is imported once per test run, not once per test
 * file. When a file of the run uses the imported data (helpers/imported-data.ts), a builder process
 * per database kind (helpers/imported-data-build.ts) imports it in the background while the other
 * files run; each file then gets its own copy. At the end the copies' source goes: the directory,
 * and the template database on the PostgreSQL server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { adminQuery, databaseKinds } from './helpers/test-database.ts';

const apiRoot = path.resolve(import.meta.dirname, '..');
const tsx = path.join(apiRoot, '../../node_modules/.bin/tsx');
const builder = path.join(apiRoot, 'test/helpers/imported-data-build.ts');
/** How a test file asks for the imported data (helpers/imported-data.ts, or buildTestApp's option). */
const USES_IMPORTED_DATA = /\bimportedTestDatabase\(|\bimported: true\b/;

/** Whether a file of this run uses the imported data (true when the run's files cannot be known). */
function runNeedsImportedData(project: TestProject): boolean {
  let paths: string[];
  try {
    paths = project.vitest.state.getPaths();
  } catch {
    return true;
  }
  return paths.some((p) => p.startsWith(apiRoot + path.sep) && existsSync(p) && USES_IMPORTED_DATA.test(readFileSync(p, 'utf8')));
}

const TEMPLATE_PREFIX = 'rankwise_test_tpl_';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Template databases of runs that were killed before their teardown (their process is gone): dropped, as they are large. */
async function dropAbandonedTemplates(serverUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like '${TEMPLATE_PREFIX}%'`);
    for (const { datname } of rows) {
      const pid = Number(datname.slice(TEMPLATE_PREFIX.length).split('_')[0]);
      if (pid && !alive(pid)) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rankwise-imported-'));
  project.provide('importedDataDir', dir);
  const template = `${TEMPLATE_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  const builders: ChildProcess[] = [];

  if (runNeedsImportedData(project)) {
    if (process.env.TEST_DATABASE_URL) await dropAbandonedTemplates(process.env.TEST_DATABASE_URL);
    for (const kind of databaseKinds) {
      const child = spawn(tsx, [builder, dir, kind, ...(kind === 'postgres' ? [template] : [])], { stdio: ['ignore', 'inherit', 'inherit'] });
      // A builder that dies without a word (killed, out of memory) must not leave the files waiting.
      child.once('exit', (code, signal) => {
        if (!existsSync(path.join(dir, `${kind}.json`)) && !existsSync(path.join(dir, `${kind}.failed`)))
          writeFileSync(path.join(dir, `${kind}.failed`), `the builder exited (code ${code}, signal ${signal})`);
      });
      builders.push(child);
    }
  }

  return async () => {
    for (const child of builders) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    if (builders.length && process.env.TEST_DATABASE_URL) await adminQuery(process.env.TEST_DATABASE_URL, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  };
}
