import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { branchGroups } from '@rankwise/contract/engineering';
import { testConfig } from '../../../test/helpers/test-app.ts';
import { branchGroupOf } from './branch-groups.ts';
import { readEngineeringData, type EngineeringData } from './import-engineering.ts';
import { buildReference } from './reference.ts';

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
    data = await readEngineeringData(dataDir, true);
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
