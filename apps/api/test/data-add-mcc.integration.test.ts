import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRound } from '../src/data/add-round.ts';
import { silentProgress, type ImportContext } from '../src/data/import-context.ts';
import { readAddedRounds } from '../src/data/lib/added-rounds.ts';
import { parseCsv } from '../src/data/lib/csv.ts';
import { importMedical } from '../src/data/neet-pg/import-medical.ts';
import { signAccessToken } from '../src/plugins/auth.ts';
import { buildTestApp, testConfig, type TestApp } from './helpers/test-app.ts';

/**
 * `npm run data:add -- <file> --counselling MCC` (issue 22 item 5; docs/decisions/0023): a round of
 * MCC allotments, in the columns of the 2023-2024 allotment file, is checked against the NEET PG
 * data, refused with every problem named, or kept and imported with the NEET PG chance model
 * refitted. No 2026 allotments are published in any copy: the round is MCC 2024's round 1, every
 * AIR 2% higher, given as 2026 round 1 (a new reference year).
 */
const dataDir = testConfig().DATA_DIR;
const allotments = parseCsv(readFileSync(path.join(dataDir, 'neet-pg/mcc_neetpg_allotments_2023_2024.csv'), 'utf8'));
const columns = Object.keys(allotments[0]);
const round1of2024 = allotments.filter((r) => r.Year === '2024' && r.Round === 'R1');
/** A CSV of allotment rows, every field quoted (addresses hold commas and line breaks). */
const csvOf = (rows: Record<string, string>[]) =>
  Buffer.from(
    [columns, ...rows.map((r) => columns.map((c) => r[c]))].map((cells) => cells.map((v) => `"${v.replaceAll('"', '""')}"`).join(',')).join('\n') + '\n',
  );
/** 2024's round 1 as 2026's, every AIR 2% higher, each row passed through `edit`. */
const round2026 = (edit: (row: Record<string, string>, i: number) => Record<string, string> = (r) => r) =>
  csvOf(round1of2024.map((r, i) => edit({ ...r, Year: '2026', Round: 'R1', Rank: String(Math.round(Number(r.Rank) * 1.02)) }, i)));

describe('data:add of an MCC round on pglite', () => {
  let t: TestApp;
  let ctx: ImportContext;
  let token: string;
  const marker = async () =>
    ((await t.db.database.db.execute(sql`select input_hash from data_imports where name = 'medical'`)) as unknown as { rows: { input_hash: string }[] }).rows[0]
      ?.input_hash;
  const ask = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/medical-college/preferences',
      headers: { authorization: `Bearer ${token}` },
      payload: { rank: 1500, category: 'General', quota: 'All India', courses: ['MD IN GENERAL MEDICINE', 'MD IN RADIO DIAGNOSIS'], pageSize: 100 },
    });
    return { status: res.statusCode, body: res.json() as { data: { referenceLabel?: string; colleges: { referenceLabel?: string }[] } } };
  };

  beforeAll(async () => {
    t = await buildTestApp('pglite', { env: { SUBMISSION_LIMIT: '100000' } });
    ctx = { database: t.db.database, config: t.config, log: () => {}, progress: silentProgress };
    await importMedical(ctx);
    token = await signAccessToken(t.config, { id: 'data-add-mcc-1', username: 'student', email: 'student@example.in' });
  }, 900_000);
  afterAll(() => t?.close());

  it('refuses a round with an unknown institute, an AIR allotted twice and an unknown quota, naming each, and imports nothing', async () => {
    const before = await marker();
    const airOfRow3 = String(Math.round(Number(round1of2024[2].Rank) * 1.02));
    const bytes = round2026((r, i) => {
      if (i === 0) return { ...r, 'Allotted Institute': 'SRI NOWHERE MEDICAL COLLEGE, NOWHERE ROAD, ATLANTIS, 999999' };
      if (i === 1) return { ...r, Rank: airOfRow3 };
      if (i === 2) return { ...r, 'Allotted Quota': 'STATE QUOTA', 'Allotted Quota (normalized)': 'STATE QUOTA' };
      return r;
    });
    const r = await addRound(ctx, { bytes, fileName: 'bad.csv', counselling: 'MCC', year: 2026, round: 1, addedBy: 'test' });
    expect(r.status).toBe('refused');
    const problems = r.problems.join('\n');
    expect(problems).toMatch(/unknown institute 'SRI NOWHERE MEDICAL COLLEGE, NOWHERE ROAD, ATLANTIS, 999999' \(row 2\); closest known names: /);
    expect(problems).toContain(`AIR ${airOfRow3} is allotted twice in one round (rows 3, 4)`);
    expect(problems).toMatch(/unknown quota 'STATE QUOTA' in row 4/);
    expect(r.problems).toHaveLength(3);
    expect(await marker()).toBe(before);
    expect(readAddedRounds(t.config.DATA_FOLDER)).toEqual([]);

    const skipped = await addRound(ctx, { bytes: round2026(), fileName: 'r2.csv', counselling: 'MCC', year: 2026, round: 2, addedBy: 'test' });
    expect(skipped.problems).toContain('MCC 2026 has no rounds yet: the first to add is round 1, not 2');
  });

  it('brings a good round live: imported, the NEET PG chance model refitted, answers judged on the new round', async () => {
    const before = await ask();
    expect(before.status).toBe(200);
    expect(before.body.data.referenceLabel).toBe('MCC NEET PG 2025 rounds 1-3');
    const bytes = round2026();
    const r = await addRound(ctx, { bytes, fileName: 'mcc-2026-r1.csv', counselling: 'MCC', year: 2026, round: 1, addedBy: 'operator@example.in' });
    expect(r.problems).toEqual([]);
    expect(r.status).toBe('live');
    if (r.status !== 'live') return;
    expect(r.diff.previous).toMatchObject({ year: 2025, round: 1 });
    expect(r.diff.rows).toBe(round1of2024.length);
    expect(r.diff.compared).toBeGreaterThan(1000);

    const after = await ask();
    expect(after.status).toBe(200);
    expect(after.body.data.referenceLabel).toBe('MCC NEET PG 2026 round 1');
    expect(after.body.data.colleges.length).toBeGreaterThan(0);
    expect(after.body.data.colleges.every((c) => c.referenceLabel === 'MCC NEET PG 2026 round 1')).toBe(true);

    // Imported: the round's allotments, its record, a model refitted to predict 2027.
    const db = t.db.database.db;
    const rows = (await db.execute(sql`select sum(allotments)::int as n from medical_cutoffs where year = 2026 and round = 1`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows.rows[0].n).toBe(parseCsv(bytes.toString()).length);
    const recorded = (await db.execute(sql`select counselling, year, round, added_by from data_additions`)) as unknown as { rows: Record<string, unknown>[] };
    expect(recorded.rows).toEqual([{ counselling: 'MCC', year: 2026, round: 1, added_by: 'operator@example.in' }]);
    const model = (await db.execute(sql`select predict_year, reference_year from chance_models where stream = 'neet-pg'`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    expect(model.rows).toEqual([{ predict_year: 2027, reference_year: 2026 }]);
    const [kept] = readAddedRounds(t.config.DATA_FOLDER, 'MCC');
    expect(kept).toMatchObject({ counselling: 'MCC', year: 2026, round: 1, addedBy: 'operator@example.in' });
    // A second import with the same inputs changes nothing.
    expect((await importMedical(ctx)).skipped).toBe(true);
  }, 900_000);
});
