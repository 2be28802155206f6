import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MedicalCollege } from '@rankwise/contract/medical';
import { homeStates } from '@rankwise/contract/reference';
import { silentProgress } from '../src/data/import-context.ts';
import { importMedical } from '../src/data/neet-pg/import-medical.ts';
import { instituteAliases } from '../src/data/neet-pg/institute-aliases.ts';
import { signAccessToken } from '../src/plugins/auth.ts';
import { buildTestApp, testConfig, type TestApp } from './helpers/test-app.ts';
import { databaseKinds } from './helpers/test-database.ts';
import { medicalFixtures as payloads } from './helpers/predictor-fixtures.ts';

/*
 * An independent computation of the medical predictor's answer straight from the raw CSVs, with its
 * own simple code for the rules. It shares only the reviewed alias table (data: which spelling is
 * which MCC institute) with the importer. The rules it applies:
 * - institute: a spelling's key is its upper-cased letters and digits without PIN codes, 'GOVT'
 *   read as 'GOVERNMENT'; the alias table decides first, then a fee-file entry with the same key
 *   (only one), then the one entry whose PIN ends the spelling and whose name starts it; the id is
 *   'mcc-<code>' (the DNB twin for DNB-quota allotments of a two-entry alias), else 'x-' and 12
 *   hex digits of the SHA-1 of the (alias-merged) key;
 * - state: the state named last in the allotment addresses (majority), else in the MCC address;
 *   but the fee file's state when the PIN's GeoNames state is the same and the address names it;
 * - fee: one figure from 1,000 to 1,00,00,000 in the fee file's "Annual Fee (INR)", else 'NA';
 * - reference: NEET PG 2024, rounds R1-R3 (R4/R5 are stray-vacancy rounds);
 * - a seat = institute × course × quota × seat category; closing = highest AIR allotted in those
 *   rounds, opening = lowest;
 * - quota: the form's quota is the data's normalised quota text, one to one;
 * - category: General → OPEN; any other → its own seats and OPEN;
 * - a seat matches when its closing rank is at or beyond the student's rank.
 */
const dataDir = testConfig().DATA_DIR;
type Raw = { year: string; round: string; rank: number; quota: string; inst: string; course: string; cat: string };
type Seat = { id: string; course: string; quota: string; cat: string; open: number; close: number; ranks: number[] };

const quotaText: Record<string, string> = {
  'All India': 'ALL INDIA',
  'IP University Quota': 'IP UNIVERSITY QUOTA',
  'Delhi University Quota': 'DELHI UNIVERSITY QUOTA',
  'DNB Quota': 'DNB QUOTA',
  'Banaras Hindu University': 'BANARAS HINDU UNIVERSITY',
  'Aligarh Muslim University': 'ALIGARH MUSLIM UNIVERSITY',
  'Management/Paid Seats Quota': 'MANAGEMENT/PAID SEATS QUOTA',
  'Non-Resident Indian': 'NON-RESIDENT INDIAN',
  'Jain Minority Quota': 'JAIN MINORITY QUOTA',
  'Muslim Minority Quota': 'MUSLIM MINORITY QUOTA',
  'Armed Forces Medical': 'ARMED FORCES MEDICAL',
};
const seatCats = (category: string) => (category === 'General' ? ['OPEN'] : [category.replace('General', 'OPEN').replace(' PwD', ' PWD'), 'OPEN']);
const csv = (file: string) => parse(readFileSync(path.join(dataDir, file)), { columns: true }) as Record<string, string>[];

function loadRaw(): Raw[] {
  return csv('neet-pg/mcc_neetpg_allotments_2023_2024.csv').map((r) => ({
    year: r.Year,
    round: r.Round,
    rank: Number(r.Rank),
    quota: r['Allotted Quota (normalized)'],
    inst: r['Allotted Institute'],
    course: r['Course (normalized)'],
    cat: r['Alloted Category'],
  }));
}

const keyOf = (s: string) =>
  s
    .toUpperCase()
    .replace(/(?<!\d)\d{3}\s?\d{3}(?!\d)/g, '')
    .replace(/[^A-Z0-9]/g, '')
    .replaceAll('GOVT', 'GOVERNMENT');

const STATE_NAME: Record<string, string> = {
  'Delhi (NCT)': 'Delhi',
  'New Delhi': 'Delhi',
  Orissa: 'Odisha',
  Pondicherry: 'Puducherry',
  Chattisgarh: 'Chhattisgarh',
  'Jammu & Kashmir': 'Jammu and Kashmir',
  'Dadra and Nagar Haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  'Daman and Diu': 'Dadra and Nagar Haveli and Daman and Diu',
  Uttaranchal: 'Uttarakhand',
  'Andaman & Nicobar Islands': 'Andaman and Nicobar Islands',
};
const STATES = [...homeStates.filter((x) => x !== 'Outside India'), ...Object.keys(STATE_NAME)];
/** The state whose name ends last in the address (letters only), the longer name on a tie. */
function lastState(address: string): string | null {
  const k = address.toUpperCase().replace(/[^A-Z]/g, '');
  let best: [number, number, string] | null = null;
  for (const st of STATES) {
    const a = st.toUpperCase().replace(/[^A-Z]/g, '');
    const at = k.lastIndexOf(a);
    if (at >= 0 && (!best || at + a.length > best[0] || (at + a.length === best[0] && a.length > best[1])))
      best = [at + a.length, a.length, STATE_NAME[st] ?? st];
  }
  return best?.[2] ?? null;
}

/** Institute id, state and fee of every raw institute string, computed from the fee file and the alias table. */
function institutesOf(raw: Raw[]) {
  const fees = csv('neet-pg/mcc_neetpg_institute_fees_2025.csv');
  const byCode = new Map(fees.map((f) => [f['MCC Institute Code'], f]));
  const byKey = new Map<string, Record<string, string>[]>();
  for (const f of fees)
    byKey.set(keyOf(f['Institute Full Name/Address (MCC list)']), [...(byKey.get(keyOf(f['Institute Full Name/Address (MCC list)'])) ?? []), f]);
  const alias = new Map(instituteAliases.map((a) => [keyOf(a.spelling), a]));
  const spellings = new Map<string, Set<string>>();
  for (const r of raw) spellings.set(keyOf(r.inst), (spellings.get(keyOf(r.inst)) ?? new Set()).add(r.inst));
  const codeOf = new Map<string, { mcc: string; dnb?: string } | { group: string }>();
  for (const [k, set] of spellings) {
    const a = alias.get(k);
    if (a) {
      codeOf.set(k, 'mcc' in a ? { mcc: String(a.mcc), dnb: a.dnbMcc ? String(a.dnbMcc) : undefined } : { group: keyOf(a.sameAs) });
      continue;
    }
    const same = byKey.get(k);
    if (same?.length === 1) {
      codeOf.set(k, { mcc: same[0]['MCC Institute Code'] });
      continue;
    }
    const fits = new Set<string>();
    if (!same)
      for (const s of set) {
        const pin = /(\d{3}\s?\d{3})\s*$/.exec(s.trim())?.[1].replace(' ', '');
        for (const f of fees)
          if (pin && f['Pin Code'] === pin && keyOf(f['Institute Name']).length >= 8 && k.startsWith(keyOf(f['Institute Name'])))
            fits.add(f['MCC Institute Code']);
      }
    codeOf.set(k, fits.size === 1 ? { mcc: [...fits][0] } : { group: k });
  }
  const idOf = (inst: string, quota: string) => {
    const c = codeOf.get(keyOf(inst))!;
    if ('group' in c) return `x-${createHash('sha1').update(c.group).digest('hex').slice(0, 12)}`;
    return `mcc-${c.dnb && quota === 'DNB QUOTA' ? c.dnb : c.mcc}`;
  };
  // State: majority of the allotment addresses' last state; else the MCC address's.
  const votes = new Map<string, Map<string, number>>();
  for (const r of raw) {
    const id = idOf(r.inst, r.quota);
    const st = lastState(r.inst);
    if (!votes.has(id)) votes.set(id, new Map());
    if (st) votes.get(id)!.set(st, (votes.get(id)!.get(st) ?? 0) + 1);
  }
  const pinState = new Map(csv('geo/mcc_neetpg_institute_locations.csv').map((g) => [g['MCC Institute Code'], lastState(g.geonames_state)]));
  const rawOf = new Map<string, string[]>();
  for (const r of raw) rawOf.set(idOf(r.inst, r.quota), [...(rawOf.get(idOf(r.inst, r.quota)) ?? []), r.inst]);
  const stateOf = (id: string) => {
    const v = [...votes.get(id)!].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    if (v.length && id.startsWith('mcc-')) {
      const fee = lastState(byCode.get(id.slice(4))!['Location/State']);
      const letters = (x: string) => x.toUpperCase().replace(/[^A-Z]/g, '');
      if (fee && fee !== v[0][0] && fee === pinState.get(id.slice(4)) && rawOf.get(id)!.some((r) => letters(r).includes(letters(fee)))) return fee;
    }
    if (v.length) return v[0][0];
    return id.startsWith('mcc-') ? lastState(byCode.get(id.slice(4))!['Institute Full Name/Address (MCC list)']) : null;
  };
  const feeOf = (id: string) => {
    const text = id.startsWith('mcc-') ? byCode.get(id.slice(4))!['Annual Fee (INR)'].trim() : '';
    const m = /^(?:rs\.?|inr|₹)?\s*((?:\d{1,3}(?:,\d{2,3})+|\d+)(?:\.\d+)?)(?:\s*\/-)?$/i.exec(text);
    const n = m ? Math.round(Number(m[1].replaceAll(',', ''))) : 0;
    return n >= 1000 && n <= 10_000_000 ? n.toLocaleString('en-IN') : 'NA';
  };
  return { idOf, stateOf, feeOf };
}

function expected(raw: Raw[], idOf: (inst: string, quota: string) => string, p: { rank: number; category: string; quota: string; courses?: string[] }): Seat[] {
  const cats = seatCats(p.category);
  const seats = new Map<string, Seat>();
  for (const r of raw) {
    if (r.year !== '2024' || !['R1', 'R2', 'R3'].includes(r.round)) continue;
    if (r.quota !== quotaText[p.quota] || !cats.includes(r.cat)) continue;
    if (p.courses?.length && !p.courses.includes(r.course)) continue;
    const id = idOf(r.inst, r.quota);
    const k = [id, r.course, r.cat].join('|');
    const s = seats.get(k) ?? { id, course: r.course, quota: p.quota, cat: r.cat, open: r.rank, close: r.rank, ranks: [] };
    s.open = Math.min(s.open, r.rank);
    s.ranks.push(r.rank);
    seats.set(k, s);
  }
  // The closing rank is the highest AIR, but one stray allotment is set aside: with 4 or more
  // allotments, a highest AIR more than twice the next (docs/decisions/0014, issue 13 item 4).
  for (const s of seats.values()) {
    const sorted = [...s.ranks].sort((a, b) => b - a);
    s.close = sorted.length >= 4 && sorted[0] > 2 * sorted[1] ? sorted[1] : sorted[0];
  }
  return [...seats.values()].filter((s) => s.close >= p.rank);
}

const key = (s: { id: string; course: string; cat: string }) => [s.id, s.course, s.cat].join('|');

describe.each(databaseKinds)('medical predictor on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let raw: Raw[];
  let inst: ReturnType<typeof institutesOf>;
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
    t = await buildTestApp(kind, { env: { SUBMISSION_LIMIT: '1000' } });
    const summary = await importMedical({ database: t.db.database, config: t.config, log: () => {}, progress: silentProgress });
    importMs = summary.ms;
    token = await signAccessToken(t.config, { id: 'student-1', username: 'student', email: 'student@example.in' });
    raw = loadRaw();
    inst = institutesOf(raw);
  }, 120_000);
  afterAll(() => t?.close());

  // Import speed is measured by bench/import.ts (npm run bench:import), not by a timed test.
  it('imports, and a second run changes nothing', async () => {
    console.log(`medical import on ${kind}: ${(importMs / 1000).toFixed(1)} s`);
    const again = await importMedical({ database: t.db.database, config: t.config, log: () => {}, progress: silentProgress });
    expect(again.skipped).toBe(true);
  });

  // Pinned by hand from mcc_neetpg_allotments_2023_2024.csv, NEET PG 2024, ALL INDIA quota,
  // Maulana Azad Medical College (Delhi), MD IN GENERAL MEDICINE: OPEN allotments at AIR 28, 33, 39
  // (R1) and 64 (R2, spelled 'MAULANA AZAD MEDICAL COLLEGE , ...'); EWS at 66 (R1), 264 (R2), 405
  // (R3). MCC fee file: MAMC (700119) gives an annual fee of 0, so 'NA'.
  it('pins Maulana Azad Medical College, MD General Medicine: OPEN closes at 64, EWS at 405', async () => {
    const find = async (rank: number, category: string) =>
      (
        (await post({ rank, category, quota: 'All India', courses: ['MD IN GENERAL MEDICINE'], pageSize: 100 })).json().data.colleges as MedicalCollege[]
      ).filter((c) => c.instituteId === 'mcc-700119');
    const open = await find(64, 'General');
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      'Allotted Institute': 'Maulana Azad Medical College',
      State: 'Delhi',
      Course: 'MD IN GENERAL MEDICINE',
      'Allotted Quota': 'All India',
      'Alloted Category': 'OPEN',
      'Candidate Category': 'NA',
      Rank: 64,
      'Opening Rank': 28,
      Fees: 'NA',
      'Annual Fee': 'NA',
      year: 2024,
      round: 'R3',
      degree: 'MD',
    });
    expect(await find(65, 'General')).toHaveLength(0);
    const ews = await find(405, 'EWS');
    expect(ews.map((c) => [c['Alloted Category'], c.Rank, c['Opening Rank']])).toEqual([['EWS', 405, 66]]);
    expect(await find(406, 'EWS')).toHaveLength(0);
    // An EWS student at AIR 60 may take the OPEN seat (closing 64) as well as the EWS one.
    expect((await find(60, 'EWS')).map((c) => c['Alloted Category']).sort()).toEqual(['EWS', 'OPEN']);
  });

  // Pinned: University College of Medical Sciences (Delhi, MCC 700123), MD IN RADIO DIAGNOSIS,
  // ALL INDIA, SC PWD: AIR 57545 (R1, 'UNIVERSITY COLLEGE OF MEDICAL SCIENCES,...') and 95021 (R2,
  // 'UNIVERSITY COLLEGE OF MEDICAL SCIENCES , ...'). Fee file: annual fee 57810.
  it('pins a PwD seat at UCMS, merged across spellings, with its fee from the MCC fee file', async () => {
    const res = (await post({ rank: 95021, category: 'SC PwD', quota: 'All India', courses: ['MD IN RADIO DIAGNOSIS'], pageSize: 100 })).json();
    const ucms = (res.data.colleges as MedicalCollege[]).filter((c) => c.instituteId === 'mcc-700123');
    expect(ucms.map((c) => [c['Alloted Category'], c.Rank, c['Opening Rank'], c.Fees, c['Annual Fee']])).toEqual([
      ['SC PWD', 95021, 57545, '57,810', '57,810'],
    ]);
    const general = (await post({ rank: 95021, category: 'General', quota: 'All India', courses: ['MD IN RADIO DIAGNOSIS'], pageSize: 100 })).json();
    expect((general.data.colleges as MedicalCollege[]).some((c) => c['Alloted Category'] !== 'OPEN')).toBe(false);
  });

  // Pinned by hand from mcc_neetpg_allotments_2023_2024.csv: Armed Forces Medical College, Pune, 2024,
  // ARMED FORCES MEDICAL quota, MD/MS ANATOMY, OPEN: AIR 51918 ... 160551 over R1-R3, under two
  // spellings ('... WANOWARI PUNE' and '... WANOWARI PUNR'), which are one institute (MCC 902867).
  it('pins AFMC Pune, MD/MS Anatomy: closing rank 160,551, one record', async () => {
    const { colleges } = await all({ rank: 160551, category: 'General', quota: 'Armed Forces Medical', courses: ['MD/MS ANATOMY'] });
    expect(colleges.map((c) => [c.instituteId, c['Allotted Institute'], c.State, c.Rank, c['Opening Rank']])).toEqual([
      ['mcc-902867', 'Armed Forces Medical College', 'Maharashtra', 160551, 51918],
    ]);
    expect((await all({ rank: 160552, category: 'General', quota: 'Armed Forces Medical', courses: ['MD/MS ANATOMY'] })).total).toBe(0);
  });

  // Pinned by hand from mcc_neetpg_allotments_2023_2024.csv: Government Medical College, Srinagar, 2024,
  // ALL INDIA, MD IN GENERAL MEDICINE, OPEN: R1 allots AIR 1935 ... 2715 under 'GOVERNMENT MEDICAL COLLEGE,
  // ,GOVERNMENT MEDICAL COLLEGE, KARAN NAGAR, ...' and R2-R3 AIR 2625 ... 3464 under 'GOVERNMENT MEDICAL
  // COLLEGE SRINAGAR, ADMINISTRATIVE BLOCK ...': one seat of MCC 701703, 1935-3464 (it showed twice, one closing at 2715).
  it('pins GMC Srinagar, MD General Medicine: one seat closing at 3,464 although R1 spells the college otherwise', async () => {
    const { colleges } = await all({ rank: 1935, category: 'General', quota: 'All India', courses: ['MD IN GENERAL MEDICINE'] });
    const srinagar = colleges.filter((c) => /srinagar/i.test(c['Allotted Institute']) && /government medical college/i.test(c['Allotted Institute']));
    expect(srinagar.map((c) => [c.instituteId, c.Rank, c['Opening Rank']])).toEqual([['mcc-701703', 3464, 1935]]);
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
      const want = expected(raw, inst.idOf, p as never);
      expect(want.length).toBeGreaterThan(0);
      const got = await all(p);
      expect(got.total).toBe(want.length);
      expect(got.colleges).toHaveLength(want.length);
      const gotMap = new Map(got.colleges.map((c) => [key({ id: c.instituteId, course: c.Course, cat: c['Alloted Category'] }), c]));
      expect(gotMap.size).toBe(got.colleges.length);
      for (const w of want) {
        const g = gotMap.get(key(w));
        expect(g, `missing ${key(w)}`).toBeDefined();
        expect([g!.Rank, g!['Opening Rank'], g!['Allotted Quota'], g!.year, g!.round]).toEqual([w.close, w.open, p.quota, 2024, 'R3']);
        expect([g!.State, g!.Fees], w.id).toEqual([inst.stateOf(w.id) ?? 'NA', inst.feeOf(w.id)]);
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
        if (written !== undefined) expect(/^[\d,]+$/.test(written) && Number(written.replaceAll(',', '')) >= 1000).toBe(false);
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
    expect(names).toHaveLength(new Set(raw.map((r) => r.course)).size);
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
