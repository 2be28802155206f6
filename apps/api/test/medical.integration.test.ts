import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MedicalCollege } from '@rankwise/contract/medical';
import { homeStates } from '@rankwise/contract/reference';
import { silentProgress } from '../src/data/import-context.ts';
import { importMedical } from '../src/data/neet-pg/import-medical.ts';
import { COURSE_OF_2025 } from '../src/data/neet-pg/courses.ts';
import { readMedicalData } from '../src/data/neet-pg/medical-data.ts';
import { signAccessToken } from '../src/plugins/auth.ts';
import { buildTestApp, testConfig, type TestApp } from './helpers/test-app.ts';
import { IMPORTED_DATA_TIMEOUT_MS } from './helpers/imported-data.ts';
import { databaseKinds } from './helpers/test-database.ts';
import { medicalFixtures as payloads } from './helpers/predictor-fixtures.ts';

/*
 * An independent computation of the medical predictor's answer straight from the raw CSVs, with its
 * own simple code for the rules. It shares with the importer only reviewed tables and the institute
 * matching (which page institute of the 2025 file is which product institute, data/neet-pg/year-2025.ts,
 * tested in medical-data.test.ts): the 2025 course names (courses.ts). The rules it applies:
 * - reference: NEET PG 2025, rounds 1-3 (mcc_neetpg_2025_r1_r3_seats.csv, AIR ranges per round);
 * - a seat = institute × course × quota × seat category; closing = the highest AIR of its rounds'
 *   ranges, opening = the lowest (two page institutes that are one institute: one seat);
 * - quota and category: the 2025 file's labels, each one to one onto the form's;
 * - category: General → OPEN; any other → its own seats and OPEN;
 * - a seat matches when its closing rank is at or beyond the student's rank;
 * - fee: one figure from 1,000 to 1,00,00,000 in the fee file's "Annual Fee (INR)" of the MCC code, else 'NA'.
 */
const dataDir = testConfig().DATA_DIR;
type Row = { source: string; course: string; quota: string; cat: string; min: number; max: number };
type Seat = { id: string; course: string; quota: string; cat: string; open: number; close: number };

const QUOTA: Record<string, string> = {
  'All India': 'All India',
  DNB: 'DNB Quota',
  'Deemed/Paid': 'Management/Paid Seats Quota',
  NRI: 'Non-Resident Indian',
  'Delhi Univ': 'Delhi University Quota',
  'IP Univ': 'IP University Quota',
  'Armed Forces': 'Armed Forces Medical',
  BHU: 'Banaras Hindu University',
  AMU: 'Aligarh Muslim University',
  'Jain Minority': 'Jain Minority Quota',
  'Muslim Minority': 'Muslim Minority Quota',
};
const seatCats = (category: string) => (category === 'General' ? ['OPEN'] : [category.replace('General', 'OPEN').replace(' PwD', ' PWD'), 'OPEN']);
const csv = (file: string) => parse(readFileSync(path.join(dataDir, file)), { columns: true }) as Record<string, string>[];

function loadRows(): Row[] {
  const out: Row[] = [];
  for (const r of csv('neet-pg/mcc_neetpg_2025_r1_r3_seats.csv')) {
    for (const k of ['R1', 'R2', 'R3']) {
      if (!Number(r[`${k}_Count`])) continue;
      out.push({
        source: r.Source_Inst_Index,
        course: COURSE_OF_2025[r.Course],
        quota: QUOTA[r.Quota],
        cat: r.Allotted_Category.toUpperCase(),
        min: Number(r[`${k}_Min_AIR`]),
        max: Number(r[`${k}_Max_AIR`]),
      });
    }
  }
  return out;
}

function feesOf() {
  const byCode = new Map(csv('neet-pg/mcc_neetpg_institute_fees_2025.csv').map((f) => [f['MCC Institute Code'], f]));
  return (id: string) => {
    const text = id.startsWith('mcc-') ? byCode.get(id.slice(4))!['Annual Fee (INR)'].trim() : '';
    const m = /^(?:rs\.?|inr|₹)?\s*((?:\d{1,3}(?:,\d{2,3})+|\d+)(?:\.\d+)?)(?:\s*\/-)?$/i.exec(text);
    const n = m ? Math.round(Number(m[1].replaceAll(',', ''))) : 0;
    return n >= 1000 && n <= 10_000_000 ? n.toLocaleString('en-IN') : 'NA';
  };
}

function expected(
  rows: Row[],
  idOf: (source: string, quota: string) => string,
  p: { rank: number; category: string; quota: string; courses?: string[] },
): Seat[] {
  const cats = seatCats(p.category);
  const seats = new Map<string, Seat>();
  for (const r of rows) {
    if (r.quota !== p.quota || !cats.includes(r.cat)) continue;
    if (p.courses?.length && !p.courses.includes(r.course)) continue;
    const id = idOf(r.source, r.quota);
    const k = [id, r.course, r.cat].join('|');
    const s = seats.get(k) ?? { id, course: r.course, quota: p.quota, cat: r.cat, open: r.min, close: r.max };
    s.open = Math.min(s.open, r.min);
    s.close = Math.max(s.close, r.max);
    seats.set(k, s);
  }
  return [...seats.values()].filter((s) => s.close >= p.rank);
}

const key = (s: { id: string; course: string; cat: string }) => [s.id, s.course, s.cat].join('|');

describe.each(databaseKinds)('medical predictor on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let rows: Row[];
  let idOf: (source: string, quota: string) => string;
  let feeOf: (id: string) => string;
  let importMs = 0;
  const post = (payload: object, auth = true) =>
    t.app.inject({ method: 'POST', url: '/api/v1/medical-college/preferences', payload, headers: auth ? { authorization: `Bearer ${token}` } : {} });
  const all = async (payload: object): Promise<{ total: number; colleges: MedicalCollege[] }> => {
    const first = await post({ ...payload, pageSize: 100 });
    expect(first.statusCode).toBe(200);
    const colleges: MedicalCollege[] = [...first.json().data.colleges];
    for (let page = 2; page <= first.json().data.totalPages; page++) colleges.push(...(await post({ ...payload, pageSize: 100, page })).json().data.colleges);
    return { total: first.json().data.totalDocuments, colleges };
  };

  beforeAll(async () => {
    // A copy of the run's one import (helpers/imported-data.ts).
    t = await buildTestApp(kind, { env: { SUBMISSION_LIMIT: '1000' }, imported: true });
    importMs = t.db.imported!.summaries.find((s) => s.name === 'medical')!.ms;
    token = await signAccessToken(t.config, { id: 'student-1', username: 'student', email: 'student@example.in' });
    rows = loadRows();
    idOf = (await readMedicalData(dataDir)).instituteIdOf2025;
    feeOf = feesOf();
    // The import (about 30 s alone on PGlite) and the 2025 matching; the machine may be shared.
  }, IMPORTED_DATA_TIMEOUT_MS);
  afterAll(() => t?.close());

  // Import speed is measured by bench/import.ts (npm run bench:import), not by a timed test.
  it('imports, and a second run changes nothing', async () => {
    console.log(`medical import on ${kind}: ${(importMs / 1000).toFixed(1)} s`);
    const again = await importMedical({ database: t.db.database, config: t.config, log: () => {}, progress: silentProgress });
    expect(again.skipped).toBe(true);
  });

  // Pinned by hand from mcc_neetpg_2025_r1_r3_seats.csv, NEET PG 2025, All India quota, Maulana Azad
  // Medical College (Delhi), MD General Medicine: Open R1 AIR 34-62 (5 allotments), R2 75 (1); EWS
  // R1 99 (1). MCC fee file: MAMC (700119) gives an annual fee of 0, so 'NA'.
  it('pins Maulana Azad Medical College, MD General Medicine: OPEN closes at 75, EWS at 99', async () => {
    const find = async (rank: number, category: string) =>
      (
        (await post({ rank, category, quota: 'All India', courses: ['MD IN GENERAL MEDICINE'], pageSize: 100 })).json().data.colleges as MedicalCollege[]
      ).filter((c) => c.instituteId === 'mcc-700119');
    const open = await find(75, 'General');
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      'Allotted Institute': 'Maulana Azad Medical College',
      State: 'Delhi',
      Location: 'Central Delhi, Delhi',
      Course: 'MD IN GENERAL MEDICINE',
      'Allotted Quota': 'All India',
      'Alloted Category': 'OPEN',
      'Candidate Category': 'NA',
      Rank: 75,
      'Opening Rank': 34,
      Fees: 'NA',
      'Annual Fee': 'NA',
      year: 2025,
      round: 'R3',
      referenceLabel: 'MCC NEET PG 2025 rounds 1-3',
      closingRankNote: null,
      degree: 'MD',
    });
    expect(await find(76, 'General')).toHaveLength(0);
    const ews = await find(99, 'EWS');
    expect(ews.map((c) => [c['Alloted Category'], c.Rank, c['Opening Rank']])).toEqual([['EWS', 99, 99]]);
    expect(await find(100, 'EWS')).toHaveLength(0);
    // An EWS student at AIR 60 may take the OPEN seat (closing 75) as well as the EWS one.
    expect((await find(60, 'EWS')).map((c) => c['Alloted Category']).sort()).toEqual(['EWS', 'OPEN']);
  });

  // Issue 21: KIMS SunShine Hospital, Begumpet (MCC 701187) was 'Sunshine Hospital, Secunderabad' in
  // 2023: its DNB General Medicine (OPEN) closed at 5,231 in 2023 (AIR 5231 the highest of 3
  // allotments in R1-R3), 5,915 in 2024 and 5,541 in 2025 (R1-R3 ranges of the 2025 file).
  it("shows KIMS Sunshine Begumpet's DNB General Medicine with its 2023 closing rank 5,231", async () => {
    const { colleges } = await all({ rank: 5541, category: 'General', quota: 'DNB Quota', courses: ['DNB IN GENERAL MEDICINE'] });
    const kims = colleges.filter((c) => c.instituteId === 'mcc-701187');
    expect(kims).toHaveLength(1);
    expect(kims[0]).toMatchObject({ Rank: 5541, State: 'Telangana', Location: 'Hyderabad, Telangana', wideBand: false });
    expect(kims[0].trend).toEqual([
      { year: 2023, closingRank: 5231 },
      { year: 2024, closingRank: 5915 },
      { year: 2025, closingRank: 5541 },
    ]);
    expect(kims[0].why).toBe('closed at 5,541 in 2025 rounds 1–3; 5,915 in 2024; 5,231 in 2023');
  });

  it('gives no two NEET PG institutes one display name, and shows no address text as the location', async () => {
    const q = (await import('drizzle-orm')).sql;
    const names = (await t.db.database.db.execute(
      q`select lower(name) as name, count(*)::int as n from medical_institutes group by 1 having count(*) > 1`,
    )) as unknown as {
      rows: unknown[];
    };
    expect(names.rows).toEqual([]);
    const shown = (await t.db.database.db.execute(
      q`select count(distinct institute_name)::int as names, count(distinct institute_id)::int as ids, count(*) filter (where location ~ '@|[0-9]{3}|,.*,')::int as bad from medical_reference`,
    )) as unknown as { rows: { names: number; ids: number; bad: number }[] };
    expect(shown.rows[0].names).toBe(shown.rows[0].ids);
    expect(shown.rows[0].bad).toBe(0);
  });

  // Pinned: University College of Medical Sciences (Delhi, MCC 700123), MD Radiodiagnosis, All India,
  // Open: R1 116-187 (4), R2 246-341 (4), R3 40-148 (2) in the 2025 file. Fee file: annual fee 57810.
  it('pins an All India seat at UCMS over three rounds, with its fee from the MCC fee file', async () => {
    const res = (await post({ rank: 341, category: 'General', quota: 'All India', courses: ['MD IN RADIO DIAGNOSIS'], pageSize: 100 })).json();
    const ucms = (res.data.colleges as MedicalCollege[]).filter((c) => c.instituteId === 'mcc-700123');
    expect(ucms.map((c) => [c['Alloted Category'], c.Rank, c['Opening Rank'], c.Fees, c['Annual Fee']])).toEqual([['OPEN', 341, 40, '57,810', '57,810']]);
    const sc = await all({ rank: 341, category: 'SC', quota: 'All India', courses: ['MD IN RADIO DIAGNOSIS'] });
    expect(sc.colleges.filter((c) => c.instituteId === 'mcc-700123').map((c) => [c['Alloted Category'], c.Rank])).toEqual([
      ['OPEN', 341],
      ['SC', 5372],
    ]);
  });

  // Pinned by hand from mcc_neetpg_2025_r1_r3_seats.csv: Armed Forces Medical College, Pune, 2025,
  // Armed Forces quota, MD/MS Anatomy, Open: R2 68,723-73,123, R3 71,121-85,384 (MCC 902867).
  it('pins AFMC Pune, MD/MS Anatomy: closing rank 85,384, one record', async () => {
    const { colleges } = await all({ rank: 85384, category: 'General', quota: 'Armed Forces Medical', courses: ['MD/MS ANATOMY'] });
    expect(colleges.map((c) => [c.instituteId, c['Allotted Institute'], c.State, c.Rank, c['Opening Rank']])).toEqual([
      ['mcc-902867', 'Armed Forces Medical College', 'Maharashtra', 85384, 68723],
    ]);
    expect((await all({ rank: 85385, category: 'General', quota: 'Armed Forces Medical', courses: ['MD/MS ANATOMY'] })).total).toBe(0);
  });

  // Pinned by hand: Government Medical College, Srinagar, MD General Medicine, All India, OPEN. In 2024
  // R1 spelt the college as its second MCC entry ('GOVERNMENT MEDICAL COLLEGE, ,GOVERNMENT MEDICAL
  // COLLEGE, KARAN NAGAR, ...'), R2-R3 as the first: one seat of MCC 701703 (the alias table). In the
  // 2025 file: R1 1,861-2,715, R2 2,613-3,258, R3 2,511: one seat, 1,861-3,258.
  it('pins GMC Srinagar, MD General Medicine: one seat closing at 3,258, its 2024 rounds joined across two spellings', async () => {
    const { colleges } = await all({ rank: 1861, category: 'General', quota: 'All India', courses: ['MD IN GENERAL MEDICINE'] });
    const srinagar = colleges.filter((c) => /srinagar/i.test(c['Allotted Institute']) && /government medical college/i.test(c['Allotted Institute']));
    expect(srinagar.map((c) => [c.instituteId, c.Rank, c['Opening Rank']])).toEqual([['mcc-701703', 3258, 1861]]);
    // Its 2024 closing rank is the whole seat's (1,935-3,464 over R1-R3), not one spelling's.
    expect(srinagar[0].trend.find((p) => p.year === 2024)?.closingRank).toBe(3464);
  });

  // One institute, two MCC entries (its university seats and its DNB seats), and one round's PDF
  // spelling it as the other entry: the seat then shows twice, each part with its own too-low
  // closing rank. Two records at one PIN code holding the same seat from rounds that never overlap
  // are that split.
  it('never splits a seat between two records of one institute by the rounds that spelt it differently', async () => {
    const q = (await import('drizzle-orm')).sql;
    const res = (await t.db.database.db.execute(q`
      with r as (select institute_id, quota, array_agg(distinct round) as rounds from medical_cutoffs where year = 2024 group by 1, 2)
      select a.institute_id as a, b.institute_id as b, a.quota, count(*)::int as seats
      from medical_reference a
      join medical_reference b on b.course = a.course and b.quota = a.quota and b.category = a.category and b.institute_id > a.institute_id
      join medical_institutes ia on ia.id = a.institute_id
      join medical_institutes ib on ib.id = b.institute_id and ib.pin_code = ia.pin_code
      join r ra on ra.institute_id = a.institute_id and ra.quota = a.quota
      join r rb on rb.institute_id = b.institute_id and rb.quota = b.quota
      where not (ra.rounds && rb.rounds)
      group by 1, 2, 3 order by 1, 2`)) as unknown as { rows: { a: string; b: string; quota: string; seats: number }[] };
    expect(res.rows).toEqual([]);
  });

  it('puts Santosh Medical College, Ghaziabad in Uttar Pradesh, and finds institutes by their raw MCC names', async () => {
    const res = (await post({ rank: 1, category: 'General', quota: 'Management/Paid Seats Quota', searchQuery: 'Santosh Medical', pageSize: 100 })).json();
    const santosh = (res.data.colleges as MedicalCollege[]).filter((c) => c.instituteId === 'mcc-700461');
    expect(santosh.length).toBeGreaterThan(0);
    expect(new Set(santosh.map((c) => `${c['Allotted Institute']} | ${c.State}`))).toEqual(
      new Set(['Santosh Medical College and Hospital, Ghaziabad, NCR Delhi | Uttar Pradesh']),
    );
    // 'PUNR' is only in a raw spelling of AFMC's name.
    const raw = (await post({ rank: 1, category: 'General', quota: 'Armed Forces Medical', searchQuery: 'wanowari punr', pageSize: 100 })).json();
    expect((raw.data.colleges as MedicalCollege[]).every((c) => c.instituteId === 'mcc-902867')).toBe(true);
    expect(raw.data.totalDocuments).toBeGreaterThan(0);
  });

  it.each(payloads.map((p, i) => [i, p] as const))(
    'payload %i matches the independent computation from the raw CSV',
    async (_i, p) => {
      const want = expected(rows, idOf, p as never);
      expect(want.length).toBeGreaterThan(0);
      const got = await all(p);
      expect(got.total).toBe(want.length);
      expect(got.colleges).toHaveLength(want.length);
      const gotMap = new Map(got.colleges.map((c) => [key({ id: c.instituteId, course: c.Course, cat: c['Alloted Category'] }), c]));
      expect(gotMap.size).toBe(got.colleges.length);
      for (const w of want) {
        const g = gotMap.get(key(w));
        expect(g, `missing ${key(w)}`).toBeDefined();
        expect([g!.Rank, g!['Opening Rank'], g!['Allotted Quota'], g!.year, g!.round, g!.referenceLabel]).toEqual([
          w.close,
          w.open,
          p.quota,
          2025,
          'R3',
          'MCC NEET PG 2025 rounds 1-3',
        ]);
        expect(g!.Fees, w.id).toBe(feeOf(w.id));
        expect([...homeStates, 'NA'], w.id).toContain(g!.State);
      }
      const sortBy = p.sortBy ?? 'rank';
      const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      for (let i = 1; i < got.colleges.length; i++) {
        const [a, b] = [got.colleges[i - 1], got.colleges[i]];
        if (sortBy === 'rank') expect(a.Rank).toBeLessThanOrEqual(b.Rank);
        if (sortBy === 'college') expect(cmp(a.collegeName, b.collegeName)).toBeLessThanOrEqual(0);
        if (sortBy === 'course') expect(cmp(a.Course, b.Course)).toBeLessThanOrEqual(0);
        if (sortBy === 'fees') {
          const fa = a.Fees === 'NA' ? Infinity : Number(a.Fees.replaceAll(',', ''));
          const fb = b.Fees === 'NA' ? Infinity : Number(b.Fees.replaceAll(',', ''));
          expect(fa).toBeLessThanOrEqual(fb);
        }
      }
    },
    120_000,
  );

  it("shows fees only where the MCC fee file has a real figure, 'NA' elsewhere", async () => {
    const { colleges } = await all({ rank: 1, category: 'General', quota: 'All India', courses: ['MD IN ANAESTHESIOLOGY'] });
    const fees = parse(readFileSync(path.join(dataDir, 'neet-pg/mcc_neetpg_institute_fees_2025.csv')), { columns: true }) as Record<string, string>[];
    const feeOf = new Map(fees.map((f) => [`mcc-${f['MCC Institute Code']}`, f['Annual Fee (INR)'].trim()]));
    let shown = 0;
    let na = 0;
    for (const c of colleges) {
      const written = feeOf.get(c.instituteId);
      if (c.Fees === 'NA') {
        na++;
        // NA only when there is no entry, or the entry is 0, text, a range or empty.
        // (A figure below 1,000 cannot be a yearly fee: 'NA' too.)
        // (A list of figures, '30000,18000', is no one yearly fee either.)
        if (written !== undefined) expect(/^(\d{1,3}(,\d{2,3})+|\d+)$/.test(written) && Number(written.replaceAll(',', '')) >= 1000, c.instituteId).toBe(false);
      } else {
        shown++;
        expect(written, c.instituteId).toBeDefined();
        expect(Number(c.Fees.replaceAll(',', ''))).toBe(
          Math.round(
            Number(
              written!
                .replace(/^Rs\.?\s*/i, '')
                .replace(/\/-$/, '')
                .replaceAll(',', ''),
            ),
          ),
        );
      }
      expect(c.Fees).toBe(c['Annual Fee']);
    }
    expect(shown).toBeGreaterThan(20);
    expect(na).toBeGreaterThan(20);
    expect(colleges.some((c) => c.instituteId.startsWith('x-') && c.Fees === 'NA')).toBe(true);
  });

  it('searches institute, address, state and course', async () => {
    const res = (await post({ rank: 1, category: 'General', quota: 'All India', searchQuery: 'Maulana Azad', pageSize: 100 })).json();
    expect(res.data.totalDocuments).toBeGreaterThan(0);
    expect((res.data.colleges as MedicalCollege[]).every((c) => /maulana azad/i.test(`${c.collegeName} ${c.Location}`))).toBe(true);
    expect((await post({ rank: 1, category: 'General', quota: 'All India', searchQuery: '%_%' })).json().data.totalDocuments).toBe(0);
  });

  it('gives visitors page 1 only and no search (401), and names every invalid field (400)', async () => {
    const base = { rank: 5000, category: 'General', quota: 'All India', examType: 'NEET', page: 1, pageSize: 10 };
    const first = await post(base, false);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.colleges).toHaveLength(10);
    const page2 = await post({ ...base, page: 2 }, false);
    expect(page2.statusCode).toBe(401);
    expect(page2.json().code).toBe('SIGN_IN_REQUIRED');
    expect((await post({ ...base, searchQuery: 'delhi' }, false)).statusCode).toBe(401);
    // A bigger page (or the fetch size of 30) does not get round the first-page limit.
    expect((await post({ ...base, pageSize: 100 }, false)).json().data.colleges).toHaveLength(10);
    expect((await post({ ...base, pageSize: 30 })).json().data.colleges).toHaveLength(30);
    const bad = await post({ rank: '12a', category: 'Gen', quota: 'State Quota', examType: 'JEE', sortBy: 'cheapest', page: 0 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['category', 'examType', 'page', 'quota', 'rank', 'sortBy']);
    expect(bad.json().fieldErrors.rank).toEqual(['Please enter a valid positive integer']);
    const missing = await post({});
    expect(missing.json().fieldErrors).toMatchObject({ rank: ['Rank is required'], category: ['Category is required'], quota: ['Quota is required'] });
    const course = await post({ ...base, courses: ['MD IN GENERAL MEDICINE', 'MD IN COOKING'] });
    expect(course.statusCode).toBe(400);
    expect(course.json().fieldErrors).toEqual({ 'courses.1': ['Unknown course: MD IN COOKING'] });
  });

  it('serves the course catalogue grouped by degree', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/medical-college/courses' });
    expect(res.statusCode).toBe(200);
    const groups: { degree: string; courses: string[] }[] = res.json().data.groups;
    expect(groups.map((g) => g.degree)).toEqual(['MD', 'MS', 'MD/MS', 'DNB', 'Diploma', 'DNB Diploma', 'MCh', 'MPH']);
    const names = groups.flatMap((g) => g.courses);
    // Every course any year names (the 2023-2024 file's after its corrections, the 2025 file's).
    expect(names).toEqual(expect.arrayContaining([...new Set(rows.map((r) => r.course))]));
    expect(names).toContain('DNB IN OBSTETRICS AND GYNAECOLOGY');
    expect(groups[0].courses).toContain('MD IN GENERAL MEDICINE');
    expect(groups[1].courses).toContain('MS IN GENERAL SURGERY');
  });
});

describe('medical submission limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { env: { SUBMISSION_LIMIT: '2' } });
  });
  afterAll(() => t.close());

  it('counts new preference sets, not paging, sorting or course order, and answers 429 past the limit', async () => {
    const token = await signAccessToken(t.config, { id: 'limit-med', username: 'm', email: 'm@example.in' });
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/medical-college/preferences', payload, headers: { authorization: `Bearer ${token}` } });
    const a = { rank: 100, category: 'General', quota: 'All India', courses: ['A', 'B'] };
    const ok = await post({ rank: 100, category: 'General', quota: 'All India' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ colleges: [], totalDocuments: 0, currentPage: 1 });
    expect((await post({ rank: 100, category: 'General', quota: 'All India', page: 3, sortBy: 'college' })).statusCode).toBe(200);
    expect((await post({ ...a, rank: 200 })).statusCode).toBe(400); // unknown courses (empty catalogue): refused, not counted
    expect((await post({ rank: 250, category: 'General', quota: 'All India' })).statusCode).toBe(200);
    const over = await post({ rank: 300, category: 'General', quota: 'All India' });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('Max submissions limit per user Breached');
    expect((await post({ rank: 100, category: 'General', quota: 'All India', sortBy: 'fees' })).statusCode).toBe(200);
  });
});
