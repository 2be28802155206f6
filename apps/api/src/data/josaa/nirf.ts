import path from 'node:path';
import { readCsv } from '../lib/csv.ts';
import type { InstituteDirectory } from './institute-directory.ts';

export type NirfFigures = {
  nirfRank: number | null;
  nirfRankYear: number | null;
  medianSalaryLpa: number | null;
  placementRate: number | null;
  placementYear: string | null;
  placementSource: string | null;
};

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * NIRF figures per canonical institute. Placements: NIRF 2025's UG 4-year median salary and share
 * placed (graduating cohort 2023-24); where that is missing, the IIT/NIT/IIIT scorecard figures with
 * their own year. A zero or blank figure is missing, never a value. Rank: the latest NIRF
 * Engineering year that ranks the institute.
 */
export async function loadNirf(dataDir: string, directory: InstituteDirectory): Promise<Map<string, NirfFigures>> {
  const out = new Map<string, NirfFigures>();
  const get = (id: string) => {
    let f = out.get(id);
    if (!f) out.set(id, (f = { nirfRank: null, nirfRankYear: null, medianSalaryLpa: null, placementRate: null, placementYear: null, placementSource: null }));
    return f;
  };

  for (const r of await readCsv(path.join(dataDir, 'nirf/nirf_engineering_rankings.csv'))) {
    const inst = directory.find(r.institute_name);
    const year = Number(r.year);
    const rank = Number(r.rank);
    if (!inst || !Number.isInteger(rank) || rank <= 0) continue;
    const f = get(inst.id);
    if (f.nirfRankYear === null || year > f.nirfRankYear) {
      f.nirfRank = rank;
      f.nirfRankYear = year;
    }
  }

  for (const r of await readCsv(path.join(dataDir, 'nirf/nirf2025_placements_by_program_type.csv'))) {
    if (r.ranking_category !== 'Engineering' || r.type !== 'UG [4 Years Program(s)]') continue;
    const inst = directory.find(r.institute_name);
    const median = Number(r.median_salary);
    if (!inst || !(median > 0)) continue;
    const graduating = Number(r.graduating_on_time);
    const placed = Number(r.students_placed);
    const f = get(inst.id);
    f.medianSalaryLpa = round2(median / 100_000);
    f.placementRate = graduating > 0 && placed >= 0 && placed <= graduating ? round2((placed / graduating) * 100) : null;
    f.placementYear = r.academic_year || null;
    f.placementSource = 'NIRF 2025 (UG 4-year programmes)';
  }

  for (const r of await readCsv(path.join(dataDir, 'nirf/iit_nit_iiit_placement_scorecards.csv'))) {
    const inst = directory.find(r.institute_name);
    const median = Number(r.median_salary_lpa);
    if (!inst || !(median > 0)) continue;
    const f = get(inst.id);
    if (f.medianSalaryLpa !== null) continue; // NIRF 2025 figures come first
    const rate = Number(r.placement_rate_pct);
    f.medianSalaryLpa = round2(median);
    f.placementRate = rate > 0 && rate <= 100 ? round2(rate) : null;
    f.placementYear = r.data_year || null;
    f.placementSource = 'IIT/NIT/IIIT placement scorecards (Avanti Fellows, from NIRF filings)';
  }
  return out;
}
