import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchGroups, engineeringCategories, engineeringPreferencesSchema, engineeringResultsResponseSchema } from '@rankwise/contract/engineering';
import { medicalCategories, medicalPreferencesSchema, medicalQuotas, medicalResultsResponseSchema, medicalSortKeys } from '@rankwise/contract/medical';
import { homeStates } from '@rankwise/contract/reference';
import { buildApp, type App } from '../src/app.ts';
import { silentProgress } from '../src/data/import-context.ts';
import { importMedical } from '../src/data/neet-pg/import-medical.ts';
import { createReadModel } from '../src/lib/read-model.ts';
import { loadEngineeringReadModel } from '../src/modules/engineering/engineering.read-model.ts';
import { createEngineeringRepository } from '../src/modules/engineering/engineering.repository.ts';
import { findColleges, findCollegesJson } from '../src/modules/engineering/engineering.service.ts';
import { loadMedicalReadModel } from '../src/modules/medical/medical.read-model.ts';
import { createMedicalRepository } from '../src/modules/medical/medical.repository.ts';
import { findMedicalColleges, findMedicalCollegesJson } from '../src/modules/medical/medical.service.ts';
import { signAccessToken } from '../src/plugins/auth.ts';
import { engineeringFixtures, medicalFixtures } from './helpers/predictor-fixtures.ts';
import { testConfig } from './helpers/test-app.ts';
import { IMPORTED_DATA_TIMEOUT_MS, importedTestDatabase, type ImportedTestDatabase } from './helpers/imported-data.ts';
import { databaseKinds } from './helpers/test-database.ts';

/*
 * The predictors' read models (docs/decisions/0018) answer exactly as the SQL path does: for every
 * fixture of the predictor tests and a broad sweep of payloads (every exam type, category, pool,
 * quota, home state, sort, the Reach switch, paging past the end, page sizes, branch and course
 * filters, searches with LIKE's own wildcards, ranks on a seat's closing rank), the read model's
 * JSON is byte for byte JSON.stringify of the SQL path's answer; over HTTP, an app with the read
 * model and one without it send the same bytes. Then: a change by another process (the marker in
 * data_imports) is seen within a poll, by either predictor; and an import by this process is seen
 * by the very next request, by an app whose poll is too slow to have helped (the NEET PG import:
 * the mechanism is the same for both predictors, and the smaller import proves it).
 *
 * The data is a copy of the run's one import (helpers/imported-data.ts): the answers compared are
 * the same whoever imported the rows.
 */

function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEARCHES = ['nit', 'computer', 'NIT Trichy', 'technology', '%', '_', 'a_b', 'zzzz', 'iit bombay', 'delhi', 'electrical engineering'];
const MEDICAL_SEARCHES = ['delhi', 'pune', 'GOVERNMENT', 'aiims', 'medical college', '%', '_', 'zzzz', 'md in', 'hospital'];

/** A broad, deterministic sweep of engineering payloads (each exam type × category × pool × sort × Reach switch, the rest drawn). */
function engineeringSweep(closingRanks: number[]): Record<string, unknown>[] {
  const r = rng(2026);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const logUniform = (lo: number, hi: number) => Math.max(1, Math.round(Math.exp(Math.log(lo) + r() * (Math.log(hi) - Math.log(lo)))));
  const out: Record<string, unknown>[] = [];
  let k = 0;
  for (const examType of ['', 'IIT', 'CSAB'] as const) {
    for (const seatType of [...engineeringCategories, ...(examType === 'CSAB' ? [undefined] : [])]) {
      for (const gender of ['Male', 'Female'] as const) {
        for (const sortBy of ['rank', 'package', 'fees', 'program', 'college', 'chance'] as const) {
          for (const includeReach of [false, true]) {
            const reserved = seatType !== undefined && seatType !== 'OPEN';
            const draw = r();
            // A rank on a seat's closing rank (listed) or one past it (not) now and then, else a realistic one.
            const rank =
              draw < 0.1
                ? pick(closingRanks) + (r() < 0.5 ? 0 : 1)
                : examType === 'IIT'
                  ? logUniform(reserved ? 5 : 30, reserved ? 8000 : 30000)
                  : logUniform(reserved ? 50 : 500, reserved ? 200_000 : 1_200_000);
            const page = r() < 0.7 ? 1 : r() < 0.8 ? 2 + Math.floor(r() * 5) : 200;
            out.push({
              examType,
              ...(seatType ? { seatType } : {}),
              ...(reserved && r() < 0.5 ? { crlRank: rank * (1 + Math.floor(r() * 8)) } : {}),
              // Paper 2 ranks (B.Arch, B.Planning), now and then, for any exam (IIT ignores them).
              ...(r() < 0.3 ? { archRank: logUniform(10, 30_000) } : {}),
              ...(r() < 0.3 ? { planningRank: logUniform(10, 30_000) } : {}),
              rank,
              gender,
              homeState: homeStates[k++ % homeStates.length],
              branch: [...new Set(Array.from({ length: r() < 0.6 ? 0 : 1 + Math.floor(r() * 3) }, () => pick(branchGroups)))],
              page,
              pageSize: pick([1, 7, 35, 35, 100]),
              sortBy,
              includeReach,
              searchQuery: r() < 0.2 ? pick(SEARCHES) : '',
            });
          }
        }
      }
    }
  }
  // The fixtures of engineering.integration.test.ts, in every sort, with and without Reach seats.
  for (const f of engineeringFixtures)
    for (const sortBy of ['rank', 'package', 'fees', 'program', 'college', 'chance'])
      for (const includeReach of [false, true]) out.push({ ...f, sortBy, includeReach, pageSize: 100 });
  return out;
}

function medicalSweep(closingRanks: number[], courses: string[]): Record<string, unknown>[] {
  const r = rng(7);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const out: Record<string, unknown>[] = [];
  for (const category of medicalCategories) {
    for (const quota of medicalQuotas) {
      for (const sortBy of medicalSortKeys) {
        for (const includeReach of [false, true]) {
          const draw = r();
          const rank = draw < 0.1 ? pick(closingRanks) + (r() < 0.5 ? 0 : 1) : Math.round(Math.exp(r() * Math.log(250_000)));
          out.push({
            rank,
            category,
            quota,
            courses: [...new Set(Array.from({ length: r() < 0.6 ? 0 : 1 + Math.floor(r() * 4) }, () => pick(courses)))],
            page: r() < 0.7 ? 1 : r() < 0.8 ? 2 + Math.floor(r() * 5) : 500,
            pageSize: pick([1, 10, 30, 30, 100]),
            sortBy,
            includeReach,
            searchQuery: r() < 0.2 ? pick(MEDICAL_SEARCHES) : '',
          });
        }
      }
    }
  }
  for (const f of medicalFixtures)
    for (const sortBy of medicalSortKeys) for (const includeReach of [false, true]) out.push({ ...f, sortBy, includeReach, pageSize: 100 });
  return out;
}

/**
 * A bound for this file's tests: bounded work (about two thousand payloads, each through SQL and the model) that
 * a busy machine stretches, never a hang (decision 0036): the engineering sweep took 366 s on PGlite
 * at a load average of 24 on two cores.
 */
const SWEEP_TIMEOUT_MS = 30 * 60_000;

describe.each(databaseKinds)('predictor read models on %s', (kind) => {
  let db: ImportedTestDatabase;
  let withModel: App;
  let sqlOnly: App;
  let token: string;
  // The token is signed once: a day's life, so a slow run on a busy machine never sees it expire mid-file (15 minutes did).
  const config = testConfig({ SUBMISSION_LIMIT: '100000', READ_MODEL_POLL_MS: '200', ACCESS_TOKEN_TTL_SECONDS: '86400' });

  beforeAll(async () => {
    // A copy of the run's one import (helpers/imported-data.ts): engineering and NEET PG among it.
    db = await importedTestDatabase(kind);
    withModel = await buildApp(config, { database: db.database });
    sqlOnly = await buildApp({ ...config, PREDICTOR_READ_MODEL: false }, { database: db.database });
    await Promise.all([withModel.ready(), sqlOnly.ready()]);
    token = await signAccessToken(config, { id: 'student-1', username: 'student', email: 'student@example.in' });
  }, IMPORTED_DATA_TIMEOUT_MS);
  afterAll(async () => {
    await withModel?.close();
    await sqlOnly?.close();
    await db?.drop();
  });

  const rows = async <T>(q: ReturnType<typeof sql>) => ((await db.database.db.execute(q)) as unknown as { rows: T[] }).rows;

  it(
    'engineering: the read model writes JSON.stringify of the SQL answer, for every payload of the sweep',
    async () => {
      const closing = (await rows<{ closing_rank: number }>(sql`select closing_rank from engineering_reference order by id limit 400`)).map(
        (x) => x.closing_rank,
      );
      const repo = createEngineeringRepository(db.database.db);
      const model = await loadEngineeringReadModel(db.database.db);
      expect(model.size).toBeGreaterThan(15_000);
      const sweep = engineeringSweep(closing);
      let nonEmpty = 0;
      for (const payload of sweep) {
        const p = engineeringPreferencesSchema.parse(payload);
        const want = JSON.stringify(await findColleges(repo, p));
        const got = (await findCollegesJson(model, p)).text;
        if (got !== want) expect({ payload, got: JSON.parse(got) }).toEqual({ payload, got: JSON.parse(want) });
        expect(got).toBe(want);
        if (JSON.parse(got).data.colleges.length) nonEmpty++;
      }
      // The sweep reaches real answers, not only empty pages.
      expect(nonEmpty).toBeGreaterThan(sweep.length / 2);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    'NEET PG: the read model writes JSON.stringify of the SQL answer, for every payload of the sweep',
    async () => {
      const closing = (await rows<{ closing_rank: number }>(sql`select closing_rank from medical_reference order by id limit 400`)).map((x) => x.closing_rank);
      const courses = (await rows<{ name: string }>(sql`select name from medical_courses order by position`)).map((x) => x.name);
      const repo = createMedicalRepository(db.database.db);
      const model = await loadMedicalReadModel(db.database.db);
      expect(model.size).toBeGreaterThan(10_000);
      expect(await model.listCourses()).toEqual(await repo.listCourses());
      const sweep = medicalSweep(closing, courses);
      let nonEmpty = 0;
      for (const payload of sweep) {
        const p = medicalPreferencesSchema.parse(payload);
        const want = JSON.stringify(await findMedicalColleges(repo, p));
        const got = (await findMedicalCollegesJson(model, p)).text;
        if (got !== want) expect({ payload, got: JSON.parse(got) }).toEqual({ payload, got: JSON.parse(want) });
        expect(got).toBe(want);
        if (JSON.parse(got).data.colleges.length) nonEmpty++;
      }
      expect(nonEmpty).toBeGreaterThan(sweep.length / 3);
    },
    SWEEP_TIMEOUT_MS,
  );

  const post = (app: App, url: string, payload: object, signedIn = true) =>
    app.inject({ method: 'POST', url, payload, headers: signedIn ? { authorization: `Bearer ${token}` } : {} });

  it(
    'over HTTP, the app with the read model sends the bytes the SQL-only app sends, and they match the response schema',
    async () => {
      const closingE = (await rows<{ closing_rank: number }>(sql`select closing_rank from engineering_reference order by id limit 50`)).map(
        (x) => x.closing_rank,
      );
      const closingM = (await rows<{ closing_rank: number }>(sql`select closing_rank from medical_reference order by id limit 50`)).map((x) => x.closing_rank);
      const courses = (await rows<{ name: string }>(sql`select name from medical_courses order by position`)).map((x) => x.name);
      const cases = [
        ...engineeringSweep(closingE)
          .filter((_, i) => i % 12 === 0)
          .map((payload) => ({ url: '/api/v1/college/preferences', payload, schema: engineeringResultsResponseSchema })),
        ...medicalSweep(closingM, courses)
          .filter((_, i) => i % 12 === 0)
          .map((payload) => ({ url: '/api/v1/medical-college/preferences', payload, schema: medicalResultsResponseSchema })),
      ];
      for (const c of cases) {
        for (const signedIn of [true, false]) {
          const payload = signedIn ? c.payload : { ...c.payload, page: 1, searchQuery: '' };
          const [a, b] = await Promise.all([post(withModel, c.url, payload, signedIn), post(sqlOnly, c.url, payload, signedIn)]);
          expect(a.statusCode, a.body).toBe(200);
          expect(b.statusCode).toBe(200);
          expect(a.headers['content-type']).toBe(b.headers['content-type']);
          expect(a.body).toBe(b.body);
          // What the trusted serializer sent is what zod would have sent.
          expect(JSON.stringify(c.schema.parse(JSON.parse(a.body)))).toBe(a.body);
        }
      }
      // Errors keep their schemas and shapes.
      const bad = await post(withModel, '/api/v1/medical-college/preferences', {
        rank: 100,
        category: 'General',
        quota: 'All India',
        courses: ['NOT A COURSE'],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toBe(
        (await post(sqlOnly, '/api/v1/medical-college/preferences', { rank: 100, category: 'General', quota: 'All India', courses: ['NOT A COURSE'] })).body,
      );
      const visitorPage2 = await post(
        withModel,
        '/api/v1/college/preferences',
        { rank: 5000, examType: '', seatType: 'OPEN', gender: 'Male', homeState: 'Goa', page: 2 },
        false,
      );
      expect(visitorPage2.statusCode).toBe(401);
    },
    SWEEP_TIMEOUT_MS,
  );

  it.each([
    {
      name: 'engineering',
      table: 'engineering_reference',
      url: '/api/v1/college/preferences',
      payload: { rank: 1, examType: '', seatType: 'OPEN', gender: 'Male', homeState: 'Goa', sortBy: 'rank', pageSize: 1 },
    },
    {
      name: 'medical',
      table: 'medical_reference',
      url: '/api/v1/medical-college/preferences',
      payload: { rank: 1, category: 'General', quota: 'All India', sortBy: 'rank', pageSize: 1 },
    },
  ])(
    'sees a change made by another process to the $name data (its marker in data_imports) within a poll, without a restart',
    async (c) => {
      const first = JSON.parse((await post(withModel, c.url, c.payload)).body).data.colleges[0];
      const [{ imported_at: before }] = await rows<{ imported_at: string }>(sql`select imported_at from data_imports where name = ${c.name}`);
      // What an import by another instance does, as far as this one can tell: new rows and a new marker, together.
      await db.database.db.transaction(async (tx) => {
        await tx.execute(sql`update ${sql.raw(c.table)} set opening_rank = opening_rank + 1000000 where id = ${first.id}`);
        await tx.execute(sql`update data_imports set imported_at = ${new Date().toISOString()} where name = ${c.name}`);
      });
      const seen = async () => JSON.parse((await post(withModel, c.url, c.payload)).body).data.colleges[0]['Opening Rank'];
      // A bound on a poll and a rebuild, which a busy machine stretches (decision 0036); passing ends the wait at once.
      const deadline = Date.now() + 10 * 60_000;
      while ((await seen()) !== first['Opening Rank'] + 1_000_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await seen()).toBe(first['Opening Rank'] + 1_000_000);
      await db.database.db.transaction(async (tx) => {
        await tx.execute(sql`update ${sql.raw(c.table)} set opening_rank = opening_rank - 1000000 where id = ${first.id}`);
        await tx.execute(sql`update data_imports set imported_at = ${before} where name = ${c.name}`);
      });
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    'sees an import made by this process at the next request, with no poll to help',
    async () => {
      const url = '/api/v1/medical-college/preferences';
      const medical = { rank: 1, category: 'General', quota: 'All India', sortBy: 'rank', pageSize: 1 };
      const answer = await post(sqlOnly, url, medical);
      expect(answer.statusCode, answer.body).toBe(200);
      const first = JSON.parse(answer.body).data.colleges[0];
      // Rows that differ from the files, under an input hash that is not theirs (so the import below is
      // not skipped as done): the model is built from them at the first request.
      await db.database.db.transaction(async (tx) => {
        await tx.execute(sql`update medical_reference set opening_rank = opening_rank + 1000000 where id = ${first.id}`);
        await tx.execute(sql`update data_imports set input_hash = 'not-the-files' where name = 'medical'`);
      });
      // A poll every 10 minutes (the most READ_MODEL_POLL_MS allows): within this test only the
      // import's own notice (onImport) can bring the model up to date.
      const slow = await buildApp({ ...config, READ_MODEL_POLL_MS: 600_000 }, { database: db.database });
      try {
        await slow.ready();
        const seen = async () => {
          const res = await post(slow, url, medical);
          expect(res.statusCode, res.body).toBe(200);
          return JSON.parse(res.body).data.colleges[0]['Opening Rank'];
        };
        expect(await seen()).toBe(first['Opening Rank'] + 1_000_000);
        const summary = await importMedical({ database: db.database, config, log: () => {}, progress: silentProgress });
        expect(summary.skipped).toBe(false);
        // The import put the files' rows back: the very next answer has them, byte for byte as SQL's.
        expect(await seen()).toBe(first['Opening Rank']);
        const [a, b] = await Promise.all([post(slow, url, { ...medical, pageSize: 100 }), post(sqlOnly, url, { ...medical, pageSize: 100 })]);
        expect(a.statusCode).toBe(200);
        expect(a.body).toBe(b.body);
      } finally {
        await slow.close();
      }
    },
    SWEEP_TIMEOUT_MS,
  );

  it('answers from SQL when a read model cannot be built', async () => {
    const broken = createReadModel({
      name: 'broken',
      database: db.database,
      imports: ['medical'],
      load: async () => {
        throw new Error('no memory');
      },
      pollMs: 60_000,
      log: { debug: () => {}, info: () => {}, error: () => {} },
    });
    expect(await broken.get()).toBeNull();
    await broken.stop();
  });
});
