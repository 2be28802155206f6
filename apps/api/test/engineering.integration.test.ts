import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineeringCollege, EngineeringPreferencesInput } from '@rankwise/contract/engineering';
import { silentProgress } from '../src/data/import-context.ts';
import { importEngineering } from '../src/data/josaa/import-engineering.ts';
import { InstituteDirectory } from '../src/data/josaa/institute-directory.ts';
import { signAccessToken } from '../src/plugins/auth.ts';
import { buildTestApp, testConfig, type TestApp } from './helpers/test-app.ts';
import { databaseKinds } from './helpers/test-database.ts';

/**
 * An independent computation of the predictor's answer straight from the raw CSVs, with its own
 * simple code for the rules (it shares only the institute alias table with the importer).
 */
type Raw = {
  inst: string;
  type: string;
  state: string;
  year: number;
  round: number;
  program: string;
  quota: string;
  seat: string;
  gender: string;
  open: number;
  close: number;
  csab: boolean;
};

const dataDir = testConfig().DATA_DIR;
const decode = (s: string) => s.replaceAll('&amp;', '&').replace(/\s+/g, ' ').trim();

function loadRaw(): Raw[] {
  const directory = new InstituteDirectory(parse(readFileSync(path.join(dataDir, 'josaa/institutes.csv')), { columns: true }));
  const files: [string, boolean][] = [
    ...readdirSync(path.join(dataDir, 'josaa/orcr')).map((f): [string, boolean] => [path.join(dataDir, 'josaa/orcr', f), false]),
    [path.join(dataDir, 'josaa-2025/orcr_2025_round5.csv'), false],
    [path.join(dataDir, 'josaa-2025/orcr_2025_rounds1-6_open_gn_subset.csv'), false],
    [path.join(dataDir, 'csab/csab_2025_rounds1-3_open_gn_subset.csv'), true],
  ];
  const out: Raw[] = [];
  for (const [file, csab] of files) {
    for (const r of parse(readFileSync(file), { columns: true }) as Record<string, string>[]) {
      const i = directory.resolve(r.Institute)!;
      out.push({
        inst: i.name,
        type: i.type,
        state: i.state ?? '',
        year: +r.Year,
        round: +r.Round,
        program: decode(r['Academic Program Name']),
        quota: r.Quota,
        seat: r['Seat Type'],
        gender: r.Gender === 'NA' ? 'Gender-Neutral' : r.Gender,
        open: +r['Opening Rank'],
        close: +r['Closing Rank'],
        csab,
      });
    }
  }
  return out;
}

const seatOf = (c: string) => c.replace('(PWD)', ' (PwD)');
const key = (r: { inst: string; program: string; quota: string; seat: string; gender: string }) => [r.inst, r.program, r.quota, r.seat, r.gender].join('|');

function expected(
  raw: Raw[],
  p: { rank: number; examType: string; gender: string; homeState: string; seatType?: string; crlRank?: number; branch?: string[] },
  groupOf: Map<string, string>,
) {
  const josaa = raw.filter((r) => !r.csab);
  const refYear = Math.max(...new Set(josaa.map((r) => r.year)));
  const yearOfSeat = new Map<string, number>();
  for (const r of josaa) if (r.year <= refYear) yearOfSeat.set(r.seat, Math.max(yearOfSeat.get(r.seat) ?? 0, r.year));
  const latest = new Map<string, Raw>();
  for (const r of josaa) {
    if (r.year !== yearOfSeat.get(r.seat)) continue;
    const k = key(r);
    if (!latest.has(k) || latest.get(k)!.round < r.round) latest.set(k, r);
  }
  let pool = [...latest.values()];
  if (p.examType === 'CSAB') {
    const csab = new Map<string, Raw>();
    for (const r of raw)
      if (r.csab && r.year === refYear && r.seat !== 'UNKNOWN') {
        const k = key(r);
        if (!csab.has(k) || csab.get(k)!.round < r.round) csab.set(k, r);
      }
    const merged = new Map<string, Raw>();
    for (const r of pool) merged.set(key(r), csab.get(key(r)) ?? r);
    for (const [k, r] of csab) if (!merged.has(k)) merged.set(k, r);
    pool = [...merged.values()].filter((r) => r.type !== 'IIT');
  }
  const category = p.examType === 'CSAB' ? 'OPEN' : (p.seatType ?? 'OPEN');
  const own = seatOf(category);
  return pool.filter((r) => {
    if (p.examType === 'IIT' ? r.type !== 'IIT' : r.type === 'IIT') return false;
    if (r.gender !== 'Gender-Neutral' && !(p.gender === 'Female' && r.gender === 'Female-only (including Supernumerary)')) return false;
    const rankOk = (r.seat === own && r.close >= p.rank) || (own !== 'OPEN' && p.crlRank !== undefined && r.seat === 'OPEN' && r.close >= p.crlRank);
    if (!rankOk) return false;
    const home = r.state === p.homeState;
    const quotaOk =
      r.quota === 'AI' ||
      (r.quota === 'HS' && home) ||
      (r.quota === 'OS' && !home) ||
      (r.quota === 'GO' && r.inst === 'National Institute of Technology Goa' && p.homeState === 'Goa') ||
      (r.quota === 'JK' && r.inst === 'National Institute of Technology, Srinagar' && p.homeState === 'Jammu and Kashmir') ||
      (r.quota === 'LA' && r.inst === 'National Institute of Technology, Srinagar' && p.homeState === 'Ladakh');
    if (!quotaOk) return false;
    if (p.branch?.length && !p.branch.includes(groupOf.get(r.program)!)) return false;
    return true;
  });
}

const payloads: (EngineeringPreferencesInput & { examType: '' | 'IIT' | 'CSAB' })[] = [
  { rank: 1500, examType: 'IIT', seatType: 'OPEN', gender: 'Male', homeState: 'Maharashtra' },
  { rank: 900, examType: 'IIT', seatType: 'OBC-NCL', gender: 'Female', homeState: 'Bihar', crlRank: 4000 },
  { rank: 300, examType: 'IIT', seatType: 'SC(PWD)', gender: 'Male', homeState: 'Delhi' },
  { rank: 12000, examType: '', seatType: 'OPEN', gender: 'Male', homeState: 'Goa', branch: ['Computer Science & IT', 'Electronics & Communication'] },
  { rank: 30000, examType: '', seatType: 'EWS', gender: 'Female', homeState: 'Jharkhand', branch: ['Mechanical', 'Civil', 'Chemical'] },
  { rank: 20000, examType: '', seatType: 'OPEN', gender: 'Male', homeState: 'Jammu and Kashmir', branch: ['Civil', 'Electrical & Electronics'] },
  { rank: 60000, examType: '', seatType: 'ST', gender: 'Male', homeState: 'Ladakh', crlRank: 400000, branch: ['Civil'] },
  { rank: 2000, examType: '', seatType: 'OBC-NCL(PWD)', gender: 'Female', homeState: 'Uttar Pradesh' },
  { rank: 25000, examType: 'CSAB', gender: 'Female', homeState: 'Tamil Nadu', branch: ['Computer Science & IT'] },
  { rank: 40000, examType: 'CSAB', gender: 'Male', homeState: 'Kerala', branch: ['AI & Data Science', 'Electronics & Communication'] },
  { rank: 8000, examType: '', seatType: 'OPEN', gender: 'Female', homeState: 'Outside India', branch: ['Mathematics & Computing', 'AI & Data Science'] },
];

describe.each(databaseKinds)('engineering predictor on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let raw: Raw[];
  const groupOf = new Map<string, string>();
  const post = (payload: object, auth = true) =>
    t.app.inject({ method: 'POST', url: '/api/v1/college/preferences', payload, headers: auth ? { authorization: `Bearer ${token}` } : {} });

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { SUBMISSION_LIMIT: '1000' } });
    await importEngineering({ database: t.db.database, config: t.config, log: () => {}, progress: silentProgress });
    token = await signAccessToken(t.config, { id: 'student-1', username: 'student', email: 'student@example.in' });
    raw = loadRaw();
    const rows = (await t.db.database.db.execute(
      (await import('drizzle-orm')).sql`select distinct program_name, branch_group from engineering_cutoffs`,
    )) as unknown as { rows: { program_name: string; branch_group: string }[] };
    for (const r of rows.rows) groupOf.set(r.program_name, r.branch_group);
  }, 240_000);
  afterAll(() => t?.close());

  it('finds IIT Bombay CSE (JoSAA 2025 round 6, OPEN, Gender-Neutral, AI, closing 66) at rank 66 but not 67', async () => {
    const find = async (rank: number) => {
      const res = await post({ rank, examType: 'IIT', seatType: 'OPEN', gender: 'Male', homeState: 'Maharashtra', branch: ['Computer Science & IT'] });
      expect(res.statusCode).toBe(200);
      return (res.json().data.colleges as EngineeringCollege[]).find(
        (c) => c.instituteId === 'iit-bombay' && c['Academic Program Name'] === 'Computer Science and Engineering (4 Years, Bachelor of Technology)',
      );
    };
    expect(await find(66)).toMatchObject({
      'Closing Rank': 66,
      'Opening Rank': 1,
      quota: 'AI',
      seatType: 'OPEN',
      gender: 'Gender-Neutral',
      year: 2025,
      round: 6,
      basis: 'JoSAA',
    });
    expect(await find(67)).toBeUndefined();
  });

  it('never shows IITs to a JEE Main rank, nor NITs to a JEE Advanced rank', async () => {
    const main = (await post({ rank: 1, examType: '', seatType: 'OPEN', gender: 'Female', homeState: 'Delhi', pageSize: 100 })).json();
    expect(main.data.totalDocuments).toBeGreaterThan(1000);
    expect(main.data.colleges.every((c: EngineeringCollege) => c.instituteType !== 'IIT')).toBe(true);
    const adv = (await post({ rank: 1, examType: 'IIT', seatType: 'OPEN', gender: 'Male', homeState: 'Delhi', pageSize: 100 })).json();
    expect(adv.data.colleges.every((c: EngineeringCollege) => c.instituteType === 'IIT')).toBe(true);
  });

  it('shows NIT Goa GO-quota seats to Goa students only, and NIT Srinagar JK/LA seats by state', async () => {
    const quotas = async (homeState: string) => {
      const res = (
        await post({
          rank: 1,
          examType: '',
          seatType: 'OPEN',
          gender: 'Male',
          homeState,
          search: undefined,
          searchQuery: 'national institute of technology',
          pageSize: 100,
          sortBy: 'college',
        })
      ).json();
      const all: EngineeringCollege[] = res.data.colleges;
      for (let page = 2; page <= res.data.totalPages; page++) {
        all.push(
          ...(
            await post({
              rank: 1,
              examType: '',
              seatType: 'OPEN',
              gender: 'Male',
              homeState,
              searchQuery: 'national institute of technology',
              pageSize: 100,
              sortBy: 'college',
              page,
            })
          ).json().data.colleges,
        );
      }
      return new Set(all.map((c) => `${c.instituteId}:${c.quota}`));
    };
    const goa = await quotas('Goa');
    expect(goa.has('nit-goa:GO')).toBe(true);
    expect(goa.has('nit-goa:HS')).toBe(true);
    expect(goa.has('nit-srinagar:JK')).toBe(false);
    const jk = await quotas('Jammu and Kashmir');
    expect(jk.has('nit-srinagar:JK')).toBe(true);
    expect(jk.has('nit-srinagar:LA')).toBe(false);
    expect(jk.has('nit-goa:GO')).toBe(false);
    const ladakh = await quotas('Ladakh');
    expect(ladakh.has('nit-srinagar:LA')).toBe(true);
    expect(ladakh.has('nit-srinagar:JK')).toBe(false);
  }, 120_000);

  it.each(payloads.map((p, i) => [i, p] as const))(
    'payload %i matches the independent computation from the raw CSVs',
    async (_i, p) => {
      const want = expected(raw, p as never, groupOf);
      const got: EngineeringCollege[] = [];
      const first = (await post({ ...p, pageSize: 100 })).json();
      expect(first.data.totalDocuments).toBe(want.length);
      got.push(...first.data.colleges);
      for (let page = 2; page <= first.data.totalPages; page++) got.push(...(await post({ ...p, pageSize: 100, page })).json().data.colleges);
      const gotMap = new Map(
        got.map((c) => [key({ inst: c['Institute Name'], program: c['Academic Program Name'], quota: c.quota, seat: c.seatType, gender: c.gender }), c]),
      );
      expect(gotMap.size).toBe(got.length);
      for (const w of want) {
        const g = gotMap.get(key(w));
        expect(g, `missing ${key(w)}`).toBeDefined();
        expect([g!['Closing Rank'], g!['Opening Rank'], g!.year, g!.round]).toEqual([w.close, w.open, w.year, w.round]);
      }
      // Default order: closing rank ascending.
      const closes = got.map((c) => c['Closing Rank']);
      expect(closes).toEqual([...closes].sort((a, b) => a - b));
    },
    120_000,
  );

  it('sorts by package (highest first, NA last, ties by closing rank), program and college', async () => {
    const base = { rank: 5000, examType: '', seatType: 'OPEN', gender: 'Male', homeState: 'Karnataka', pageSize: 100 };
    const pkg: EngineeringCollege[] = (await post({ ...base, sortBy: 'package' })).json().data.colleges;
    for (let i = 1; i < pkg.length; i++) {
      const [a, b] = [pkg[i - 1], pkg[i]];
      const va = a['Average Package(LPA)'] === 'NA' ? -1 : a['Average Package(LPA)'];
      const vb = b['Average Package(LPA)'] === 'NA' ? -1 : b['Average Package(LPA)'];
      expect(va).toBeGreaterThanOrEqual(vb);
      if (va === vb) expect(a['Closing Rank']).toBeLessThanOrEqual(b['Closing Rank']);
    }
    const college: EngineeringCollege[] = (await post({ ...base, sortBy: 'college' })).json().data.colleges;
    const names = college.map((c) => c['Institute Name']);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const fees = (await post({ ...base, sortBy: 'fees' })).json();
    expect(fees.data.colleges.every((c: EngineeringCollege) => c['Institute Fee (INR)'] === 'NA')).toBe(true);
  });

  it('searches institute and program names', async () => {
    const res = (await post({ rank: 1, examType: '', seatType: 'OPEN', gender: 'Male', homeState: 'Kerala', searchQuery: 'calicut' })).json();
    expect(res.data.totalDocuments).toBeGreaterThan(0);
    expect(res.data.colleges.every((c: EngineeringCollege) => c['Institute Name'].includes('Calicut'))).toBe(true);
    const none = (await post({ rank: 1, examType: '', seatType: 'OPEN', gender: 'Male', homeState: 'Kerala', searchQuery: '%_%' })).json();
    expect(none.data.totalDocuments).toBe(0);
  });

  it('gives visitors page 1 only and no search (401), and names every invalid field (400)', async () => {
    const base = { rank: 5000, examType: '', seatType: 'OPEN', gender: 'Male', homeState: 'Karnataka' };
    expect((await post(base, false)).statusCode).toBe(200);
    const page2 = await post({ ...base, page: 2 }, false);
    expect(page2.statusCode).toBe(401);
    expect(page2.json().code).toBe('SIGN_IN_REQUIRED');
    expect((await post({ ...base, searchQuery: 'nit' }, false)).statusCode).toBe(401);
    // A bigger page does not get round the first-page limit.
    const big = (await post({ ...base, pageSize: 100 }, false)).json();
    expect(big.data.colleges).toHaveLength(35);
    expect((await post({ ...base, pageSize: 100 })).json().data.colleges).toHaveLength(100);
    const bad = await post({ rank: '12a', examType: 'JEE', gender: 'X', homeState: 'Atlantis', branch: ['Cooking'], sortBy: 'cheapest' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['branch.0', 'examType', 'gender', 'homeState', 'rank', 'sortBy']);
    expect(bad.json().fieldErrors.rank).toEqual(['Please enter a valid positive integer']);
    const missing = await post({ examType: '', gender: 'Male', homeState: 'Goa' });
    expect(missing.json().fieldErrors.rank).toEqual(['Rank is required']);
    const noCategory = await post({ rank: 10, examType: '', gender: 'Male', homeState: 'Goa' });
    expect(noCategory.json().fieldErrors).toEqual({ seatType: ['Category is required'] });
    const expired = await signAccessToken(t.config, { id: 'student-1', username: 'student', email: 'student@example.in' }, -10);
    const stale = await t.app.inject({ method: 'POST', url: '/api/v1/college/preferences', payload: base, headers: { authorization: `Bearer ${expired}` } });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().message).toBe('Access token expired');
  });
});

describe('submission limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { env: { SUBMISSION_LIMIT: '2' } });
  });
  afterAll(() => t.close());

  it('counts new preference sets, not paging or sorting, and answers 429 past the limit', async () => {
    const token = await signAccessToken(t.config, { id: 'limit-1', username: 'l', email: 'l@example.in' });
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/college/preferences', payload, headers: { authorization: `Bearer ${token}` } });
    const a = { rank: 100, examType: 'IIT', seatType: 'OPEN', gender: 'Male', homeState: 'Goa' };
    expect((await post(a)).statusCode).toBe(200);
    expect((await post({ ...a, page: 3, sortBy: 'college' })).statusCode).toBe(200);
    expect((await post({ ...a, rank: 200 })).statusCode).toBe(200);
    const over = await post({ ...a, rank: 300 });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('Max submissions limit per user Breached');
    expect((await post(a)).statusCode).toBe(200);
  });
});
