import { ENGINEERING_PAGE_SIZE, type EngineeringCollege, type EngineeringPreferences, type EngineeringResultsResponse } from '@rankwise/contract/engineering';
import type { ChanceFields } from '@rankwise/contract/chance';
import { curveFor, toChanceFields } from '../../lib/chance.ts';
import { enforceVisitorLimits, type Caller, type SubmissionLimiter } from '../../lib/preference-limits.ts';
import type { ReferenceQuery, ReferenceRecord, EngineeringRepository } from './engineering.repository.ts';

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
  // Category: the rank is the category rank for the category's seats (CRL for OPEN). CSAB applies
  // the same seat categories; its form leaves the category optional (default OPEN).
  const category = p.seatType ?? 'OPEN';
  const seatType = seatTypeOf[category];
  // A reserved-category candidate also competes for OPEN seats on the common rank list (CRL).
  const crlRank = seatType !== 'OPEN' && p.crlRank !== undefined ? p.crlRank : null;
  return {
    scheme,
    instituteTypes,
    genders,
    seatType,
    rank: p.rank,
    crlRank,
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
 * `matchedOn`: which of the student's ranks admitted this seat (the category rank, or the CRL rank
 * for an OPEN seat); `chance`: the chance fields for that rank (lib/chance.ts).
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
    branchGroup: r.branch_group as EngineeringCollege['branchGroup'],
    quota: r.quota,
    seatType: r.seat_type,
    gender: r.gender,
    year: r.year,
    round: r.round,
    basis: r.basis,
    matchedOn,
    ...chance,
  };
}

export async function findColleges(repo: EngineeringRepository, p: EngineeringPreferences): Promise<EngineeringResultsResponse> {
  const q = toQuery(p);
  const { rows, total } = await repo.findMatches({ ...q, limit: p.pageSize, offset: (p.page - 1) * p.pageSize });
  // Kept in memory after the first read (lib/chance.ts); not needed for an empty page.
  const curve = rows.length ? await curveFor(repo) : null;
  const colleges = rows.map((r) => {
    const matchedOn = r.seat_type === q.seatType ? 'rank' : 'crlRank';
    const rank = matchedOn === 'rank' ? q.rank : q.crlRank!;
    const seat = { closingRank: r.closing_rank, chanceScale: r.chance_scale, wideBand: r.chance_wide, card: r.chance_card };
    return toCollege(r, matchedOn, toChanceFields(curve!, seat, rank));
  });
  return {
    data: { colleges, currentPage: p.page, totalDocuments: total, totalPages: Math.ceil(total / p.pageSize) },
    message: total ? `${total} programmes match your preferences` : 'No Colleges Found',
  };
}

/** The engineering predictor as the route sees it: one call per request. */
export function createEngineeringService(deps: { repo: EngineeringRepository; limiter: SubmissionLimiter }) {
  return {
    /** Visitors see the first page only; each new preference set counts against the caller's limit. */
    async search(caller: Caller, body: EngineeringPreferences): Promise<EngineeringResultsResponse> {
      const prefs = enforceVisitorLimits(caller.user, body, ENGINEERING_PAGE_SIZE);
      await deps.limiter.check(caller, 'engineering', preferenceSet(prefs));
      return findColleges(deps.repo, prefs);
    },
  };
}
