import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineeringCollege } from '@rankwise/contract/engineering';
import { addRound } from '../src/data/add-round.ts';
import { silentProgress, type ImportContext } from '../src/data/import-context.ts';
import { importColleges } from '../src/data/colleges/import-colleges.ts';
import { importEngineering } from '../src/data/josaa/import-engineering.ts';
import { manifestFile, readAddedRounds } from '../src/data/lib/added-rounds.ts';
import { signAccessToken } from '../src/plugins/auth.ts';
import { buildTestApp, testConfig, type TestApp } from './helpers/test-app.ts';
import { IMPORTED_DATA_TIMEOUT_MS } from './helpers/imported-data.ts';
import { createTestDatabase } from './helpers/test-database.ts';

/**
 * `npm run data:add` / `/admin/data` (issue 22 item 5): a round is checked before anything is
 * written, refused with every problem named, or kept under DATA_FOLDER and brought live while the
 * app keeps answering. The round files are made from the published JoSAA 2026 round 5 (a round 6
 * is not in any copy: SOURCES.md), changed where the test says.
 */
const dataDir = testConfig().DATA_DIR;
const round5 = readFileSync(path.join(dataDir, 'josaa-2026/orcr_2026_rounds1-5.csv'), 'utf8')
  .split(/\r?\n/)
  .filter((l, i) => i === 0 || l.startsWith('2026,5,'));
const CSE = 'Indian Institute of Technology Bombay,Computer Science and Engineering (4 Years, Bachelor of Technology),AI,OPEN,Gender-Neutral';
/** Round 5 as round 6, each line passed through `edit`. */
const round6 = (edit: (line: string, i: number) => string = (l) => l) =>
  Buffer.from(
    round5
      .map((l, i) => (i === 0 ? l : edit(l.replace(/^2026,5,/, '2026,6,'), i)))
      .filter(Boolean)
      .join('\n') + '\n',
  );
// Program names contain commas and are quoted in the file: compare on the unquoted text.
const unquoted = (l: string) => l.replaceAll('"', '');

describe('data:add on pglite', () => {
  let t: TestApp;
  let ctx: ImportContext;
  let token: string;
  const marker = async () =>
    ((await t.db.database.db.execute(sql`select input_hash from data_imports where name = 'engineering'`)) as unknown as { rows: { input_hash: string }[] })
      .rows[0]?.input_hash;
  const count = async () =>
    ((await t.db.database.db.execute(sql`select count(*)::int as n from engineering_cutoffs`)) as unknown as { rows: { n: number }[] }).rows[0].n;
  const iitCse = async (rank: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/college/preferences',
      headers: { authorization: `Bearer ${token}` },
      payload: { rank, examType: 'IIT', seatType: 'OPEN', gender: 'Male', homeState: 'Maharashtra', branch: ['Computer Science & IT'], pageSize: 100 },
    });
    return { status: res.statusCode, body: res.json() as { data: { colleges: EngineeringCollege[]; referenceLabel?: string } } };
  };

  beforeAll(async () => {
    // A copy of the run's one import (helpers/imported-data.ts): engineering and colleges among it.
    // The token is signed once here: a day's life, so a slow run on a busy machine never sees it expire mid-test.
    t = await buildTestApp('pglite', { env: { SUBMISSION_LIMIT: '100000', ACCESS_TOKEN_TTL_SECONDS: '86400' }, imported: true });
    ctx = { database: t.db.database, config: t.config, log: () => {}, progress: silentProgress };
    token = await signAccessToken(t.config, { id: 'data-add-1', username: 'student', email: 'student@example.in' });
  }, IMPORTED_DATA_TIMEOUT_MS);
  afterAll(() => t?.close());

  it('refuses a round with an unknown institute, an inversion and a duplicate key, naming all three, and imports nothing', async () => {
    const before = { marker: await marker(), rows: await count() };
    let inverted = '';
    const bytes = round6((l, i) => {
      if (i === 1) return l.replace('Indian Institute of Technology Bhubaneswar', 'Indian Institute of Technolgy Bhubaneshwar');
      if (i === 2) {
        // Opening 999999 above the row's closing rank.
        const cells = l.split(',');
        cells[cells.length - 2] = '999999';
        inverted = l;
        return cells.join(',');
      }
      return l;
    });
    const withDuplicate = Buffer.concat([bytes, Buffer.from(`${round5[3].replace(/^2026,5,/, '2026,6,')}\n`)]);
    const r = await addRound(ctx, { bytes: withDuplicate, fileName: 'bad.csv', counselling: 'JoSAA', year: 2026, round: 6, addedBy: 'test' });
    expect(r.status).toBe('refused');
    const problems = r.problems.join('\n');
    expect(problems).toMatch(
      /unknown institute 'Indian Institute of Technolgy Bhubaneshwar' \(row 2\); closest known names: Indian Institute of Technology Bhubaneswar/,
    );
    expect(problems).toMatch(/opening rank above closing rank: row 3 \(/);
    expect(inverted).not.toBe('');
    expect(problems).toMatch(/duplicate seat \(institute, program, quota, seat type, gender\) .*: row \d+ repeat row 4/);
    expect(r.problems).toHaveLength(3);
    // Nothing written: the import, its rows, DATA_FOLDER.
    expect(await marker()).toBe(before.marker);
    expect(await count()).toBe(before.rows);
    expect(existsSync(manifestFile(t.config.DATA_FOLDER))).toBe(false);
  });

  it('refuses rounds out of order and a round far short of the previous one', async () => {
    const skipped = await addRound(ctx, { bytes: round6(), fileName: 'r7.csv', counselling: 'JoSAA', year: 2026, round: 7, addedBy: 'test' });
    expect(skipped.problems).toContain('rounds must come in order: JoSAA 2026 has rounds up to 5, so the next is 6, not 7');
    const again = await addRound(ctx, { bytes: round6(), fileName: 'r5.csv', counselling: 'JoSAA', year: 2026, round: 5, addedBy: 'test' });
    expect(again.problems).toContain('JoSAA 2026 round 5 is already in the data');
    const short = await addRound(ctx, {
      bytes: round6((l, i) => (i % 2 ? l : '')),
      fileName: 'half.csv',
      counselling: 'JoSAA',
      year: 2026,
      round: 6,
      addedBy: 'test',
    });
    expect(short.problems.join('\n')).toMatch(/rows against 12,936 in JoSAA 2026 round 5: expected 11,643 to 13,582/);
  });

  it('brings a good round live: the difference, the file kept with its checksum, answers changed, no request failed during the switch', async () => {
    // IIT Bombay CSE closed at 67 in round 5; say 70 in round 6.
    const bytes = round6((l) => (unquoted(l).includes(CSE) ? l.replace(/,1,67$/, ',1,70') : l));
    expect(bytes.toString()).toContain(',1,70\n');
    const before = await iitCse(69);
    expect(before.body.data.colleges.some((c) => c.instituteId === 'iit-bombay' && c.programName.startsWith('Computer Science and Engineering (4'))).toBe(
      false,
    );
    expect(before.body.data.referenceLabel).toBe('JoSAA 2026 round 5 (round 6 not yet in our data)');

    // Students keep asking while the round goes live: every answer is whole, from one data set.
    let done = false;
    const answers: { status: number; labels: Set<string | undefined> }[] = [];
    const asking = (async () => {
      while (!done) {
        const a = await iitCse(69);
        answers.push({ status: a.status, labels: new Set([a.body.data.referenceLabel, ...a.body.data.colleges.map((c) => c.referenceLabel)]) });
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const r = await addRound(ctx, { bytes, fileName: 'round6.csv', counselling: 'JoSAA', year: 2026, round: 6, addedBy: 'operator@example.in' });
    const after = await iitCse(69);
    done = true;
    await asking;

    expect(r.status).toBe('live');
    if (r.status !== 'live') return;
    // Only the round's rows were inserted (the whole import is compared below).
    expect(r.incremental).toBe(true);
    expect(r.diff.previous).toEqual({ year: 2026, round: 5, rows: 12_936 });
    expect(r.diff).toMatchObject({ seatsAdded: 0, seatsRemoved: 0, medianMovePercent: 0 });
    expect(r.diff.largestMoves[0]).toMatchObject({ from: 67, to: 70, percent: 4.5 });
    expect(r.diff.largestMoves[0].seat).toContain('IIT Bombay');

    const cse = after.body.data.colleges.find((c) => c.instituteId === 'iit-bombay' && c.programName.startsWith('Computer Science and Engineering (4'));
    expect(cse).toMatchObject({ 'Closing Rank': 70, round: 6, referenceLabel: 'JoSAA 2026 round 6' });
    expect(after.body.data.referenceLabel).toBe('JoSAA 2026 round 6');

    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.status)).toEqual([]);
    // Never a mix: each answer is judged on round 5 only or round 6 only.
    expect(answers.every((a) => a.labels.size === 1)).toBe(true);

    // Kept under DATA_FOLDER with its checksum and who added it; recorded in the database too.
    const [kept] = readAddedRounds(t.config.DATA_FOLDER);
    expect(kept).toMatchObject({ counselling: 'JoSAA', year: 2026, round: 6, addedBy: 'operator@example.in', rows: 12_936 });
    expect(kept.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(readFileSync(path.join(t.config.DATA_FOLDER, 'added-data', kept.file)).equals(bytes)).toBe(true);
    const recorded = (await t.db.database.db.execute(sql`select counselling, year, round, sha256, added_by from data_additions`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    expect(recorded.rows).toEqual([{ counselling: 'JoSAA', year: 2026, round: 6, sha256: kept.sha256, added_by: 'operator@example.in' }]);
    // The chance model was refitted on the complete 2026: no round step any more.
    const model = (await t.db.database.db.execute(sql`select summary from chance_models where stream = 'josaa'`)) as unknown as {
      rows: { summary: { referenceYear: number; referenceRound?: number } }[];
    };
    expect(model.rows[0].summary.referenceYear).toBe(2026);
    expect(model.rows[0].summary.referenceRound).toBeUndefined();
  }, 900_000);

  it('reproduces the added round on a fresh database with the same DATA_FOLDER: the tables the round went live with, exactly', async () => {
    const fresh = await createTestDatabase('pglite');
    try {
      // The whole import with the same inputs (the kept round included).
      const whole = await importEngineering({ ...ctx, database: fresh.database });
      expect(whole.skipped).toBe(false);
      await importColleges({ ...ctx, database: fresh.database });
      const r = (await fresh.database.db.execute(
        sql`select closing_rank, round, reference_label from engineering_reference where institute_id = 'iit-bombay' and scheme = 'josaa'
            and program_name = 'Computer Science and Engineering (4 Years, Bachelor of Technology)' and quota = 'AI' and seat_type = 'OPEN' and gender = 'Gender-Neutral'`,
      )) as unknown as { rows: Record<string, unknown>[] };
      expect(r.rows).toEqual([{ closing_rank: 70, round: 6, reference_label: 'JoSAA 2026 round 6' }]);
      // The incremental addition left every table the predictors, college pages and /methodology
      // read as the whole import leaves them: reference seats with their chance columns and cards,
      // the chance models with their backtests, every rank row, the programs' numbering, the marker.
      const incremental = await engineeringTables(t.db.database);
      const reimported = await engineeringTables(fresh.database);
      for (const [name, value] of Object.entries(reimported)) expect({ name, value: incremental[name] }).toEqual({ name, value });
    } finally {
      await fresh.drop();
    }
  }, 900_000);
});

/** The engineering tables as checksums (large ones) or rows, in a fixed order. */
async function engineeringTables(database: ImportContext['database']): Promise<Record<string, unknown>> {
  const rows = async (q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
  // Every column of every row, in a fixed order.
  const digest = async (table: string, order = 'row(t.*)::text') =>
    (await rows(sql.raw(`select count(*)::int as n, md5(string_agg(row(t.*)::text, E'\\n' order by ${order})) as md5 from ${table} t`)))[0];
  return {
    marker: await rows(sql`select input_hash, rows from data_imports where name in ('engineering', 'colleges') order by name`),
    institutes: await digest('engineering_institutes', 't.id'),
    programs: await digest('engineering_programs', 't.id'),
    cutoffs: await digest('engineering_cutoffs'),
    reference: await digest('engineering_reference', 't.id'),
    chanceModels: await rows(
      sql`select stream, predict_year, reference_year, move_table, calibration, z_reach, summary, backtest from chance_models where stream in ('josaa', 'csab') order by stream`,
    ),
    additions: await rows(sql`select counselling, year, round, file, sha256, rows, added_by, added_at from data_additions order by counselling, year, round`),
    collegePrograms: await digest('college_programs'),
  };
}
