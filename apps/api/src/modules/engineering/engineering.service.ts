import { ENGINEERING_PAGE_SIZE, type EngineeringCollege, type EngineeringPreferences, type EngineeringResultsResponse } from '@rankwise/contract/engineering';
import type { ChanceFields } from '@rankwise/contract/chance';
import { chanceFieldsJson, toChanceFields, type ChanceCurve, type SeatChanceColumns } from '../../lib/chance.ts';
import { pagedJson, resultParts, type JsonText } from '../../lib/json-text.ts';
import { enforceVisitorLimits, type Caller, type SubmissionLimiter } from '../../lib/preference-limits.ts';
import type { ReadModel } from '../../lib/read-model.ts';
import { AAT_REQUIREMENT, isArchitectureProgram } from '../../data/josaa/rank-papers.ts';
import { partOf, type MatchPart, type ReferenceQuery, type ReferenceRecord, type EngineeringRepository } from './engineering.repository.ts';
import type { EngineeringReadModel } from './engineering.read-model.ts';
import { curveFor } from '../../lib/chance-curves.ts';

/** Where matches come from: the read model in memory, or the SQL of the repository (the same answers). */
export type EngineeringSource = {
  findMatches(q: ReferenceQuery): Promise<{ rows: ReferenceRecord[]; total: number }> | { rows: ReferenceRecord[]; total: number };
  findChanceCurve(scheme?: 'josaa' | 'csab'): Promise<ChanceCurve | null>;
  /** What the scheme's results are judged on (the latest year's last round), for the header. */
  findReferenceLabel(scheme: 'josaa' | 'csab'): Promise<string | null>;
};

/** Form category → JoSAA seat type as the data spells it. */
export const seatTypeOf: Record<string, string> = {
  OPEN: 'OPEN',
  'OPEN(PWD)': 'OPEN (PwD)',
  EWS: 'EWS',
  'EWS(PWD)': 'EWS (PwD)',
  'OBC-NCL': 'OBC-NCL',
  'OBC-NCL(PWD)': 'OBC-NCL (PwD)',
  SC: 'SC',
  'SC(PWD)': 'SC (PwD)',
  ST: 'ST',
  'ST(PWD)': 'ST (PwD)',
};

export const GENDER_NEUTRAL = 'Gender-Neutral';
export const FEMALE_ONLY = 'Female-only (including Supernumerary)';

/** The preference set without paging, sorting, search and the Reach switch: what the submission limit counts. */
export function preferenceSet(p: EngineeringPreferences) {
  const { page: _page, pageSize: _size, sortBy: _sort, searchQuery: _search, includeReach: _reach, ...set } = p;
  return { ...set, branch: [...set.branch].sort() };
}

/**
 * The seat types a CSAB category opens (JoSAA Business Rules' eligibility): OPEN, the category's
 * own, and for a PwD category the PwD seats of both. CSAB ranks every seat type on the common rank
 * list, so all of them are compared with the one CRL rank (docs/decisions/0011-csab-category.md).
 */
export function csabSeatTypes(category: string): string[] {
  const pwd = category.endsWith('(PWD)');
  const base = seatTypeOf[pwd ? category.slice(0, -'(PWD)'.length) : category];
  const types = new Set(['OPEN', base]);
  if (pwd) for (const t of ['OPEN (PwD)', `${base} (PwD)`]) types.add(t);
  return [...types];
}

/**
 * Translates preferences into the JoSAA business rules (JoSAA Business Rules 2025, sections on
 * eligibility, quotas, seat categories and the female supernumerary pool):
 */
export function toQuery(p: EngineeringPreferences): Omit<ReferenceQuery, 'limit' | 'offset'> {
  // Exam: JEE Advanced ranks fill IIT seats only; JEE Main ranks fill NIT, IIIT and GFTI seats,
  // never IIT seats. CSAB special rounds fill NIT+ (NIT, IIIT, GFTI) seats only.
  const scheme = p.examType === 'CSAB' ? 'csab' : 'josaa';
  const instituteTypes = p.examType === 'IIT' ? ['IIT'] : ['NIT', 'IIIT', 'GFTI'];
  // Gender: the gender-neutral pool is open to all; the female-only (supernumerary) pool to female
  // candidates only.
  const genders = p.gender === 'Female' ? [GENDER_NEUTRAL, FEMALE_ONLY] : [GENDER_NEUTRAL];
  const category = p.seatType ?? 'OPEN';
  const seatType = seatTypeOf[category];
  // Ranks: B.Arch and B.Planning at NITs, IIITs and GFTIs are allotted on JEE Main Paper 2A and 2B
  // ranks, listed only against those (docs/decisions/0021); IIT B.Arch is on the JEE (Advanced) rank.
  const ranks: { paper: MatchPart['paper']; rank: number; matchedOn: MatchPart['matchedOn'] }[] = [{ paper: null, rank: p.rank, matchedOn: 'rank' }];
  if (p.examType !== 'IIT') {
    if (p.archRank !== undefined) ranks.push({ paper: '2A', rank: p.archRank, matchedOn: 'archRank' });
    if (p.planningRank !== undefined) ranks.push({ paper: '2B', rank: p.planningRank, matchedOn: 'planningRank' });
  }
  const parts: MatchPart[] = [];
  for (const r of ranks) {
    if (scheme === 'csab') {
      // CSAB: the rank is the CRL rank, compared with every seat type the category opens.
      parts.push({ seatTypes: csabSeatTypes(category), ...r });
      continue;
    }
    // JoSAA: the rank is the category rank for the category's seats (CRL for OPEN).
    parts.push({ seatTypes: [seatType], ...r });
    // A reserved-category candidate also competes for OPEN seats on the common rank list (CRL).
    if (r.paper === null && seatType !== 'OPEN' && p.crlRank !== undefined)
      parts.push({ seatTypes: ['OPEN'], paper: null, rank: p.crlRank, matchedOn: 'crlRank' });
  }
  return {
    scheme,
    instituteTypes,
    genders,
    parts,
    // Quotas: AI everywhere; HS for the institute's home states; OS for everyone else; the special
    // quotas GO (NIT Goa), JK and LA (NIT Srinagar) and AP (NIT Warangal, 2016-2019) for the states
    // the reviewed table names (data/josaa/home-state-quotas.ts; resolved per seat at import).
    homeState: p.homeState,
    branchGroups: p.branch,
    // Facilities: no data set has them, so the three answers cannot change the results (the form
    // says so); they are accepted as the spec asks.
    search: p.searchQuery,
    sortBy: p.sortBy,
    includeReach: p.includeReach,
  };
}

const inr = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/**
 * `matchedOn`: which of the student's ranks admitted this seat (the category rank, the CRL rank for
 * an OPEN seat, or a Paper 2 rank); `chance`: the chance fields for that rank (lib/chance.ts).
 */
export function toCollege(r: ReferenceRecord, matchedOn: EngineeringCollege['matchedOn'], chance: ChanceFields): EngineeringCollege {
  return {
    id: r.id,
    'Institute Name': r.institute_name,
    collegeName: r.institute_name,
    'Academic Program Name': r.program_name,
    programName: r.program_name,
    'Opening Rank': r.opening_rank,
    'Closing Rank': r.closing_rank,
    'Institute Fee (INR)': r.tuition_inr_per_year === null ? 'NA' : inr.format(r.tuition_inr_per_year),
    tuitionFromYear: r.tuition_from_year,
    'Average Package(LPA)': r.median_salary_lpa === null ? 'NA' : r.median_salary_lpa,
    placementYear: r.placement_year,
    imageUrl: null,
    instituteId: r.institute_id,
    instituteType: r.institute_type,
    state: r.state,
    nirfRank: r.nirf_rank,
    nirfRankYear: r.nirf_rank_year,
    nirfCategory: r.nirf_category,
    branchGroup: r.branch_group as EngineeringCollege['branchGroup'],
    quota: r.quota,
    seatType: r.seat_type,
    gender: r.gender,
    year: r.year,
    round: r.round,
    basis: r.basis,
    // In the contract's order (the read model's bytes are compared with zod's output).
    referenceLabel: r.reference_label,
    requires: r.institute_type === 'IIT' && isArchitectureProgram(r.program_name) ? AAT_REQUIREMENT : null,
    matchedOn,
    ...chance,
  };
}

/** The seat's chance columns. */
const seatChance = (r: ReferenceRecord): SeatChanceColumns => ({
  closingRank: r.closing_rank,
  chanceScale: r.chance_scale,
  wideBand: r.chance_wide,
  card: r.chance_card,
  adjustment: { shift: r.chance_shift, below: r.chance_below, above: r.chance_above },
});

/** The rank a row was matched on (its part of the query), and the seat's chance columns. */
function matchOf(q: Pick<ReferenceQuery, 'parts'>, r: ReferenceRecord) {
  const part = partOf(q.parts, r.seat_type, r.rank_paper)!;
  return { matchedOn: part.matchedOn, rank: part.rank, seat: seatChance(r) };
}

function resultsPage(p: EngineeringPreferences, total: number, referenceLabel: string | null) {
  return {
    currentPage: p.page,
    totalDocuments: total,
    totalPages: Math.ceil(total / p.pageSize),
    ...(referenceLabel === null ? {} : { referenceLabel }),
    message: total ? `${total} programmes match your preferences` : 'No Colleges Found',
  };
}

/** The answer from SQL (the repository) or, for the comparison test, any source. */
export async function findColleges(repo: EngineeringSource, p: EngineeringPreferences): Promise<EngineeringResultsResponse> {
  const q = toQuery(p);
  const { rows, total } = await repo.findMatches({ ...q, limit: p.pageSize, offset: (p.page - 1) * p.pageSize });
  // Kept in memory after the first read (lib/chance.ts); not needed for an empty page.
  const curve = rows.length ? await curveFor(repo, q.scheme) : null;
  const colleges = rows.map((r) => {
    const { matchedOn, rank, seat } = matchOf(q, r);
    return toCollege(r, matchedOn, toChanceFields(curve!, seat, rank));
  });
  const { message, ...page } = resultsPage(p, total, await repo.findReferenceLabel(q.scheme));
  return { data: { colleges, ...page }, message };
}

/** Each seat's fixed part of a result, serialized once: the fields before matchedOn, as toCollege writes them. */
const partsOf = resultParts((r: ReferenceRecord, chance) => toCollege(r, 'rank', chance), ',"matchedOn":', seatChance);

/**
 * The same answer as findColleges from the read model, written straight as JSON: each seat's fixed
 * fields serialized once, the chance fields per request (the bytes are JSON.stringify's:
 * predictor-read-model.integration.test.ts compares them with the SQL path's). `chance: false`
 * leaves the chance fields out: bench/predictor.ts measures what they cost (issue 13).
 */
export async function findCollegesJson(
  model: EngineeringReadModel,
  p: EngineeringPreferences,
  opts: { chance?: boolean } = {},
): Promise<JsonText<EngineeringResultsResponse>> {
  const q = toQuery(p);
  const { rows, total } = model.findMatches({ ...q, limit: p.pageSize, offset: (p.page - 1) * p.pageSize });
  const curve = rows.length ? await curveFor(model, q.scheme) : null;
  const items = rows.map((r) => {
    const json = partsOf(r);
    const { matchedOn, rank } = partOf(q.parts, r.seat_type, r.rank_paper)!;
    if (opts.chance === false) return `{${json.head},"matchedOn":"${matchedOn}"}`;
    return `{${json.head},"matchedOn":"${matchedOn}",${chanceFieldsJson(curve!, json.chance, rank)}}`;
  });
  return pagedJson(items, resultsPage(p, total, await model.findReferenceLabel(q.scheme)));
}

/** The engineering module's deps: built once by engineering.plugin.ts, on `app.engineering`. */
export type EngineeringDeps = {
  repo: EngineeringRepository;
  limiter: SubmissionLimiter;
  readModel?: ReadModel<EngineeringReadModel> | null;
};

/**
 * The engineering predictor as the route sees it: one call per request, answered from the read
 * model when there is one (docs/decisions/0018), else from SQL. Visitors see the first page only;
 * each new preference set counts against the caller's limit.
 */
export async function search(
  d: EngineeringDeps,
  caller: Caller,
  body: EngineeringPreferences,
): Promise<EngineeringResultsResponse | JsonText<EngineeringResultsResponse>> {
  const prefs = enforceVisitorLimits(caller.user, body, ENGINEERING_PAGE_SIZE);
  await d.limiter.check(caller, 'engineering', preferenceSet(prefs));
  const model = await d.readModel?.get();
  return model ? findCollegesJson(model, prefs) : findColleges(d.repo, prefs);
}
