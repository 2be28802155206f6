import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineeringCollege } from '@rankwise/contract/engineering';
import { silentProgress } from '../src/data/import-context.ts';
import { importEngineering } from '../src/data/josaa/import-engineering.ts';
import { extraInstitutes, instituteAliases, jeeAdvancedInstitutes } from '../src/data/josaa/institute-aliases.ts';
import { signAccessToken } from '../src/plugins/auth.ts';
import { buildTestApp, testConfig, type TestApp } from './helpers/test-app.ts';
import { IMPORTED_DATA_TIMEOUT_MS } from './helpers/imported-data.ts';
import { databaseKinds } from './helpers/test-database.ts';
import { engineeringFixtures as payloads } from './helpers/predictor-fixtures.ts';

/**
 * An independent computation of the predictor's answer straight from the raw CSVs, with its own
 * simple code for the rules. It shares only data tables with the importer: the reviewed institute
 * alias table (which spelling is which institute) and nothing else. The rules it applies:
 * - files: JoSAA 2016-2024, JoSAA 2025 (all rounds), JoSAA 2026 (rounds 1-5), CSAB 2024 and 2025
 *   (all rounds, DASA quotas DC/AD left out);
 * - JoSAA: the latest year (2026); each seat on its last published round that year; a seat type the year lacks
 *   falls back to the latest earlier year with it; a seat whose last round's rank is preparatory
 *   ('P', or in 2016-2024 an IIT SC/ST/PwD row with its opening rank above its closing rank) is
 *   not shown;
 * - CSAB: the latest CSAB year's rows only (2025, last round per seat), never IITs, same 'P' rule;
 * - IISc Bangalore (reviewed list jeeAdvancedInstitutes) is matched on JEE (Advanced) ranks, with the IITs;
 * - category: JoSAA: the category's seats at the rank, OPEN seats at the CRL rank; CSAB: the rank
 *   is the CRL rank, compared with OPEN, the category's and (PwD categories) both PwD seat types;
 * - B.Arch / B.Planning ('… Bachelor of Architecture)' / '… Bachelor of Planning)') outside IITs:
 *   only against archRank / planningRank, with the rank's category meaning (no CRL part);
 * - quota: AI all; HS the institute's state; OS everyone else; NIT Goa GO = Goa and HS = Dadra and
 *   Nagar Haveli and Daman and Diu + Lakshadweep; NIT Srinagar JK / LA; NIT Puducherry HS =
 *   Puducherry + Andaman and Nicobar Islands.
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
  prep: boolean;
  csab: boolean;
};

const dataDir = testConfig().DATA_DIR;
const decode = (s: string) => s.replaceAll('&amp;', '&').replace(/\s+/g, ' ').trim();
const csv = (file: string) => parse(readFileSync(path.join(dataDir, file)), { columns: true }) as Record<string, string>[];
const key = (r: { inst: string; program: string; quota: string; seat: string; gender: string }) => [r.inst, r.program, r.quota, r.seat, r.gender].join('|');

/** Institute spelling → { canonical name, type, state }, from institutes.csv, the extra list and the alias table. */
function institutes() {
  const k = (s: string) =>
    decode(s)
      .toLowerCase()
      .replaceAll('&', ' and ')
      .replace(/[^a-z0-9 ]/g, ' ')
      .replace(/\b(of|the|and|at|in)\b/g, ' ')
      .split(/\s+/)
      .filter(Boolean)
      .join(' ');
  const types: Record<string, string> = {
    'Indian Institute of Technology': 'IIT',
    'National Institute of Technology': 'NIT',
    'Indian Institute of Information Technology': 'IIIT',
    'Government Funded Technical Institutions': 'GFTI',
  };
  const states: Record<string, string> = { 'Jammu & Kashmir': 'Jammu and Kashmir', 'Daman and Diu': 'Dadra and Nagar Haveli and Daman and Diu' };
  const byKey = new Map<string, { name: string; type: string; state: string }>();
  for (const r of csv('josaa/institutes.csv'))
    if (r['Short Name'].trim()) byKey.set(k(r.Institute), { name: decode(r.Institute), type: types[r['Institute Type']], state: states[r.State] ?? r.State });
  for (const e of extraInstitutes) {
    const id = e.shortName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    byKey.set(k(e.name), { name: decode(e.name), type: jeeAdvancedInstitutes.has(id) ? 'IIT' : e.type, state: e.state });
  }
  return (name: string) => byKey.get(k(name)) ?? byKey.get(k(instituteAliases[Object.keys(instituteAliases).find((a) => k(a) === k(name)) ?? ''] ?? ''))!;
}

let rawOnce: Raw[] | undefined;
/** The raw rows, read once per file: both database kinds are checked against the same files. */
const loadRawOnce = (): Raw[] => (rawOnce ??= loadRaw());

function loadRaw(): Raw[] {
  const instOf = institutes();
  const files: [string, boolean][] = [
    ...readdirSync(path.join(dataDir, 'josaa/orcr')).map((f): [string, boolean] => [`josaa/orcr/${f}`, false]),
    ['josaa-2025/orcr_2025_all_rounds.csv', false],
    ['josaa-2026/orcr_2026_rounds1-5.csv', false],
    ['csab/csab_2024_rounds1-2.csv', true],
    ['csab/csab_2025_all_rounds.csv', true],
  ];
  const out: Raw[] = [];
  for (const [file, csab] of files) {
    for (const r of csv(file)) {
      if (csab && (r.Quota === 'DC' || r.Quota === 'AD')) continue;
      const i = instOf(r.Institute);
      out.push({
        inst: i.name,
        type: i.type,
        state: i.state,
        year: +r.Year,
        round: +r.Round,
        program: decode(r['Academic Program Name']),
        quota: r.Quota,
        seat: r['Seat Type'],
        gender: r.Gender === 'NA' ? 'Gender-Neutral' : r.Gender,
        open: parseInt(r['Opening Rank'], 10),
        close: parseInt(r['Closing Rank'], 10),
        prep:
          r['Opening Rank'].endsWith('P') ||
          r['Closing Rank'].endsWith('P') ||
          (!csab &&
            i.type === 'IIT' &&
            +r.Year <= 2024 &&
            /^(SC|ST|.*\(PwD\))$/.test(r['Seat Type']) &&
            parseInt(r['Opening Rank'], 10) > parseInt(r['Closing Rank'], 10)),
        csab,
      });
    }
  }
  return out;
}

const seatOf = (c: string) => c.replace('(PWD)', ' (PwD)');

/** Special home quotas (JoSAA business rules), by institute name. */
const GOA = 'National Institute of Technology Goa';
const SRINAGAR = 'National Institute of Technology, Srinagar';
const PUDUCHERRY = 'National Institute of Technology Puducherry';
const specialHome: Record<string, Record<string, string[]>> = {
  [GOA]: { GO: ['Goa'], HS: ['Dadra and Nagar Haveli and Daman and Diu', 'Lakshadweep'] },
  [SRINAGAR]: { JK: ['Jammu and Kashmir'], LA: ['Ladakh'] },
  [PUDUCHERRY]: { HS: ['Puducherry', 'Andaman and Nicobar Islands'] },
};

function quotaOk(r: Raw, home: string): boolean {
  if (r.quota === 'AI') return true;
  const special = specialHome[r.inst] ?? {};
  const homeOf = (q: string) => special[q] ?? (q === 'HS' ? [r.state] : []);
  if (r.quota === 'OS') return home !== r.state && !Object.values(special).some((states) => states.includes(home));
  return homeOf(r.quota).includes(home);
}

function lastRound(rows: Raw[]): Raw[] {
  const latest = new Map<string, Raw>();
  for (const r of rows) {
    const k = key(r);
    if (!latest.has(k) || latest.get(k)!.round < r.round) latest.set(k, r);
  }
  return [...latest.values()].filter((r) => !r.prep);
}

const seatPools = new WeakMap<Raw[], Map<boolean, Raw[]>>();
/** The seats a payload is matched against: JoSAA's or CSAB's, the same for every payload (computed once per raw set). */
function seatPool(raw: Raw[], forCsab: boolean): Raw[] {
  const pools = seatPools.get(raw) ?? new Map<boolean, Raw[]>();
  seatPools.set(raw, pools);
  const known = pools.get(forCsab);
  if (known) return known;
  const josaa = raw.filter((r) => !r.csab);
  const refYear = Math.max(...new Set(josaa.map((r) => r.year)));
  const yearOfSeat = new Map<string, number>();
  for (const r of josaa) if (r.year <= refYear) yearOfSeat.set(r.seat, Math.max(yearOfSeat.get(r.seat) ?? 0, r.year));
  const csab = raw.filter((r) => r.csab);
  const csabYear = Math.max(...new Set(csab.map((r) => r.year)));
  const pool = forCsab
    ? lastRound(csab.filter((r) => r.year === csabYear)).filter((r) => r.type !== 'IIT')
    : lastRound(josaa.filter((r) => r.year === yearOfSeat.get(r.seat)));
  pools.set(forCsab, pool);
  return pool;
}

function expected(
  raw: Raw[],
  p: {
    rank: number;
    examType: string;
    gender: string;
    homeState: string;
    seatType?: string;
    crlRank?: number;
    archRank?: number;
    planningRank?: number;
    branch?: string[];
  },
  groupOf: Map<string, string>,
) {
  const pool = seatPool(raw, p.examType === 'CSAB');
  const own = seatOf(p.seatType ?? 'OPEN');
  const base = own.replace(' (PwD)', '');
  const csabSeats = own === base ? ['OPEN', own] : ['OPEN', 'OPEN (PwD)', base, own];
  return pool.filter((r) => {
    if (p.examType === 'IIT' ? r.type !== 'IIT' : r.type === 'IIT') return false;
    if (r.gender !== 'Gender-Neutral' && !(p.gender === 'Female' && r.gender === 'Female-only (including Supernumerary)')) return false;
    const paper =
      r.type === 'IIT' ? null : r.program.endsWith('Bachelor of Architecture)') ? 'arch' : r.program.endsWith('Bachelor of Planning)') ? 'plan' : null;
    const rank = paper === 'arch' ? p.archRank : paper === 'plan' ? p.planningRank : p.rank;
    if (rank === undefined) return false;
    const rankOk =
      p.examType === 'CSAB'
        ? csabSeats.includes(r.seat) && r.close >= rank
        : (r.seat === own && r.close >= rank) || (paper === null && own !== 'OPEN' && p.crlRank !== undefined && r.seat === 'OPEN' && r.close >= p.crlRank);
    if (!rankOk || !quotaOk(r, p.homeState)) return false;
    if (p.branch?.length && !p.branch.includes(groupOf.get(r.program)!)) return false;
    return true;
  });
}

describe.each(databaseKinds)('engineering predictor on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let raw: Raw[];
  let importMs = 0;
  const groupOf = new Map<string, string>();
  const post = (payload: object, auth = true) =>
    t.app.inject({ method: 'POST', url: '/api/v1/college/preferences', payload, headers: auth ? { authorization: `Bearer ${token}` } : {} });

  beforeAll(async () => {
    // A copy of the run's one import (helpers/imported-data.ts).
    t = await buildTestApp(kind, { env: { SUBMISSION_LIMIT: '1000' }, imported: true });
    importMs = t.db.imported!.summaries.find((s) => s.name === 'engineering')!.ms;
    token = await signAccessToken(t.config, { id: 'student-1', username: 'student', email: 'student@example.in' });
    raw = loadRawOnce();
    const rows = (await t.db.database.db.execute(
      (await import('drizzle-orm')).sql`select name as program_name, branch_group from engineering_programs`,
    )) as unknown as { rows: { program_name: string; branch_group: string }[] };
    for (const r of rows.rows) groupOf.set(r.program_name, r.branch_group);
  }, IMPORTED_DATA_TIMEOUT_MS);
  afterAll(() => t?.close());

  // The time is measured by bench/import.ts (npm run bench:import), not asserted here.
  it('imports, and a second run changes nothing', async () => {
    console.log(`engineering import on ${kind}: ${(importMs / 1000).toFixed(1)} s`);
    const again = await importEngineering({ database: t.db.database, config: t.config, log: () => {}, progress: silentProgress });
    expect(again.skipped).toBe(true);
  });

  it('finds IIT Bombay CSE (JoSAA 2026 round 5, OPEN, Gender-Neutral, AI, closing 67) at rank 67 but not 68', async () => {
    const find = async (rank: number) => {
      const res = await post({ rank, examType: 'IIT', seatType: 'OPEN', gender: 'Male', homeState: 'Maharashtra', branch: ['Computer Science & IT'] });
      expect(res.statusCode).toBe(200);
      return (res.json().data.colleges as EngineeringCollege[]).find(
        (c) => c.instituteId === 'iit-bombay' && c['Academic Program Name'] === 'Computer Science and Engineering (4 Years, Bachelor of Technology)',
      );
    };
    expect(await find(67)).toMatchObject({
      'Closing Rank': 67,
      'Opening Rank': 1,
      quota: 'AI',
      seatType: 'OPEN',
      gender: 'Gender-Neutral',
      year: 2026,
      round: 5,
      basis: 'JoSAA',
      referenceLabel: 'JoSAA 2026 round 5 (round 6 not yet in our data)',
    });
    expect(await find(68)).toBeUndefined();
  });

  it('never shows IITs to a JEE Main rank, nor NITs to a JEE Advanced rank', async () => {
    const main = (await post({ rank: 1, examType: '', seatType: 'OPEN', gender: 'Female', homeState: 'Delhi', pageSize: 100 })).json();
    expect(main.data.totalDocuments).toBeGreaterThan(1000);
    expect(main.data.colleges.every((c: EngineeringCollege) => c.instituteType !== 'IIT')).toBe(true);
    const adv = (await post({ rank: 1, examType: 'IIT', seatType: 'OPEN', gender: 'Male', homeState: 'Delhi', pageSize: 100 })).json();
    expect(adv.data.colleges.every((c: EngineeringCollege) => c.instituteType === 'IIT')).toBe(true);
  });

  /** Every result of a payload (all pages). */
  const all = async (payload: object): Promise<EngineeringCollege[]> => {
    const first = (await post({ ...payload, pageSize: 100 })).json();
    const out: EngineeringCollege[] = [...first.data.colleges];
    for (let page = 2; page <= first.data.totalPages; page++) out.push(...(await post({ ...payload, pageSize: 100, page })).json().data.colleges);
    return out;
  };

  it("gives a Goa student NIT Goa's GO seats, never its HS seats (those are for Dadra and Nagar Haveli and Daman and Diu, and Lakshadweep)", async () => {
    const quotas = async (homeState: string) =>
      new Set(
        (
          await all({ rank: 1, examType: '', seatType: 'OPEN', gender: 'Male', homeState, searchQuery: 'national institute of technology', sortBy: 'college' })
        ).map((c) => `${c.instituteId}:${c.quota}`),
      );
    const goa = await quotas('Goa');
    expect([...goa].filter((q) => q.startsWith('nit-goa:')).sort()).toEqual(['nit-goa:GO']);
    expect(goa.has('nit-srinagar:JK')).toBe(false);
    const daman = await quotas('Dadra and Nagar Haveli and Daman and Diu');
    expect([...daman].filter((q) => q.startsWith('nit-goa:')).sort()).toEqual(['nit-goa:HS']);
    const lakshadweep = await quotas('Lakshadweep');
    expect([...lakshadweep].filter((q) => q.startsWith('nit-goa:')).sort()).toEqual(['nit-goa:HS']);
    const maharashtra = await quotas('Maharashtra');
    expect([...maharashtra].filter((q) => q.startsWith('nit-goa:')).sort()).toEqual(['nit-goa:OS']);
    const jk = await quotas('Jammu and Kashmir');
    expect(jk.has('nit-srinagar:JK')).toBe(true);
    expect(jk.has('nit-srinagar:LA')).toBe(false);
    expect(jk.has('nit-srinagar:OS')).toBe(false);
    expect(jk.has('nit-goa:GO')).toBe(false);
    const ladakh = await quotas('Ladakh');
    expect(ladakh.has('nit-srinagar:LA')).toBe(true);
    expect(ladakh.has('nit-srinagar:JK')).toBe(false);
    const andaman = await quotas('Andaman and Nicobar Islands');
    expect([...andaman].filter((q) => q.startsWith('nit-puducherry:')).sort()).toEqual(['nit-puducherry:HS']);
    const puducherry = await quotas('Puducherry');
    expect([...puducherry].filter((q) => q.startsWith('nit-puducherry:')).sort()).toEqual(['nit-puducherry:HS']);
  }, 120_000);

  it('judges CSAB on the common rank list: an SC student at CRL rank 5,000 sees OPEN seats too, and no SC seat closing below 5,000', async () => {
    const sc = await all({ rank: 5000, examType: 'CSAB', seatType: 'SC', gender: 'Male', homeState: 'Rajasthan' });
    expect(sc.every((c) => c.basis === 'CSAB' && c.year === 2025 && c.instituteType !== 'IIT' && c.matchedOn === 'rank')).toBe(true);
    expect(new Set(sc.map((c) => c.seatType))).toEqual(new Set(['OPEN', 'SC']));
    expect(sc.filter((c) => c['Closing Rank'] < 5000)).toEqual([]);
    // NIT Jalandhar Chemical, OS, OPEN, Gender-Neutral: CSAB 2025 round 3 closed at 46,097 (a CRL rank).
    expect(
      sc.find((c) => c.instituteId === 'nit-jalandhar' && c.programName.startsWith('Chemical Engineering (4') && c.quota === 'OS' && c.seatType === 'OPEN'),
    ).toMatchObject({ 'Closing Rank': 46_097, round: 3 });
    // The CRL rank has no separate role in CSAB.
    const withCrl = await all({ rank: 5000, examType: 'CSAB', seatType: 'SC', gender: 'Male', homeState: 'Rajasthan', crlRank: 40000 });
    expect(withCrl.map((c) => c.id)).toEqual(sc.map((c) => c.id));
    // Without a category, CSAB keeps the spec's behaviour: OPEN seats.
    const open = await all({ rank: 5000, examType: 'CSAB', gender: 'Male', homeState: 'Rajasthan' });
    expect(open.every((c) => c.seatType === 'OPEN')).toBe(true);
    expect(open.length).toBeLessThan(sc.length);
    const pwd = await all({ rank: 1000, examType: 'CSAB', seatType: 'OPEN(PWD)', gender: 'Male', homeState: 'Rajasthan' });
    expect(new Set(pwd.map((c) => c.seatType))).toEqual(new Set(['OPEN', 'OPEN (PwD)']));
  }, 120_000);

  it('lists NIT+ B.Arch and B.Planning only against Paper 2 ranks; IIT B.Arch stays on the JEE Advanced rank and asks for the AAT', async () => {
    const paper2 = (c: EngineeringCollege) => /Bachelor of (Architecture|Planning)\)$/.test(c.programName);
    const main = await all({ rank: 300, examType: '', seatType: 'OPEN', gender: 'Male', homeState: 'Madhya Pradesh' });
    expect(main.length).toBeGreaterThan(100);
    expect(main.filter(paper2)).toEqual([]);
    const arch = await all({ rank: 300, archRank: 300, examType: '', seatType: 'OPEN', gender: 'Male', homeState: 'Madhya Pradesh' });
    const barch = arch.filter((c) => c.programName.endsWith('Bachelor of Architecture)'));
    expect(barch.length).toBeGreaterThan(0);
    expect(barch.every((c) => c.matchedOn === 'archRank' && c['Closing Rank'] >= 300 && c.requires === null)).toBe(true);
    expect(arch.filter((c) => c.programName.endsWith('Bachelor of Planning)'))).toEqual([]);
    const plan = await all({ rank: 300, planningRank: 2000, examType: 'CSAB', seatType: 'OBC-NCL', gender: 'Female', homeState: 'Delhi' });
    const bplan = plan.filter((c) => c.programName.endsWith('Bachelor of Planning)'));
    expect(bplan.length).toBeGreaterThan(0);
    expect(bplan.every((c) => c.matchedOn === 'planningRank' && c['Closing Rank'] >= 2000)).toBe(true);
    const iit = await all({ rank: 5000, examType: 'IIT', seatType: 'OPEN', gender: 'Male', homeState: 'Delhi', branch: ['Architecture & Planning'] });
    const iitArch = iit.filter((c) => c.programName === 'Architecture (5 Years, Bachelor of Architecture)');
    expect(iitArch.length).toBeGreaterThan(0);
    expect(iitArch.every((c) => c.matchedOn === 'rank' && /Architecture Aptitude Test/.test(c.requires ?? ''))).toBe(true);
  }, 120_000);

  it('carries the NIRF rank with its year, the placement batch, and IIT/NIT tuition', async () => {
    const iit = await all({ rank: 60, examType: 'IIT', seatType: 'OPEN', gender: 'Male', homeState: 'Maharashtra', branch: ['Computer Science & IT'] });
    expect(iit.find((c) => c.instituteId === 'iit-bombay')).toMatchObject({
      nirfRank: 3,
      nirfRankYear: 2025,
      'Average Package(LPA)': 19.61,
      placementYear: '2023-24',
      'Institute Fee (INR)': '2,00,000',
      tuitionFromYear: 2016,
    });
    const main = await all({ rank: 20000, examType: '', seatType: 'OPEN', gender: 'Male', homeState: 'Andhra Pradesh' });
    for (const c of [...iit, ...main]) {
      expect(c.nirfRank === null).toBe(c.nirfRankYear === null);
      expect(c['Average Package(LPA)'] === 'NA').toBe(c.placementYear === null);
      expect(c['Institute Fee (INR)']).toBe(
        c.instituteType === 'IIT' ? '2,00,000' : c.instituteType === 'NIT' && c.instituteId !== 'iiest-shibpur' ? '1,25,000' : 'NA',
      );
    }
    expect(main.find((c) => c.instituteId === 'iiitdm-kurnool')?.['Average Package(LPA)']).toBe('NA');
  }, 120_000);

  it('gives the same results whatever the facility answers (no data set has facilities)', async () => {
    const base = { rank: 30000, examType: '', seatType: 'OPEN', gender: 'Male', homeState: 'Bihar' };
    const yes = (await post({ ...base, sportsFacility: 'Yes', hostelFacility: 'Yes', messFacility: 'Yes' })).json();
    const no = (await post({ ...base, sportsFacility: 'No', hostelFacility: 'No', messFacility: 'No' })).json();
    expect(no.data.totalDocuments).toBe(yes.data.totalDocuments);
    expect(no.data.colleges).toEqual(yes.data.colleges);
  });

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
    // Fees: lowest tuition first (NITs' 1,25,000), 'NA' (IIITs, GFTIs) last.
    const fees: EngineeringCollege[] = await all({ ...base, sortBy: 'fees' });
    const amounts = fees.map((c) => (c['Institute Fee (INR)'] === 'NA' ? Infinity : Number(c['Institute Fee (INR)'].replaceAll(',', ''))));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(amounts[0]).toBe(125000);
    expect(amounts.at(-1)).toBe(Infinity);
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
