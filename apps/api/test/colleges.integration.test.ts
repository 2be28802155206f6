import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollegeDetail, CompareResponse, HistoryResponse, SeatsResponse } from '@rankwise/contract/colleges';
import { instituteAliases } from '../src/data/josaa/institute-aliases.ts';
import { InstituteDirectory } from '../src/data/josaa/institute-directory.ts';
import { buildTestApp, testConfig, type TestApp } from './helpers/test-app.ts';
import { IMPORTED_DATA_TIMEOUT_MS } from './helpers/imported-data.ts';
import { databaseKinds } from './helpers/test-database.ts';

/**
 * Expectations are computed here from the raw files with their own simple code; the test shares
 * only the institute directory and alias table with the importer (as engineering.integration does).
 */
const dataDir = testConfig().DATA_DIR;
const csv = (rel: string) => parse(readFileSync(path.join(dataDir, rel)), { columns: true, bom: true }) as Record<string, string>[];
const decode = (s: string) => s.replaceAll('&amp;', '&').replace(/\s+/g, ' ').trim();
const directory = () => new InstituteDirectory(csv('josaa/institutes.csv') as never);

/** The JoSAA OR-CR files of every year, 2025 from its complete all-rounds file, 2026 rounds 1-5. */
const josaaFiles = () => [
  ...readdirSync(path.join(dataDir, 'josaa/orcr'))
    .filter((f) => /^\d{4}\.csv$/.test(f))
    .map((f) => `josaa/orcr/${f}`),
  'josaa-2025/orcr_2025_all_rounds.csv',
  'josaa-2026/orcr_2026_rounds1-5.csv',
];

type RawRow = { id: string; year: number; round: number; program: string; quota: string; seat: string; gender: string; open: string; close: string };

let rawOnce: RawRow[] | undefined;
/** The raw rows, read once per file: both database kinds are checked against the same files. */
const rawJosaaOnce = (): RawRow[] => (rawOnce ??= rawJosaa());

function rawJosaa(): RawRow[] {
  const dir = directory();
  const out: RawRow[] = [];
  for (const f of josaaFiles())
    for (const r of csv(f)) {
      const inst = dir.resolve(r.Institute);
      if (!inst) continue;
      out.push({
        id: inst.id,
        year: Number(r.Year),
        round: Number(r.Round),
        program: decode(r['Academic Program Name']),
        quota: r.Quota,
        seat: r['Seat Type'],
        gender: r.Gender === 'NA' ? 'Gender-Neutral' : r.Gender,
        open: r['Opening Rank'],
        close: r['Closing Rank'],
      });
    }
  return out;
}

/** Haversine on a sphere of the mean Earth radius, written out independently. */
function km(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const toRad = (d: number) => (d * Math.PI) / 180;
  const a = Math.sin(toRad(lat2 - lat1) / 2) ** 2 + Math.cos(toRad(lat1)) * Math.cos(toRad(lat2)) * Math.sin(toRad(lon2 - lon1) / 2) ** 2;
  return 6371 * 2 * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a));
}

const CSE = 'Computer Science and Engineering (4 Years, Bachelor of Technology)';

describe.each(databaseKinds)('college pages on %s', (kind) => {
  let t: TestApp;
  let raw: RawRow[];
  const about = (body: object) => t.app.inject({ method: 'POST', url: '/api/v1/college/about-college', payload: body });
  const compare = (body: object) => t.app.inject({ method: 'POST', url: '/api/v1/college/compare', payload: body });

  beforeAll(async () => {
    // A copy of the run's one import (helpers/imported-data.ts): engineering, geo and colleges among it.
    t = await buildTestApp(kind, { imported: true });
    raw = rawJosaaOnce();
  }, IMPORTED_DATA_TIMEOUT_MS);
  afterAll(() => t?.close());

  it("answers about-college for every JoSAA institute with that institute's own programs, NIRF ranks and placements, and NA where the data has none", async () => {
    const dir = directory();
    const ids = [...new Set(raw.map((r) => r.id))];
    // Each institute's raw rows, grouped once (not a pass over every row per institute).
    const rowsOf = new Map<string, RawRow[]>();
    for (const r of raw) {
      if (!rowsOf.has(r.id)) rowsOf.set(r.id, []);
      rowsOf.get(r.id)!.push(r);
    }
    expect(ids.length).toBeGreaterThan(120);
    const byId = new Map(dir.institutes.map((i) => [i.id, i]));

    // NIRF: every edition's rank per institute (the better one when an edition lists it twice).
    const nirf = new Map<string, Map<number, number>>();
    for (const r of csv('nirf/nirf_engineering_rankings.csv')) {
      const inst = dir.find(r.institute_name);
      if (!inst) continue;
      const m = nirf.get(inst.id) ?? new Map<number, number>();
      nirf.set(inst.id, m);
      const y = Number(r.year);
      m.set(y, Math.min(m.get(y) ?? Infinity, Number(r.rank)));
    }
    // Placements: NIRF 2025 UG 4-year rows (first choice) and the scorecards, per institute.
    const otherCategories = new Map<string, { rank: number; category: string }>();
    for (const r of csv('nirf/nirf2025_placements_by_program_type.csv')) {
      const found = r.ranking_category === 'Engineering' ? null : dir.find(r.institute_name);
      // A row in another state than the institute's names another campus wrongly: not the institute's rank.
      const inst = found && (!found.state || !r.state || r.state === found.state) ? found : null;
      const rank = Number(r.nirf_rank);
      const had = inst ? otherCategories.get(inst.id) : undefined;
      if (inst && rank > 0 && (!had || rank < had.rank || (rank === had.rank && r.ranking_category < had.category)))
        otherCategories.set(inst.id, { rank, category: r.ranking_category });
    }
    const nirf2025 = new Map<string, Record<string, string>>();
    for (const r of csv('nirf/nirf2025_placements_by_program_type.csv')) {
      const inst =
        r.ranking_category === 'Engineering' && r.type === 'UG [4 Years Program(s)]' && Number(r.median_salary) > 0 ? dir.find(r.institute_name) : null;
      if (inst) nirf2025.set(inst.id, r);
    }
    // Locations (GeoNames PIN-area or town positions) and the central tuition rates.
    const located = new Map<string, Record<string, string>>();
    for (const r of csv('geo/josaa_institute_locations.csv')) {
      const inst = dir.find(r.institute);
      if (inst) located.set(inst.id, r);
    }
    const tuition = new Map(csv('fees/tuition_policy.csv').map((r) => [r.institute_type, r]));
    const scorecards = new Map<string, Record<string, string>[]>();
    for (const r of csv('nirf/iit_nit_iiit_placement_scorecards.csv')) {
      const inst = dir.find(r.institute_name);
      if (inst) scorecards.set(inst.id, [...(scorecards.get(inst.id) ?? []), r]);
    }

    for (const id of ids) {
      const inst = byId.get(id)!;
      const res = await about({ instituteName: inst.name });
      expect(res.statusCode, inst.name).toBe(200);
      const d = res.json().data as CollegeDetail;
      expect(d).toMatchObject({ id, instituteId: id, name: inst.name, collegeName: inst.name, type: inst.type, state: inst.state, stream: 'engineering' });

      // Programs of the latest JoSAA year.
      const own = rowsOf.get(id)!;
      const latest = Math.max(...own.map((r) => r.year));
      const programs = [...new Set(own.filter((r) => r.year === latest).map((r) => r.program))].sort();
      expect(d.programsYear, inst.name).toBe(latest);
      // What the programs are judged on (issue 22): the year and its last round in the data.
      const lastRound = Math.max(...own.filter((r) => r.year === latest).map((r) => r.round));
      expect(d.referenceLabel, inst.name).toBe(`JoSAA ${latest} round ${lastRound}${latest === 2026 ? ' (round 6 not yet in our data)' : ''}`);
      expect([...d.branches].sort(), inst.name).toEqual(programs);
      expect(d.branchGroups.flatMap((g) => g.programs).sort()).toEqual(programs);
      expect(d.about).toContain(`${inst.name} is `);
      expect(d.about).toContain(`In JoSAA ${latest} it admitted students to ${programs.length} program`);
      if (inst.state) expect(d.about).toContain(inst.state);

      // NIRF rank by edition, and the latest beside the name.
      const ranks = [...(nirf.get(id) ?? new Map<number, number>())].map(([year, rank]) => ({ year, rank })).sort((a, b) => a.year - b.year);
      expect(d.nirfRanks, inst.name).toEqual(ranks);
      if (ranks.length) {
        expect({ rank: d.nirfRank, year: d.nirfRankYear }).toEqual({ rank: ranks.at(-1)!.rank, year: ranks.at(-1)!.year });
        expect(d.about).toContain(`NIRF ${ranks.at(-1)!.year} ranks it ${ranks.at(-1)!.rank} `);
      } else {
        // Not in any Engineering edition: its best NIRF 2025 rank in another category, with the category, or null (issue 25).
        const other = otherCategories.get(id);
        expect(other ? { rank: d.nirfRank, year: d.nirfRankYear, category: d.nirfCategory } : d.nirfRank, inst.name).toEqual(
          other ? { rank: other.rank, year: 2025, category: other.category } : null,
        );
        if (other) expect(d.about).toContain(`NIRF 2025 ranks it ${other.rank} in ${other.category}`);
      }
      if (ranks.length) expect(d.nirfCategory).toBe('Engineering');

      // Placements: the institute's own NIRF 2025 figure with its batch, else one of its own scorecard figures; NA otherwise.
      const n = nirf2025.get(id);
      if (n) {
        expect(d.averagePackage, inst.name).toBe(String(Math.round(Number(n.median_salary) / 1000) / 100));
        expect(d.placementYear).toBe(n.academic_year);
      } else if (d.averagePackage !== 'NA') {
        expect(
          (scorecards.get(id) ?? []).map((s) => Number(s.median_salary_lpa)),
          inst.name,
        ).toContain(Number(d.averagePackage));
        expect(d.placementYear, `${inst.name}: a figure always has its year`).toMatch(/^\d{4}(-\d{2})?$/);
      } else expect(d.placementYear).toBeNull();
      expect(d.placementRate).toMatch(/^(NA|\d+(\.\d+)?%)$/);
      if (d.averagePackage === 'NA' && d.placementRate === 'NA') expect(d.placementSource).toBeNull();

      // Position: the institute's own row of the locations file, or none.
      const loc = located.get(id);
      if (loc?.latitude && loc.longitude) {
        expect(d.coordinates, inst.name).toMatchObject({ latitude: Number(loc.latitude), longitude: Number(loc.longitude), source: 'GeoNames, CC BY 4.0' });
        if (/^\d{6}$/.test(loc.pin_code) && loc.location_method === 'pin_centroid') expect(d.pinCode).toBe(loc.pin_code);
      } else expect(d.coordinates, inst.name).toBeNull();

      // Tuition: the IIT rate for IITs, the NIT rate for the NITs, NA for everyone else.
      const policy =
        inst.type === 'IIT'
          ? tuition.get('IIT')
          : inst.type === 'NIT' && inst.name.includes('National Institute of Technology')
            ? tuition.get('NIT')
            : undefined;
      if (policy) {
        expect(d.tuition, inst.name).toMatchObject({
          perYearInr: Number(policy.tuition_inr_per_year),
          fromAdmissionYear: Number(policy.effective_from_admission_year),
        });
        expect(d.instituteFee).toBe(Number(policy.tuition_inr_per_year).toLocaleString('en-IN'));
      } else {
        expect(d.tuition, inst.name).toBeNull();
        expect(d.instituteFee).toBe('NA');
      }

      // No data set has these: NA or empty, never a placeholder.
      expect(d).toMatchObject({ highestPackage: 'NA', companies: [], branchWiseAvgPackage: [], sportsFacility: 'NA', hostelFee: 'NA', messFee: 'NA' });
      for (const s of d.sources) expect(s.source.length).toBeGreaterThan(3);
    }
  }, 300_000);

  it('resolves the name as results show it, the short name, the id and every alias of the reviewed table to one college', async () => {
    const dir = directory();
    const dhanbad = dir.find('Indian Institute of Technology (ISM) Dhanbad')!;
    for (const name of [
      'Indian Institute of Technology (ISM) Dhanbad',
      'IIT (ISM) Dhanbad',
      dhanbad.id,
      '  indian institute of technology (ism) dhanbad  ',
      'Indian School of Mines Dhanbad',
    ]) {
      const res = await about({ instituteName: name });
      expect(res.statusCode, name).toBe(200);
      expect(res.json().data.id).toBe(dhanbad.id);
    }
    // Every alias of an institute that is in the database.
    for (const [alias, canonical] of Object.entries(instituteAliases)) {
      const inst = dir.find(canonical);
      if (!inst) continue;
      const res = await about({ instituteName: alias });
      expect(res.statusCode, alias).toBe(200);
      expect(res.json().data.id, alias).toBe(inst.id);
    }
    // The name under the key cards carry (collegeName) is accepted for instituteName.
    expect((await about({ collegeName: 'IIT (ISM) Dhanbad' })).json().data.id).toBe(dhanbad.id);
    // HTML entities as some sources print them.
    const gwalior = await about({ instituteName: 'Atal Bihari Vajpayee Indian Institute of Information Technology &amp; Management Gwalior' });
    expect(gwalior.json().data.id).toBe('iiitm-gwalior');
  });

  it("answers an unknown college with 404 and the spec's message, and a missing name with 400", async () => {
    const res = await about({ instituteName: 'Institute of Nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Failed to fetch college information', code: 'NOT_FOUND' });
    expect((await about({})).statusCode).toBe(400);
    expect((await about({ instituteName: '   ' })).statusCode).toBe(400);
  });

  it('gives the closing-rank history of IIT Bombay CSE (4 years, B.Tech) OPEN Gender-Neutral AI exactly as the raw files, every year and round', async () => {
    const q = new URLSearchParams({ programName: CSE, quota: 'AI', seatType: 'OPEN', gender: 'Gender-Neutral' });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/college/institutes/iit-bombay/cutoff-history?${q}` });
    expect(res.statusCode).toBe(200);
    const rows = (res.json() as HistoryResponse).data.rows;
    const expected = raw
      .filter((r) => r.id === 'iit-bombay' && r.program === CSE && r.quota === 'AI' && r.seat === 'OPEN' && r.gender === 'Gender-Neutral')
      .sort((a, b) => a.year - b.year || a.round - b.round)
      .map((r) => ({ counselling: 'JoSAA', year: r.year, round: r.round, openingRank: r.open, closingRank: r.close, preparatoryByRule: false }));
    expect(new Set(expected.map((r) => r.year))).toEqual(new Set([2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026]));
    expect(rows).toEqual(expected);
    // Spot values the SOURCES notes quote: 2025 round 6 closes at 66.
    expect(rows.find((r) => r.year === 2025 && r.round === 6)).toMatchObject({ openingRank: '1', closingRank: '66' });
    // The same seat by the college's name.
    const byName = await t.app.inject({ method: 'GET', url: `/api/v1/college/institutes/${encodeURIComponent('IIT Bombay')}/cutoff-history?${q}` });
    expect((byName.json() as HistoryResponse).data.rows).toEqual(rows);
  });

  it('marks the preparatory closing rank the 2021 file lost: IIT Bombay Chemistry ST shows 187P, never an ordinary 187 (issue 28)', async () => {
    const seats = (await (await t.app.inject({ method: 'GET', url: '/api/v1/college/institutes/iit-bombay/seats' })).json()) as SeatsResponse;
    const chemistry = seats.data.programs.find(
      (p) => p.programName.startsWith('Chemistry') && p.seats.some((s) => s.seatType === 'ST' && s.firstYear <= 2021),
    )!;
    const q = new URLSearchParams({ programName: chemistry.programName, quota: 'AI', seatType: 'ST', gender: 'Gender-Neutral' });
    const rows = ((await t.app.inject({ method: 'GET', url: `/api/v1/college/institutes/iit-bombay/cutoff-history?${q}` })).json() as HistoryResponse).data
      .rows;
    const y2021 = rows.filter((r) => r.year === 2021);
    expect(y2021.length).toBeGreaterThan(0);
    for (const r of y2021) expect(r).toMatchObject({ openingRank: '810', closingRank: '187P', preparatoryByRule: true });
    // No row of the seat is left with an ordinary opening rank above its ordinary closing rank.
    expect(rows.filter((r) => /^\d+$/.test(r.openingRank) && /^\d+$/.test(r.closingRank) && +r.openingRank > +r.closingRank)).toEqual([]);
  });

  it('lists every seat of an institute by program for the history picker', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/college/institutes/iit-bombay/seats' });
    expect(res.statusCode).toBe(200);
    const { programs } = (res.json() as SeatsResponse).data;
    const expected = new Set(raw.filter((r) => r.id === 'iit-bombay').map((r) => `${r.program}|${r.quota}|${r.seat}|${r.gender}`));
    const got = new Set(programs.flatMap((p) => p.seats.map((s) => `${p.programName}|${s.quota}|${s.seatType}|${s.gender}`)));
    expect(got).toEqual(expected);
    const cse = programs.find((p) => p.programName === CSE)!;
    expect(cse.seats.find((s) => s.quota === 'AI' && s.seatType === 'OPEN' && s.gender === 'Gender-Neutral')).toMatchObject({
      firstYear: 2016,
      lastYear: 2026,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/college/institutes/nowhere/seats' })).statusCode).toBe(404);
  });

  it('compares up to three colleges in the order sent, with the compared program and its last three years from the raw files', async () => {
    const [ref] = (
      (await t.db.database.db.execute(
        (await import('drizzle-orm'))
          .sql`select id from engineering_reference where scheme = 'josaa' and institute_id = 'nit-goa' and quota = 'OS' and seat_type = 'OPEN' and gender = 'Gender-Neutral' order by program_name limit 1`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    const items = [
      { id: 'bombay-cse', collegeName: 'IIT Bombay', programName: CSE, quota: 'AI', seatType: 'OPEN', gender: 'Gender-Neutral' },
      { id: ref.id, collegeName: 'National Institute of Technology Goa' },
      { id: 'no-program', collegeName: 'Indian Institute of Technology Madras' },
    ];
    const res = await compare({ data: items, homeState: 'Bihar' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as CompareResponse;
    expect(body.message).toBe('Compared successfully');
    expect(body.data.map((c) => [c.id, c.instituteId])).toEqual([
      ['bombay-cse', 'iit-bombay'],
      [ref.id, 'nit-goa'],
      ['no-program', 'iit-madras'],
    ]);
    // Last three years: the final JoSAA round of each, newest first, as published.
    const finals = (id: string, program: string, quota: string) => {
      const rows = raw.filter((r) => r.id === id && r.program === program && r.quota === quota && r.seat === 'OPEN' && r.gender === 'Gender-Neutral');
      const years = [...new Set(rows.map((r) => r.year))].sort((a, b) => b - a).slice(0, 3);
      return years.map((y) => {
        const last = rows.filter((r) => r.year === y).sort((a, b) => b.round - a.round)[0];
        return { counselling: 'JoSAA', year: y, round: last.round, openingRank: last.open, closingRank: last.close, preparatoryByRule: false };
      });
    };
    expect(body.data[0].program).toMatchObject({ programName: CSE, quota: 'AI', seatType: 'OPEN', gender: 'Gender-Neutral' });
    expect(body.data[0].program!.lastYears).toEqual(finals('iit-bombay', CSE, 'AI'));
    expect(body.data[0].program!.latest).toEqual(finals('iit-bombay', CSE, 'AI')[0]);
    const goa = body.data[1].program!;
    expect(goa.quota).toBe('OS');
    expect(goa.lastYears).toEqual(finals('nit-goa', goa.programName, 'OS'));
    expect(body.data[2].program).toBeNull();
    // The spec's fields, NA where no data exists.
    for (const c of body.data) expect(c).toMatchObject({ highestPackage: 'NA', hostelFee: 'NA', messFee: 'NA', sportsFacility: 'NA', companies: [] });
    // Distances from Patna (GeoNames 1260086), the capital of Bihar.
    const patna = csv('geo/geonames_in_cities1000.csv').find((r) => r.geonameid === '1260086')!;
    expect(body.origin).toMatchObject({ kind: 'capital', latitude: Number(patna.latitude), longitude: Number(patna.longitude) });
    for (const c of body.data)
      if (c.coordinates)
        expect(Math.abs(c.distanceKm! - km(Number(patna.latitude), Number(patna.longitude), c.coordinates.latitude, c.coordinates.longitude))).toBeLessThan(1);
      else expect(c.distanceKm).toBeNull();
  });

  it('gives every located JoSAA institute its great-circle distance from the capital of each home state, within 1 km of the raw positions', async () => {
    const dir = directory();
    const cities = new Map(csv('geo/geonames_in_cities1000.csv').map((r) => [r.geonameid, r]));
    // Capitals as GeoNames ids, written here independently of the service's table.
    const capitals: Record<string, string> = { Bihar: '1260086', Maharashtra: '1275339', 'Tamil Nadu': '1264527', Delhi: '1261481', Assam: '1272508' };
    const located = csv('geo/josaa_institute_locations.csv')
      .filter((r) => r.latitude && r.longitude)
      .map((r) => ({ id: dir.find(r.institute)?.id, lat: Number(r.latitude), lon: Number(r.longitude) }))
      .filter((r): r is { id: string; lat: number; lon: number } => !!r.id && raw.some((x) => x.id === r.id));
    expect(located.length).toBeGreaterThan(120);
    for (const [state, geonameId] of Object.entries(capitals)) {
      const c = cities.get(geonameId)!;
      for (let i = 0; i < located.length; i += 3) {
        const batch = located.slice(i, i + 3);
        const body = (await compare({ data: batch.map((b) => ({ id: b.id, collegeName: b.id })), homeState: state })).json() as CompareResponse;
        expect(body.data.map((d) => d.instituteId)).toEqual(batch.map((b) => b.id));
        body.data.forEach((d, k) => {
          const expected = km(Number(c.latitude), Number(c.longitude), batch[k].lat, batch[k].lon);
          expect(Math.abs(d.distanceKm! - expected), `${state} → ${d.name}`).toBeLessThan(1);
        });
      }
    }
  }, 300_000);

  it('measures from a PIN code the student types (the mean of its GeoNames rows), and says so when GeoNames lacks it', async () => {
    const rows = csv('geo/geonames_in_postal_codes.csv').filter((r) => r.postal_code === '110016');
    const lat = rows.reduce((s, r) => s + Number(r.latitude), 0) / rows.length;
    const lon = rows.reduce((s, r) => s + Number(r.longitude), 0) / rows.length;
    const res = await compare({ data: [{ id: 'x', collegeName: 'IIT Delhi' }], homeState: 'Kerala', pinCode: '110016' });
    const body = res.json() as CompareResponse;
    expect(body.origin?.kind).toBe('pin');
    expect(body.origin!.latitude).toBeCloseTo(lat, 6);
    expect(body.origin!.longitude).toBeCloseTo(lon, 6);
    expect(body.originNote).toBeNull();

    // IIT Hyderabad's PIN 502284 is not in GeoNames: the state capital is used, and the answer says why.
    const missing = (await compare({ data: [{ id: 'x', collegeName: 'IIT Delhi' }], homeState: 'Kerala', pinCode: '502284' })).json() as CompareResponse;
    expect(missing.origin?.kind).toBe('capital');
    expect(missing.originNote).toBe('PIN code 502284 is not in the GeoNames postal data; distances are from Thiruvananthapuram, the capital of Kerala.');
    // No home state in India and no PIN code: no distance.
    const none = (await compare({ data: [{ id: 'x', collegeName: 'IIT Delhi' }], homeState: 'Outside India' })).json() as CompareResponse;
    expect(none.origin).toBeNull();
    expect(none.data[0].distanceKm).toBeNull();
  });

  it("refuses a fourth college, an empty list, a bad PIN code and an unknown college with the spec's messages", async () => {
    const one = { id: 'x', collegeName: 'IIT Delhi' };
    const four = await compare({ data: [one, one, one, one] });
    expect(four.statusCode).toBe(400);
    expect(JSON.stringify(four.json())).toContain('You can only compare up to 3 colleges.');
    expect((await compare({ data: [] })).statusCode).toBe(400);
    const pin = await compare({ data: [one], pinCode: '12345' });
    expect(pin.statusCode).toBe(400);
    expect(JSON.stringify(pin.json())).toContain('PIN code must be 6 digits');
    const unknown = await compare({ data: [one, { id: 'y', collegeName: 'Institute of Nowhere' }] });
    expect(unknown.statusCode).toBe(404);
    const nameless = await compare({ data: [{ id: 'z' }] });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().fieldErrors).toHaveProperty(['data.0.collegeName']);
  });

  it('takes results as the results page returns them, and colleges without a result id', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/college/preferences',
      payload: { rank: 500, examType: 'IIT', seatType: 'OPEN', gender: 'Male', homeState: 'Maharashtra', page: 1 },
    });
    const [first, second] = res.json().data.colleges as Record<string, unknown>[];
    const body = (await compare({ data: [first, second, { collegeName: 'NIT Goa' }] })).json() as CompareResponse;
    expect(body.data.map((c) => c.id)).toEqual([first.id, second.id, 'NIT Goa']);
    expect(body.data[0].program).toMatchObject({
      programName: first['Academic Program Name'],
      quota: first.quota,
      seatType: first.seatType,
      gender: first.gender,
    });
    expect(body.data[0].program!.latest!.closingRank).toBe(String(first['Closing Rank']));
    expect(body.data[2]).toMatchObject({ instituteId: 'nit-goa', program: null });
  });
});
