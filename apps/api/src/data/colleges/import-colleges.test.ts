import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/helpers/test-app.ts';
import { InstituteDirectory } from '../josaa/institute-directory.ts';
import { readCsv } from '../lib/csv.ts';
import { nirfRankingsFile, placeRanks, type NirfRank } from './import-colleges.ts';

const dataDir = testConfig().DATA_DIR;

describe('NIRF ranks by edition (college pages)', () => {
  let ranks: NirfRank[];
  beforeAll(async () => {
    const directory = new InstituteDirectory((await readCsv(path.join(dataDir, 'josaa/institutes.csv'))) as never);
    ranks = placeRanks(await readCsv(nirfRankingsFile(dataDir)), directory.institutes);
  });
  const editions = (id: string) => Object.fromEntries(ranks.filter((r) => r.instituteId === id).map((r) => [r.year, r.rank]));

  it('finds an institute in every edition, whatever spelling NIRF printed that year', () => {
    // 2016 'National Institute Of Technology Karnataka-Mangalore', 2017-2018 'National Institute of Technology
    // Surathkal', 2019-2021 'National Institute of Technology Karnataka', 2023-2025 'National Institute of Technology
    // Karnataka, Surathkal' (nirf_engineering_rankings.csv).
    expect(editions('nit-karnataka-surathkal')).toEqual({ 2016: 22, 2017: 22, 2018: 21, 2019: 21, 2020: 13, 2021: 10, 2023: 12, 2024: 17, 2025: 17 });
    expect(editions('nit-nagpur')).toEqual({ 2016: 18, 2017: 42, 2018: 31, 2019: 31, 2020: 27, 2021: 30, 2023: 41, 2024: 39, 2025: 44 });
    expect(editions('nit-jalandhar')).toEqual({ 2016: 42, 2018: 74, 2019: 113, 2020: 52, 2021: 49, 2023: 46, 2024: 58, 2025: 55 });
    expect(editions('iiitdm-jabalpur')).toEqual({ 2016: 77, 2017: 69, 2018: 91, 2019: 75, 2020: 81, 2021: 80, 2023: 97 });
    expect(editions('iit-guwahati')[2016]).toBe(11);
    expect(editions('iit-ropar')[2016]).toBe(9);
    expect(editions('nit-rourkela')[2016]).toBe(19);
    expect(editions('nit-jaipur')[2019]).toBe(53);
    expect(editions('iiest-shibpur')).toMatchObject({ 2019: 19, 2020: 21, 2021: 27 });
    expect(editions('iiitdm-kancheepuram')).toEqual({ 2016: 80, 2019: 197, 2020: 182 });
    expect(editions('punjab-engineering-college-chandigarh')).toEqual({ 2016: 38, 2017: 85, 2018: 73, 2019: 78, 2020: 68, 2021: 70 });
  });
});
