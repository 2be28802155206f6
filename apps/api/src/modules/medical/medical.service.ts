import {
  MEDICAL_PAGE_SIZE_SUBMIT,
  type MedicalCollege,
  type MedicalCourseCatalog,
  type MedicalPreferences,
  type MedicalResultsResponse,
} from '@rankwise/contract/medical';
import type { ChanceFields } from '@rankwise/contract/chance';
import { AppError } from '../../lib/app-error.ts';
import { curveFor, toChanceFields } from '../../lib/chance.ts';
import { enforceVisitorLimits, type Caller, type SubmissionLimiter } from '../../lib/preference-limits.ts';
import type { MedicalRepository, MedicalSeatRecord } from './medical.repository.ts';

/**
 * Form category → the seat categories ("Alloted Category" in the MCC data) it may take. 'General'
 * takes OPEN seats; a reserved or PwD category takes its own seats and OPEN seats (issue 4). NEET
 * PG allots on one All India Rank, so the same rank is compared with every category's ranks.
 * (MCC also lets, e.g., an OBC PwD candidate take OBC and OPEN PwD seats; the product keeps to the
 * issue's narrower rule, which never shows a seat the student could not take.)
 */
export const SEAT_CATEGORIES_OF: Record<MedicalPreferences['category'], string[]> = {
  General: ['OPEN'],
  EWS: ['EWS', 'OPEN'],
  OBC: ['OBC', 'OPEN'],
  SC: ['SC', 'OPEN'],
  ST: ['ST', 'OPEN'],
  'General PwD': ['OPEN PWD', 'OPEN'],
  'EWS PwD': ['EWS PWD', 'OPEN'],
  'OBC PwD': ['OBC PWD', 'OPEN'],
  'SC PwD': ['SC PWD', 'OPEN'],
  'ST PwD': ['ST PWD', 'OPEN'],
};

/** The preference set without paging, sorting, search and the Reach switch: what the submission limit counts. */
export function preferenceSet(p: MedicalPreferences) {
  const { page: _page, pageSize: _size, sortBy: _sort, searchQuery: _search, includeReach: _reach, ...set } = p;
  return { ...set, courses: [...new Set(set.courses)].sort() };
}

const inr = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** `chance`: the chance fields for the student's rank (lib/chance.ts). */
export function toMedicalCollege(r: MedicalSeatRecord, chance: ChanceFields): MedicalCollege {
  const fee = r.annual_fee_inr === null ? 'NA' : inr.format(r.annual_fee_inr);
  return {
    id: r.id,
    'Allotted Institute': r.institute_name,
    collegeName: r.institute_name,
    Location: r.address ?? 'NA',
    State: r.state ?? 'NA',
    Course: r.course,
    'Allotted Quota': r.quota,
    'Alloted Category': r.category,
    // The data has no candidate category (SOURCES.md): the seat's category is all it records.
    'Candidate Category': 'NA',
    Rank: r.closing_rank,
    'Opening Rank': r.opening_rank,
    Fees: fee,
    'Annual Fee': fee,
    bondYears: r.bond_years,
    bondPenalty: r.bond_penalty_inr === null ? 'NA' : inr.format(r.bond_penalty_inr),
    imageUrl: null,
    year: r.year,
    round: `R${r.round}`,
    instituteId: r.institute_id,
    degree: r.degree,
    ...chance,
  };
}

/** A 400 naming each course the catalogue does not have (checked before the submission limit counts the set). */
export async function assertKnownCourses(repo: MedicalRepository, courses: string[]): Promise<void> {
  if (!courses.length) return;
  const known = new Set((await repo.listCourses()).map((c) => c.name));
  const fieldErrors: Record<string, string[]> = {};
  courses.forEach((c, i) => {
    if (!known.has(c)) fieldErrors[`courses.${i}`] = [`Unknown course: ${c}`];
  });
  if (Object.keys(fieldErrors).length) throw new AppError('VALIDATION_FAILED', 'Some preferences are not valid', fieldErrors);
}

export async function findMedicalColleges(repo: MedicalRepository, p: MedicalPreferences): Promise<MedicalResultsResponse> {
  const { rows, total } = await repo.findMatches({
    quota: p.quota,
    categories: SEAT_CATEGORIES_OF[p.category],
    rank: p.rank,
    courses: [...new Set(p.courses)],
    search: p.searchQuery,
    sortBy: p.sortBy,
    includeReach: p.includeReach,
    limit: p.pageSize,
    offset: (p.page - 1) * p.pageSize,
  });
  // Kept in memory after the first read (lib/chance.ts); not needed for an empty page.
  const curve = rows.length ? await curveFor(repo) : null;
  const colleges = rows.map((r) =>
    toMedicalCollege(
      r,
      toChanceFields(curve!, { closingRank: r.closing_rank, chanceScale: r.chance_scale, wideBand: r.chance_wide, card: r.chance_card }, p.rank),
    ),
  );
  return {
    data: { colleges, currentPage: p.page, totalDocuments: total, totalPages: Math.ceil(total / p.pageSize) },
    message: total ? `${total} seats match your preferences` : 'No Medical Colleges Found',
  };
}

export async function medicalCourseCatalog(repo: MedicalRepository): Promise<MedicalCourseCatalog> {
  const groups: { degree: string; courses: string[] }[] = [];
  for (const c of await repo.listCourses()) {
    const last = groups.at(-1);
    if (last?.degree === c.degree) last.courses.push(c.name);
    else groups.push({ degree: c.degree, courses: [c.name] });
  }
  return { data: { groups } };
}

/** The NEET PG predictor as the routes see it: one call per request. */
export function createMedicalService(deps: { repo: MedicalRepository; limiter: SubmissionLimiter }) {
  return {
    /** Visitors see the first page only; unknown courses are refused before the set counts against the limit. */
    async search(caller: Caller, body: MedicalPreferences): Promise<MedicalResultsResponse> {
      const prefs = enforceVisitorLimits(caller.user, body, MEDICAL_PAGE_SIZE_SUBMIT);
      await assertKnownCourses(deps.repo, prefs.courses);
      await deps.limiter.check(caller, 'medical', preferenceSet(prefs));
      return findMedicalColleges(deps.repo, prefs);
    },
    courses: () => medicalCourseCatalog(deps.repo),
  };
}
