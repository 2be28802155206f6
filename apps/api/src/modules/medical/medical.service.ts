import {
  MEDICAL_PAGE_SIZE_SUBMIT,
  type MedicalCollege,
  type MedicalCourseCatalog,
  type MedicalPreferences,
  type MedicalResultsResponse,
} from '@rankwise/contract/medical';
import type { ChanceFields } from '@rankwise/contract/chance';
import { AppError } from '../../lib/app-error.ts';
import { chanceFieldsJson, toChanceFields, type ChanceCurve, type SeatChanceColumns } from '../../lib/chance.ts';
import { pagedJson, resultParts, type JsonText } from '../../lib/json-text.ts';
import { enforceVisitorLimits, type Caller, type SubmissionLimiter } from '../../lib/preference-limits.ts';
import { curveForQuota } from '../../data/chance/neet-pg.ts';
import type { ReadModel } from '../../lib/read-model.ts';
import type { MedicalQuery, MedicalRepository, MedicalSeatRecord } from './medical.repository.ts';
import type { MedicalReadModel } from './medical.read-model.ts';
import { curveFor } from '../../lib/chance-curves.ts';

/** Where seats come from: the read model in memory, or the SQL of the repository (the same answers). */
export type MedicalSource = {
  findMatches(q: MedicalQuery): Promise<{ rows: MedicalSeatRecord[]; total: number }> | { rows: MedicalSeatRecord[]; total: number };
  findChanceCurve(): Promise<ChanceCurve | null>;
  listCourses(): Promise<{ name: string; degree: string }[]>;
};

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

/** What the seat is judged on: 'MCC NEET PG 2025 rounds 1-3' (issue 22). */
export function referenceLabelOf(year: number, round: number): string {
  return `MCC NEET PG ${year} ${round === 1 ? 'round 1' : `rounds 1-${round}`}`;
}

/** `chance`: the chance fields for the student's rank (lib/chance.ts). */
export function toMedicalCollege(r: MedicalSeatRecord, chance: ChanceFields): MedicalCollege {
  const fee = r.annual_fee_inr === null ? 'NA' : inr.format(r.annual_fee_inr);
  return {
    id: r.id,
    'Allotted Institute': r.institute_name,
    collegeName: r.institute_name,
    // 'town, state' (docs/decisions/0005), never MCC's address text.
    Location: r.location ?? 'NA',
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
    referenceLabel: referenceLabelOf(r.year, r.round),
    closingRankNote: r.chance_card.closingNote ?? null,
    ...chance,
  };
}

/** A 400 naming each course the catalogue does not have (checked before the submission limit counts the set). */
export async function assertKnownCourses(repo: Pick<MedicalSource, 'listCourses'>, courses: string[]): Promise<void> {
  if (!courses.length) return;
  const known = new Set((await repo.listCourses()).map((c) => c.name));
  const fieldErrors: Record<string, string[]> = {};
  courses.forEach((c, i) => {
    if (!known.has(c)) fieldErrors[`courses.${i}`] = [`Unknown course: ${c}`];
  });
  if (Object.keys(fieldErrors).length) throw new AppError('VALIDATION_FAILED', 'Some preferences are not valid', fieldErrors);
}

function queryOf(p: MedicalPreferences): MedicalQuery {
  return {
    quota: p.quota,
    categories: SEAT_CATEGORIES_OF[p.category],
    rank: p.rank,
    courses: [...new Set(p.courses)],
    search: p.searchQuery,
    sortBy: p.sortBy,
    includeReach: p.includeReach,
    limit: p.pageSize,
    offset: (p.page - 1) * p.pageSize,
  };
}

const seatChance = (r: MedicalSeatRecord): SeatChanceColumns => ({
  closingRank: r.closing_rank,
  chanceScale: r.chance_scale,
  wideBand: r.chance_wide,
  card: r.chance_card,
});

/** The header's label: every listed seat is judged on the same year and rounds (decision 0005), read from the page's first. */
function resultsPage(p: MedicalPreferences, total: number, first: MedicalSeatRecord | undefined) {
  return {
    currentPage: p.page,
    totalDocuments: total,
    totalPages: Math.ceil(total / p.pageSize),
    ...(first ? { referenceLabel: referenceLabelOf(first.year, first.round) } : {}),
    message: total ? `${total} seats match your preferences` : 'No Medical Colleges Found',
  };
}

/** The answer from SQL (the repository) or, for the comparison test, any source. */
export async function findMedicalColleges(repo: MedicalSource, p: MedicalPreferences): Promise<MedicalResultsResponse> {
  const { rows, total } = await repo.findMatches(queryOf(p));
  // Kept in memory after the first read (lib/chance.ts); not needed for an empty page.
  const curve = rows.length ? curveForQuota(await curveFor(repo), p.quota) : null;
  const colleges = rows.map((r) => toMedicalCollege(r, toChanceFields(curve!, seatChance(r), p.rank)));
  const { message, ...page } = resultsPage(p, total, rows[0]);
  return { data: { colleges, ...page }, message };
}

/** Each seat's fixed part of a result, serialized once: the fields before the chance fields, as toMedicalCollege writes them. */
const partsOf = resultParts(toMedicalCollege, ',"chance":', seatChance);

/**
 * The same answer as findMedicalColleges from the read model, written straight as JSON: each seat's
 * fixed fields serialized once, the chance fields per request (the bytes are JSON.stringify's:
 * predictor-read-model.integration.test.ts compares them with the SQL path's). `chance: false`
 * leaves the chance fields out: bench/predictor.ts measures what they cost (issue 13).
 */
export async function findMedicalCollegesJson(
  model: MedicalReadModel,
  p: MedicalPreferences,
  opts: { chance?: boolean } = {},
): Promise<JsonText<MedicalResultsResponse>> {
  const { rows, total } = model.findMatches(queryOf(p));
  const curve = rows.length ? curveForQuota(await curveFor(model), p.quota) : null;
  const items = rows.map((r) => {
    const json = partsOf(r);
    if (opts.chance === false) return `{${json.head}}`;
    return `{${json.head},${chanceFieldsJson(curve!, json.chance, p.rank)}}`;
  });
  return pagedJson(items, resultsPage(p, total, rows[0]));
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

/** The medical module's deps: built once by medical.plugin.ts, on `app.medical`. */
export type MedicalDeps = { repo: MedicalRepository; limiter: SubmissionLimiter; readModel?: ReadModel<MedicalReadModel> | null };

/**
 * The NEET PG predictor as the routes see it: one call per request, answered from the read model
 * when there is one (docs/decisions/0018), else from SQL. Visitors see the first page only; unknown
 * courses are refused before the set counts against the limit.
 */
export async function search(d: MedicalDeps, caller: Caller, body: MedicalPreferences): Promise<MedicalResultsResponse | JsonText<MedicalResultsResponse>> {
  const prefs = enforceVisitorLimits(caller.user, body, MEDICAL_PAGE_SIZE_SUBMIT);
  const model = await d.readModel?.get();
  await assertKnownCourses(model ?? d.repo, prefs.courses);
  await d.limiter.check(caller, 'medical', preferenceSet(prefs));
  return model ? findMedicalCollegesJson(model, prefs) : findMedicalColleges(d.repo, prefs);
}

/** The courses the form offers, grouped by degree. */
export function courses(d: MedicalDeps): Promise<MedicalCourseCatalog> {
  return medicalCourseCatalog(d.repo);
}
