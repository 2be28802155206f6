import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { branchGroups } from '@rankwise/contract/engineering';
import { testConfig } from '../../../test/helpers/test-app.ts';
import { branchGroupOf } from './branch-groups.ts';
import { readCsv } from '../lib/csv.ts';
import { canonicalState } from '../lib/states.ts';
import { readEngineeringData, type EngineeringData } from './engineering-data.ts';
import { batchOfEdition, scorecardRejection } from './nirf.ts';
import { buildReference, parseRank } from './reference.ts';

const dataDir = testConfig().DATA_DIR;

describe('branch groups', () => {
  it.each([
    ['Computer Science and Engineering (4 Years, Bachelor of Technology)', 'Computer Science & IT'],
    ['B. Tech. (CSE) and M.Tech in CSE (5 Years, B.Tech. + M.Tech./MS (Dual Degree))', 'Computer Science & IT'],
    ['Artificial Intelligence and Data Science (4 Years, Bachelor of Technology)', 'AI & Data Science'],
    ['Mathematics and Computing (4 Years, Bachelor of Technology)', 'Mathematics & Computing'],
    ['Electronics and Electrical Communication Engineering (4 Years, Bachelor of Technology)', 'Electronics & Communication'],
    ['Electrical and Electronics Engineering (4 Years, Bachelor of Technology)', 'Electrical & Electronics'],
    ['Electronics and Instrumentation Engineering (4 Years, Bachelor of Technology)', 'Instrumentation & Control'],
    ['Mechanical Engineering with M.Tech. in Manufacturing Engineering (5 Years, Bachelor and Master of Technology (Dual Degree))', 'Mechanical'],
    ['Production and Industrial Engineering (4 Years, Bachelor of Technology)', 'Production & Industrial'],
    ['B. Tech in CE. - M. Tech. in Structural Engineering (5 Years, B.Tech. + M.Tech./MS (Dual Degree))', 'Civil'],
    ['Chemical Engineering (4 Years, Bachelor of Technology)', 'Chemical'],
    ['Metallurgical and Materials Engineering (4 Years, Bachelor of Technology)', 'Metallurgy & Materials'],
    ['Aerospace Engineering (4 Years, Bachelor of Technology)', 'Aerospace'],
    ['Biotechnology (4 Years, Bachelor of Technology)', 'Biotechnology & Biomedical'],
    ['Engineering Physics (4 Years, Bachelor of Technology)', 'Engineering Physics'],
    ['Mining Engineering (4 Years, Bachelor of Technology)', 'Mining & Geology'],
    ['Architecture (5 Years, Bachelor of Architecture)', 'Architecture & Planning'],
    ['Economics (4 Years, Bachelor of Science)', 'Sciences & Economics'],
    ['Textile Technology (4 Years, Bachelor of Technology)', 'Other'],
    ['Ocean Engineering and Naval Architecture (4 Years, Bachelor of Technology)', 'Other'],
  ])('%s → %s', (name, group) => {
    expect(branchGroupOf(name)).toBe(group);
  });
});

describe('engineering data sets', () => {
  let data: EngineeringData;
  beforeAll(async () => {
    data = await readEngineeringData(dataDir);
  }, 120_000);

  it('places every institute of every file (2016-2026) on a canonical record', () => {
    expect(data.unplaced).toEqual([]);
  });

  it('merges renamed and re-spelled institutes into one record', () => {
    const ids = (raw: string) => new Set(data.cutoffs.filter((r) => r.instituteId === raw).map((r) => r.year));
    // Indian School of Mines Dhanbad (2016) and IIT (ISM) Dhanbad (later) are one institute.
    expect([...ids('iit-ism-dhanbad')].sort()).toEqual([2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026]);
    expect(data.institutes.filter((i) => i.name.includes('Dhanbad'))).toHaveLength(1);
  });

  it('puts every program in exactly one of the 18 branch groups', () => {
    const used = new Set(data.cutoffs.map((r) => r.branchGroup));
    expect([...used].filter((g) => !(branchGroups as readonly string[]).includes(g))).toEqual([]);
  });

  it('attaches NIRF placements with their year and leaves the rest NA', () => {
    const bombay = data.institutes.find((i) => i.id === 'iit-bombay')!;
    // NIRF 2025 placements file, IIT Bombay, 'UG [4 Years Program(s)]': median_salary 1961000.
    expect(bombay).toMatchObject({ medianSalaryLpa: 19.61, placementYear: '2023-24', nirfRank: 3, nirfRankYear: 2025 });
    const sgsits = data.institutes.find((i) => i.id === 'sgsits-indore')!;
    expect(sgsits.medianSalaryLpa).toBeNull();
    expect(sgsits.placementYear).toBeNull();
  });

  it('gives an institute no NIRF Engineering edition ranks its NIRF 2025 rank in another category, with the category (issue 25)', () => {
    const of = (id: string) => {
      const i = data.institutes.find((x) => x.id === id)!;
      return [i.nirfRank, i.nirfRankYear, i.nirfCategory];
    };
    expect(of('iit-bombay')).toEqual([3, 2025, 'Engineering']);
    // nirf2025_placements_by_program_type.csv, Architecture and Planning: 'School of Planning and Architecture, New Delhi' (Delhi) 8,
    // 'School of Planning and Architecture-Vijayawada' 19. Its row 'School of Planning and Architecture-New Delhi' rank 11 lies in
    // Bhopal, Madhya Pradesh: another campus under a wrong name, used for neither.
    expect(of('school-of-planning-and-architecture-new-delhi')).toEqual([8, 2025, 'Architecture and Planning']);
    expect(of('school-of-planning-and-architecture-vijayawada')).toEqual([19, 2025, 'Architecture and Planning']);
    expect(of('school-of-planning-and-architecture-bhopal')).toEqual([null, null, null]);
    // Ranked in Pharmacy (20) and Law (40): the better one.
    expect(of('cu-punjab')).toEqual([20, 2025, 'Pharmacy']);
    // An old Engineering rank stays the rank shown.
    expect(of('sgsits-indore')).toEqual([181, 2021, 'Engineering']);
    for (const i of data.institutes) expect(i.nirfRank === null, i.id).toBe(i.nirfCategory === null);
  });

  it('shows no placement figure without its graduating batch, and a NIRF rank always with its year', () => {
    for (const i of data.institutes) {
      expect(i.medianSalaryLpa === null, i.id).toBe(i.placementYear === null);
      if (i.placementYear !== null) expect(i.placementYear, i.id).toMatch(/^\d{4}-\d{2}$/);
      expect(i.nirfRank === null, i.id).toBe(i.nirfRankYear === null);
    }
    // Scorecard row: NIT Goa, NIRF 2023 report IR-E-U-0620 → the batch of 2021-22.
    expect(data.institutes.find((i) => i.id === 'nit-goa')).toMatchObject({ medianSalaryLpa: 8, placementRate: 86, placementYear: '2021-22' });
    expect(batchOfEdition(2025)).toBe('2023-24');
  });

  it("reads every NIRF edition's spelling of an institute: town suffixes, former names, names without the town", () => {
    // nirf_engineering_rankings.csv: e.g. 'Pec University Of Technology-Chandigarh' (2016), 'Punjab Engineering College
    // (Deemed to be University) Chandigarh' (2021, rank 70); 'Indian Institute of Information Technology Design &
    // Manufacturing' (NIRF id IR-E-U-0455, Chennai; 2020, rank 182); 'Pondicherry Engineering College' (2021, rank 144).
    const latest = (id: string) => {
      const i = data.institutes.find((x) => x.id === id)!;
      return [i.nirfRank, i.nirfRankYear];
    };
    expect(latest('punjab-engineering-college-chandigarh')).toEqual([70, 2021]);
    expect(latest('shri-mata-vaishno-devi-university-katra-jammu-and-kashmir')).toEqual([79, 2021]);
    expect(latest('north-eastern-regional-institute-of-science-and-technology-nirjuli-791109-itanagar-arunachal-pradesh')).toEqual([182, 2021]);
    expect(latest('national-institute-of-food-technology-entrepreneurship-and-management-kundli')).toEqual([148, 2021]);
    expect(latest('national-institute-of-food-technology-entrepreneurship-and-management-thanjavur')).toEqual([81, 2021]);
    expect(latest('national-institute-of-advanced-manufacturing-technology-ranchi')).toEqual([115, 2021]);
    expect(latest('sgsits-indore')).toEqual([181, 2021]);
    expect(latest('puducherry-technological-university-puducherry')).toEqual([144, 2021]);
    expect(latest('school-of-engineering-tezpur-university-napaam-tezpur')).toEqual([104, 2021]);
    expect(latest('iiitdm-kancheepuram')).toEqual([182, 2020]);
  });

  it("drops IIITDM Kurnool's placement figure, whose source is IIITDM Kancheepuram's report", async () => {
    // The scorecard row repeats Kancheepuram's 94.2% and 10.16 LPA and links old.iiitdm.ac.in (Kancheepuram).
    expect(data.institutes.find((i) => i.id === 'iiitdm-kurnool')).toMatchObject({ medianSalaryLpa: null, placementRate: null, placementYear: null });
    expect(data.institutes.find((i) => i.id === 'iiitdm-kancheepuram')).toMatchObject({ medianSalaryLpa: 10.16, placementYear: '2021-22' });
    const rows = await readCsv(path.join(dataDir, 'nirf/iit_nit_iiit_placement_scorecards.csv'));
    const kurnool = rows.find((r) => r.institute_name.includes('Kurnool'))!;
    expect(scorecardRejection(kurnool)).toBe('source is not a NIRF data report on nirfindia.org');
    expect(scorecardRejection({ ...kurnool, source_link: 'https://www.nirfindia.org/nirfpdfcdn/2023/pdf/Engineering/IR-E-U-0455.pdf' })).toBe(
      'source names another institute',
    );
  });

  it('fills tuition for IITs and NITs only, from fees/tuition_policy.csv', () => {
    const of = (id: string) => data.institutes.find((i) => i.id === id)!;
    expect(of('iit-bombay')).toMatchObject({ tuitionInrPerYear: 200000, tuitionFromYear: 2016 });
    expect(of('nit-goa')).toMatchObject({ tuitionInrPerYear: 125000, tuitionFromYear: 2016 });
    expect(of('iiest-shibpur').tuitionInrPerYear).toBeNull();
    for (const i of data.institutes) {
      const expected = i.type === 'IIT' ? 200000 : i.type === 'NIT' && i.id !== 'iiest-shibpur' ? 125000 : null;
      expect(i.tuitionInrPerYear, i.id).toBe(expected);
    }
  });

  it('places the seven institutes new in 2025 in their real state, and locates institutes from the geo file', async () => {
    const geo = await readCsv(path.join(dataDir, 'geo/josaa_institute_locations.csv'));
    const expected: Record<string, string> = {
      'sgsits-indore': 'Madhya Pradesh',
      'iust-kashmir': 'Jammu and Kashmir',
      'rgnau-amethi': 'Uttar Pradesh',
      'nielit-ajmer': 'Rajasthan',
      'nielit-gorakhpur': 'Uttar Pradesh',
      'nielit-patna': 'Bihar',
      'nielit-ropar': 'Punjab',
    };
    for (const [id, state] of Object.entries(expected)) {
      const i = data.institutes.find((x) => x.id === id)!;
      expect(i.state, id).toBe(state);
      // Where the geo file has a position, its GeoNames state agrees (IUST Kashmir has none).
      if (i.geonamesState) expect(i.geonamesState, id).toBe(state);
    }
    expect(new Set(data.cutoffs.filter((r) => r.counselling === 'JoSAA' && r.year === 2025).map((r) => r.instituteId)).size).toBe(128);
    expect(data.institutes.find((i) => i.id === 'iit-bombay')).toMatchObject({
      pinCode: '400076',
      district: 'Mumbai',
      latitude: 18.9808,
      longitude: 72.8338,
      locationMethod: 'pin_centroid',
    });
    expect(data.institutes.find((i) => i.id === 'sgsits-indore')).toMatchObject({ city: 'Indore', locationMethod: 'city_named_in_institute_name' });
    // Every institute placed by a position lies in the state it is placed in.
    const located = data.institutes.filter((i) => i.latitude !== null);
    expect(located.length).toBe(geo.filter((r) => r.latitude).length);
    for (const i of located)
      expect(i.geonamesState === null || i.geonamesState === i.state || (i.state === 'Ladakh' && i.geonamesState === 'Jammu and Kashmir'), i.id).toBe(true);
    expect(canonicalState('Chattisgarh')).toBe('Chhattisgarh');
  });

  it('reads the complete JoSAA 2025 file, flags its 769 preparatory ranks, and leaves out CSAB DASA seats', () => {
    const y2025 = data.cutoffs.filter((r) => r.counselling === 'JoSAA' && r.year === 2025);
    expect(y2025).toHaveLength(72_183);
    expect(y2025.filter((r) => r.openingPreparatory || r.closingPreparatory)).toHaveLength(769);
    expect(y2025.filter((r) => r.seatType.endsWith('(PwD)'))).toHaveLength(8_986);
    const csab = data.cutoffs.filter((r) => r.counselling === 'CSAB' && r.year === 2025);
    expect(csab).toHaveLength(13_881 - 427);
    expect(data.skipped.dasa).toBe(427);
    expect(csab.some((r) => r.quota === 'DC' || r.quota === 'AD')).toBe(false);
    expect(parseRank('50P')).toEqual({ rank: 50, preparatory: true });
    expect(parseRank('1221717')).toEqual({ rank: 1221717, preparatory: false });
    expect(parseRank('12a')).toBeNull();
  });

  it('judges on JoSAA 2025 round 6 (IIT Bombay CSE OPEN Gender-Neutral AI closes at 66) and never on a preparatory rank', () => {
    const ref = buildReference(
      data.cutoffs.filter((r) => r.year <= 2025),
      (id) => !id.startsWith('iit-'),
    );
    const cse = ref.find(
      (r) =>
        r.scheme === 'josaa' &&
        r.instituteId === 'iit-bombay' &&
        r.programName === 'Computer Science and Engineering (4 Years, Bachelor of Technology)' &&
        r.quota === 'AI' &&
        r.seatType === 'OPEN' &&
        r.gender === 'Gender-Neutral',
    );
    expect(cse).toMatchObject({ year: 2025, round: 6, openingRank: 1, closingRank: 66 });
    expect(ref.some((r) => r.openingPreparatory || r.closingPreparatory)).toBe(false);
    // PwD seats are judged on 2025 now that the year has them.
    expect(ref.filter((r) => r.scheme === 'josaa' && r.seatType.endsWith('(PwD)')).every((r) => r.year === 2025)).toBe(true);
    // IIT Bombay Civil OBC-NCL (PwD): 76-80 in round 1, a preparatory 30P from round 2 on: not shown.
    expect(ref.some((r) => r.instituteId === 'iit-bombay' && r.seatType === 'OBC-NCL (PwD)' && r.programName.startsWith('Civil Engineering (4'))).toBe(false);
    // CSAB: CSAB 2025 rows only (no JoSAA row stands in for a seat CSAB did not offer), never IITs.
    const csab = ref.filter((r) => r.scheme === 'csab');
    expect(csab.every((r) => r.counselling === 'CSAB' && r.year === 2025 && !r.instituteId.startsWith('iit-'))).toBe(true);
    expect(new Set(csab.map((r) => r.seatType)).size).toBe(10);
  });

  it('reads JoSAA 2026 rounds 1-5 (65,232 rows, 905 preparatory) and CSAB 2024 rounds 1-2 (9,734 rows), and no longer the round-1 file', () => {
    const y2026 = data.cutoffs.filter((r) => r.counselling === 'JoSAA' && r.year === 2026);
    expect(y2026).toHaveLength(65_232);
    expect([...new Set(y2026.map((r) => r.round))].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(y2026.filter((r) => r.round === 1)).toHaveLength(13_292);
    expect(y2026.filter((r) => r.openingPreparatory || r.closingPreparatory)).toHaveLength(905);
    const csab2024 = data.cutoffs.filter((r) => r.counselling === 'CSAB' && r.year === 2024);
    expect(csab2024).toHaveLength(9_734);
    expect(csab2024.filter((r) => r.round === 2)).toHaveLength(3_658);
    // NIT Warangal CSE, OS, OPEN, Gender-Neutral: CSAB 2024 special round 2 closed at 2,360 (CRL).
    expect(
      csab2024.find(
        (r) =>
          r.instituteId === 'nit-warangal' &&
          r.round === 2 &&
          r.programName === 'Computer Science and Engineering (4 Years, Bachelor of Technology)' &&
          r.quota === 'OS' &&
          r.seatType === 'OPEN' &&
          r.gender === 'Gender-Neutral',
      ),
    ).toMatchObject({ openingRank: 2360, closingRank: 2360 });
  });

  it('gives each institute new in JoSAA 2026 its identity, state and type (decision 0003)', () => {
    const in2025 = new Set(data.cutoffs.filter((r) => r.year === 2025).map((r) => r.instituteId));
    const fresh = [...new Set(data.cutoffs.filter((r) => r.year === 2026 && !in2025.has(r.instituteId)).map((r) => r.instituteId))].sort();
    const facts = fresh.map((id) => {
      const i = data.institutes.find((x) => x.id === id)!;
      return [id, i.state, i.type];
    });
    expect(facts).toEqual([
      ['cu-karnataka', 'Karnataka', 'GFTI'],
      ['cu-punjab', 'Punjab', 'GFTI'],
      ['iisc-bangalore', 'Karnataka', 'GFTI'],
      ['nielit-agartala', 'Tripura', 'GFTI'],
      ['nielit-aizawl', 'Mizoram', 'GFTI'],
      ['nielit-calicut', 'Kerala', 'GFTI'],
      ['nielit-imphal', 'Manipur', 'GFTI'],
      ['nielit-kohima', 'Nagaland', 'GFTI'],
      ['nielit-srinagar', 'Jammu and Kashmir', 'GFTI'],
      ['nitttr-bhopal', 'Madhya Pradesh', 'GFTI'],
    ]);
    // The 109 institute × program pairs new in 2026 each get a branch group and a quota rule.
    const pairs2025 = new Set(data.cutoffs.filter((r) => r.year === 2025).map((r) => `${r.instituteId}|${r.programName}`));
    const newPairs = new Set(
      data.cutoffs.filter((r) => r.year === 2026 && !pairs2025.has(`${r.instituteId}|${r.programName}`)).map((r) => `${r.instituteId}|${r.programName}`),
    );
    expect(newPairs.size).toBeGreaterThanOrEqual(109);
    for (const r of data.cutoffs.filter((x) => x.year === 2026)) expect((branchGroups as readonly string[]).includes(r.branchGroup), r.programName).toBe(true);
  });

  it('judges on JoSAA 2026 round 5, the last published round (IIT Bombay CSE closes at 67)', () => {
    const ref = buildReference(data.cutoffs, (id) => !id.startsWith('iit-'));
    const cse = ref.find(
      (r) =>
        r.scheme === 'josaa' &&
        r.instituteId === 'iit-bombay' &&
        r.programName === 'Computer Science and Engineering (4 Years, Bachelor of Technology)' &&
        r.quota === 'AI' &&
        r.seatType === 'OPEN' &&
        r.gender === 'Gender-Neutral',
    );
    expect(cse).toMatchObject({ year: 2026, round: 5, openingRank: 1, closingRank: 67 });
    expect(ref.filter((r) => r.scheme === 'josaa').every((r) => r.year === 2026 && r.round <= 5)).toBe(true);
  });

  it('marks the preparatory ranks the 2016-2024 files lost (IIT SC/ST/PwD, opening above closing), per year as decision 0003 says', () => {
    const type = new Map(data.institutes.map((i) => [i.id, i.type]));
    const seat = (r: (typeof data.cutoffs)[number]) => [r.instituteId, r.programName, r.quota, r.seatType, r.gender].join('|');
    const perYear = [2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025].map((year) => {
      const rows = data.cutoffs.filter((r) => r.counselling === 'JoSAA' && r.year === year);
      const last = new Map<string, (typeof rows)[number]>();
      for (const r of rows) if ((last.get(seat(r))?.round ?? 0) < r.round) last.set(seat(r), r);
      return [year, rows.filter((r) => r.preparatoryByRule).length, [...last.values()].filter((r) => r.preparatoryByRule).length];
    });
    expect(perYear).toEqual([
      [2016, 0, 0],
      [2017, 0, 0],
      [2018, 0, 0],
      [2019, 104, 16],
      [2020, 238, 42],
      [2021, 303, 56],
      [2022, 41, 7],
      [2023, 39, 7],
      [2024, 24, 7],
      [2025, 0, 0],
    ]);
    // Marked on the closing end only (2025: 40 rows with an ordinary opening and a 'P' closing rank, none the reverse).
    for (const r of data.cutoffs.filter((r) => r.preparatoryByRule)) {
      expect(r).toMatchObject({ counselling: 'JoSAA', openingPreparatory: false, closingPreparatory: true });
      expect(type.get(r.instituteId)).toBe('IIT');
      expect(r.openingRank).toBeGreaterThan(r.closingRank);
    }
    // No IIT SC/ST/PwD row is left with an ordinary opening rank above its ordinary closing rank.
    const left = data.cutoffs.filter(
      (r) =>
        type.get(r.instituteId) === 'IIT' &&
        (r.seatType === 'SC' || r.seatType === 'ST' || r.seatType.endsWith('(PwD)')) &&
        !r.openingPreparatory &&
        !r.closingPreparatory &&
        r.openingRank > r.closingRank,
    );
    expect(left).toEqual([]);
    // 2021, IIT Bombay, Chemistry (BS), AI, ST, Gender-Neutral: 810-187 in every round; 187 is preparatory.
    const chem = data.cutoffs.filter(
      (r) => r.year === 2021 && r.instituteId === 'iit-bombay' && r.programName.startsWith('Chemistry') && r.seatType === 'ST' && r.gender === 'Gender-Neutral',
    );
    expect(chem.length).toBeGreaterThan(0);
    expect(chem.every((r) => r.openingRank === 810 && r.closingRank === 187 && r.closingPreparatory && r.preparatoryByRule)).toBe(true);
  });

  it("checks every file against the invariants, and each is accepted on its counselling's rank scale", () => {
    expect(data.invariants.map((r) => [r.label, r.ok, r.scale.found])).toEqual([
      ...[2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024].map((y) => [`josaa/orcr/${y}.csv`, true, 'category']),
      ['josaa-2025/orcr_2025_all_rounds.csv', true, 'category'],
      ['josaa-2026/orcr_2026_rounds1-5.csv', true, 'category'],
      ['csab/csab_2024_rounds1-2.csv', true, 'crl'],
      ['csab/csab_2025_all_rounds.csv', true, 'crl'],
    ]);
    const csab = data.invariants.find((r) => r.label === 'csab/csab_2025_all_rounds.csv')!;
    // The count, on the institutes as the product merges them: 1,323 of 1,329 OBC-NCL seats.
    expect(csab.scale.bySeatType.find((s) => s.seatType === 'OBC-NCL')).toEqual({ seatType: 'OBC-NCL', seats: 1329, above: 1323 });
    expect(data.invariants.find((r) => r.label.endsWith('2021.csv'))!.preparatory).toMatchObject({ printed: 0, byRule: 303 });
  });

  it('judges on JoSAA 2024 round 5 when 2024 is the reference year (IIT Bombay CSE closes at 68)', () => {
    const josaaOnly = data.cutoffs.filter((r) => r.year <= 2024);
    const ref = buildReference(josaaOnly, () => true, 2024);
    const cse = ref.find(
      (r) =>
        r.scheme === 'josaa' &&
        r.instituteId === 'iit-bombay' &&
        r.programName === 'Computer Science and Engineering (4 Years, Bachelor of Technology)' &&
        r.quota === 'AI' &&
        r.seatType === 'OPEN' &&
        r.gender === 'Gender-Neutral',
    );
    expect(cse).toMatchObject({ year: 2024, round: 5, closingRank: 68 });
  });
});

it('reads DATA_DIR from the configuration', () => {
  expect(path.isAbsolute(dataDir)).toBe(true);
});
