import path from 'node:path';
import { readCsv } from '../lib/csv.ts';
import type { InstituteDirectory } from './institute-directory.ts';

export type NirfFigures = {
  nirfRank: number | null;
  /** The NIRF edition (year) of nirfRank. */
  nirfRankYear: number | null;
  /** The NIRF ranking nirfRank is from: 'Engineering', or another category when the institute is in no Engineering edition. */
  nirfCategory: string | null;
  medianSalaryLpa: number | null;
  placementRate: number | null;
  /** The graduating batch the placement figures describe, e.g. '2023-24'; null exactly when there are no figures. */
  placementYear: string | null;
  placementSource: string | null;
};

export const emptyNirf: NirfFigures = {
  nirfRank: null,
  nirfRankYear: null,
  nirfCategory: null,
  medianSalaryLpa: null,
  placementRate: null,
  placementYear: null,
  placementSource: null,
};

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The NIRF edition of nirf2025_placements_by_program_type.csv (every category's ranked institutes). */
const NIRF_CATEGORIES_EDITION = 2025;

/** 'IR-E-U-0455' in https://www.nirfindia.org/nirfpdfcdn/2023/pdf/Engineering/IR-E-U-0455.pdf, with the edition 2023. */
const NIRF_REPORT = /^https?:\/\/(?:www\.)?nirfindia\.org\/nirfpdfcdn\/(\d{4})\/pdf\/Engineering\/(IR-[A-Z]-[A-Z]-\d+)\.pdf$/i;

/**
 * The graduating batch whose placements a NIRF edition reports as its latest year: NIRF 2025
 * reports the batch that graduated in 2023-24 (nirf2025_placements_by_program_type.csv says so),
 * so edition Y reports batch (Y-2)-(Y-1).
 */
export function batchOfEdition(edition: number): string {
  return `${edition - 2}-${String(edition - 1).slice(2)}`;
}

/**
 * Why a scorecard row's figures are not used, or null when they are. Used only when the source is
 * the institute's own NIRF data report on nirfindia.org: its path gives the NIRF edition (so the
 * batch), and its file name is the NIRF id of the institute it describes, which must be the row's
 * own id. A link elsewhere (an institute's web site) gives no edition that can be relied on, and
 * one such row (IIITDM Kurnool) links another institute's report and repeats its figures.
 */
export function scorecardRejection(r: Record<string, string>): string | null {
  const m = NIRF_REPORT.exec(r.source_link?.trim() ?? '');
  if (!m) return 'source is not a NIRF data report on nirfindia.org';
  if (!r.nirf_institute_id?.trim()) return 'row has no NIRF id to check its source against';
  if (m[2].toUpperCase() !== r.nirf_institute_id.trim().toUpperCase()) return 'source names another institute';
  return null;
}

/**
 * NIRF figures per canonical institute (docs/decisions/0010-placements-nirf-fees-facilities.md).
 * Placements: NIRF 2025's UG 4-year median salary and share placed (batch 2023-24); where that is
 * missing, the IIT/NIT/IIIT scorecard figures read from the institute's own NIRF report of an
 * earlier edition, with that edition's batch. A zero or blank figure is missing, never a value,
 * and a figure without a batch is not shown. Rank: the latest NIRF Engineering edition that ranks
 * the institute, with that edition's year; for an institute no Engineering edition ranks, its NIRF
 * 2025 rank in another category (issue 25), with the category.
 */
export async function loadNirf(dataDir: string, directory: InstituteDirectory): Promise<Map<string, NirfFigures>> {
  const out = new Map<string, NirfFigures>();
  const get = (id: string) => {
    let f = out.get(id);
    if (!f) out.set(id, (f = { ...emptyNirf }));
    return f;
  };

  for (const r of await readCsv(path.join(dataDir, 'nirf/nirf_engineering_rankings.csv'))) {
    const inst = directory.find(r.institute_name);
    const year = Number(r.year);
    const rank = Number(r.rank);
    if (!inst || !Number.isInteger(rank) || rank <= 0 || !Number.isInteger(year)) continue;
    const f = get(inst.id);
    if (f.nirfRankYear === null || year > f.nirfRankYear) {
      f.nirfRank = rank;
      f.nirfRankYear = year;
      f.nirfCategory = 'Engineering';
    }
  }

  // An institute no Engineering edition ranks: its NIRF 2025 rank in another category
  // (Architecture and Planning, Management, ...), the best one if several, with that category.
  for (const r of await readCsv(path.join(dataDir, 'nirf/nirf2025_placements_by_program_type.csv'))) {
    if (r.ranking_category === 'Engineering' || !r.ranking_category) continue;
    const inst = directory.find(r.institute_name);
    const rank = Number(r.nirf_rank);
    if (!inst || !Number.isInteger(rank) || rank <= 0) continue;
    // A row whose state is not the institute's describes another campus under a wrong name (the file
    // has 'School of Planning and Architecture-New Delhi' in Bhopal, Madhya Pradesh): not used.
    if (inst.state && r.state?.trim() && r.state.trim() !== inst.state) continue;
    const f = get(inst.id);
    if (f.nirfCategory === 'Engineering') continue;
    if (f.nirfRank === null || rank < f.nirfRank || (rank === f.nirfRank && r.ranking_category < (f.nirfCategory ?? ''))) {
      f.nirfRank = rank;
      f.nirfRankYear = NIRF_CATEGORIES_EDITION;
      f.nirfCategory = r.ranking_category;
    }
  }

  for (const r of await readCsv(path.join(dataDir, 'nirf/nirf2025_placements_by_program_type.csv'))) {
    if (r.ranking_category !== 'Engineering' || r.type !== 'UG [4 Years Program(s)]') continue;
    const inst = directory.find(r.institute_name);
    const median = Number(r.median_salary);
    if (!inst || !(median > 0) || !/^\d{4}-\d{2}$/.test(r.academic_year ?? '')) continue;
    const graduating = Number(r.graduating_on_time);
    const placed = Number(r.students_placed);
    const f = get(inst.id);
    f.medianSalaryLpa = round2(median / 100_000);
    f.placementRate = graduating > 0 && placed >= 0 && placed <= graduating ? round2((placed / graduating) * 100) : null;
    f.placementYear = r.academic_year;
    f.placementSource = 'NIRF 2025 (UG 4-year programmes)';
  }

  for (const r of await readCsv(path.join(dataDir, 'nirf/iit_nit_iiit_placement_scorecards.csv'))) {
    const inst = directory.find(r.institute_name);
    const median = Number(r.median_salary_lpa);
    if (!inst || !(median > 0) || scorecardRejection(r)) continue;
    const f = get(inst.id);
    if (f.medianSalaryLpa !== null) continue; // NIRF 2025 figures come first
    const edition = Number(NIRF_REPORT.exec(r.source_link.trim())![1]);
    const rate = Number(r.placement_rate_pct);
    f.medianSalaryLpa = round2(median);
    f.placementRate = rate > 0 && rate <= 100 ? round2(rate) : null;
    f.placementYear = batchOfEdition(edition);
    f.placementSource = `NIRF ${edition} data report (UG 4-year), via Avanti Fellows' IIT/NIT/IIIT scorecards`;
  }
  return out;
}
