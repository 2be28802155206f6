import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { apiRoot } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { signAccessToken } from '../src/plugins/auth.ts';
import { freePort } from './helpers/people.ts';
import { testConfig } from './helpers/test-app.ts';
import { IMPORTED_DATA_TIMEOUT_MS, importedTestDatabase } from './helpers/imported-data.ts';
import { databaseKinds, type TestDatabase } from './helpers/test-database.ts';

/*
 * Production runs the built bundle (docs/decisions/0019): `npm run build -w apps/api` writes
 * dist/server.js and dist/import.js. From a fresh data folder the bundle's first start imports every
 * data set in a child process (dist/import.js), logs one summary line for it, says 'running at …'
 * last, and then answers as the source does: its migrations and data paths resolve from dist/.
 *
 * On PGlite the data folder is fresh: the first start imports everything. On PostgreSQL the
 * database is a copy of the run's one import (helpers/imported-data.ts) lacking one data set, geo:
 * the first start imports what is missing, so the bundled import runs on PostgreSQL too (its
 * COPY through pg-copy-streams), on the smallest data set, and the other data sets, whose import
 * code the PGlite run bundles alike, are not imported a second time.
 */

const payloads = [
  ['/api/v1/college/preferences', { rank: 8000, examType: '', seatType: 'OPEN', gender: 'Female', homeState: 'Kerala', sortBy: 'chance' }],
  ['/api/v1/college/preferences', { rank: 900, examType: 'IIT', seatType: 'OBC-NCL', crlRank: 4000, gender: 'Male', homeState: 'Bihar', includeReach: true }],
  ['/api/v1/college/preferences', { rank: 25000, examType: 'CSAB', gender: 'Male', homeState: 'Goa', branch: ['Civil'], page: 2 }],
  ['/api/v1/medical-college/preferences', { rank: 20000, category: 'OBC', quota: 'All India', sortBy: 'fees' }],
  ['/api/v1/medical-college/preferences', { rank: 5000, category: 'General', quota: 'DNB Quota', includeReach: true, pageSize: 100 }],
] as const;

// One build for both database kinds.
beforeAll(() => {
  execFileSync(path.join(apiRoot, '../../node_modules/.bin/tsx'), ['scripts/build.ts'], { cwd: apiRoot, stdio: 'pipe' });
}, 300_000);

describe.each(databaseKinds)('the built server on %s', (kind) => {
  const dataFolder = mkdtempSync(path.join(tmpdir(), 'rankwise-bundle-'));
  let databaseUrl = '';
  let db: TestDatabase | undefined;
  let output = '';
  /** The output up to 'running at' (request logs follow it). */
  let startLog = '';
  let port = 0;
  const answers: string[] = [];
  const config = testConfig({ DATA_FOLDER: dataFolder });

  beforeAll(async () => {
    if (kind === 'postgres') {
      db = await importedTestDatabase('postgres');
      // geo as never imported: its rows and its record gone.
      await db.database.db.execute(sql`delete from postal_codes`);
      await db.database.db.execute(sql`delete from data_imports where name = 'geo'`);
      databaseUrl = db.url!;
    }
    port = await freePort();
    const server = spawn(process.execPath, ['dist/server.js'], {
      cwd: apiRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_FOLDER: dataFolder,
        DATABASE_URL: databaseUrl,
        DATA_DIR: config.DATA_DIR,
        IMPORT_ON_START: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout.on('data', (d) => (output += d));
    server.stderr.on('data', (d) => (output += d));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => output.includes('running at') && (clearInterval(timer), resolve()), 50);
        server.once('exit', (code) => (clearInterval(timer), reject(new Error(`the server exited (${code}):\n${output}`))));
      });
      startLog = output;
      const token = await signAccessToken(config, { id: 'student-1', username: 'student', email: 'student@example.in' });
      for (const [url, body] of payloads) {
        const res = await fetch(`http://127.0.0.1:${port}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        });
        expect(res.status).toBe(200);
        answers.push(await res.text());
      }
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(null)));
    }
  }, IMPORTED_DATA_TIMEOUT_MS);
  afterAll(async () => {
    rmSync(dataFolder, { recursive: true, force: true });
    await db?.drop();
  });

  it("imports on first start in one summary line and says 'running at' last", () => {
    const lines = startLog.trim().split('\n');
    expect(lines.at(-1)).toMatch(/^Rankwise is running at http:\/\/localhost:\d+ \(database: (pglite|postgres); started in [\d.]+ s\)$/);
    const summary = lines.filter((l) => l.includes('data imported in'));
    expect(summary).toHaveLength(1);
    // Everything on a fresh PGlite folder; on PostgreSQL the one data set the database lacked.
    if (kind === 'pglite') expect(summary[0]).toMatch(/engineering \([\d,]+ rows.*medical \([\d,]+ rows.*geo.*colleges/);
    else expect(summary[0]).toMatch(/data imported in [\d.]+ s: geo \([1-9][\d,]* rows, [\d.]+ s\)(;|"|$)/);
    // The names behind the summary's counts are at debug level.
    expect(startLog).not.toContain('no MCC fee entry for institute');
  });

  it('answers as the source does, from the same database', async () => {
    const database = await openDatabase({ url: databaseUrl || undefined, pgliteDir: path.join(dataFolder, 'pglite') });
    const app = await buildApp({ ...config, DATABASE_URL: databaseUrl || undefined, PREDICTOR_READ_MODEL: false }, { database });
    try {
      const token = await signAccessToken(config, { id: 'student-1', username: 'student', email: 'student@example.in' });
      for (const [k, [url, body]] of payloads.entries()) {
        const res = await app.inject({ method: 'POST', url, payload: body, headers: { authorization: `Bearer ${token}` } });
        expect(res.statusCode).toBe(200);
        expect(JSON.parse(answers[k]).data.totalDocuments).toBeGreaterThan(0);
        expect(answers[k]).toBe(res.body);
      }
    } finally {
      await app.close();
      await database.close();
    }
  });
});
