import { homeStates, type HomeState } from '@rankwise/contract/reference';

/**
 * Who may take a seat of each quota (JoSAA and CSAB alike; docs/decisions/0009-home-state-quotas.md).
 *
 * - AI (All India): every candidate.
 * - HS (Home State): candidates whose state of eligibility (where they first passed Class XII) is
 *   the institute's state, unless the reviewed table below says otherwise.
 * - A special quota (GO, JK, LA, AP): only the states the table names.
 * - OS (Other State): every candidate who is not a home candidate of that institute, i.e. not in
 *   the institute's state nor in any state the table gives one of its home quotas that year.
 *
 * The table holds every institute whose home seats are not simply "the state it stands in". Each
 * rule applies to the counselling years fromYear..toYear (inclusive; open-ended when absent) and
 * names its source. A quota code with no rule here (other than AI, HS, OS) stops the import.
 */
export type HomeQuotaRule = {
  instituteId: string;
  quota: string;
  states: HomeState[];
  fromYear?: number;
  toYear?: number;
  source: string;
};

const JOSAA_RULES = 'JoSAA Business Rules (section on partitioning of candidates: Home State and Other State)';
const INDIA_TODAY_GOA =
  'India Today Fact Check, 2022-02-07, "50% seats in NIT-Goa reserved for home students, is it an exception?" (quotes the JoSAA business rules and a May 2017 report)';

export const homeQuotaRules: HomeQuotaRule[] = [
  // NIT Goa. Until 2016-17 its home-state half was shared by Goa, Dadra and Nagar Haveli, Daman and
  // Diu, and Lakshadweep. From 2017-18, 40% (quota GO) is for Goa alone and 10% (quota HS) for the
  // other three. The OR-CR files show GO from 2017 on and HS/OS only in 2016.
  { instituteId: 'nit-goa', quota: 'HS', states: ['Goa', 'Dadra and Nagar Haveli and Daman and Diu', 'Lakshadweep'], toYear: 2016, source: INDIA_TODAY_GOA },
  { instituteId: 'nit-goa', quota: 'GO', states: ['Goa'], fromYear: 2017, source: `${JOSAA_RULES}; ${INDIA_TODAY_GOA}` },
  {
    instituteId: 'nit-goa',
    quota: 'HS',
    states: ['Dadra and Nagar Haveli and Daman and Diu', 'Lakshadweep'],
    fromYear: 2017,
    source: `${JOSAA_RULES}; ${INDIA_TODAY_GOA}`,
  },
  // NIT Srinagar. Ladakh became a Union Territory on 2019-10-31; from JoSAA 2020 the home seats are
  // split into JK (Jammu and Kashmir) and LA (Ladakh). Before that, HS covered the whole state.
  {
    instituteId: 'nit-srinagar',
    quota: 'HS',
    states: ['Jammu and Kashmir', 'Ladakh'],
    toYear: 2019,
    source: 'Jammu and Kashmir Reorganisation Act, 2019 (Ladakh a separate UT from 2019-10-31); JoSAA OR-CR 2016-2019 (HS quota)',
  },
  { instituteId: 'nit-srinagar', quota: 'JK', states: ['Jammu and Kashmir'], fromYear: 2020, source: `${JOSAA_RULES}; JoSAA OR-CR 2020 onwards (quota JK)` },
  { instituteId: 'nit-srinagar', quota: 'LA', states: ['Ladakh'], fromYear: 2020, source: `${JOSAA_RULES}; JoSAA OR-CR 2020 onwards (quota LA)` },
  // NIT Puducherry: the home-state seats are for the UT of Puducherry (Puducherry, Karaikal, Mahe,
  // Yanam) and for the Andaman and Nicobar Islands, which have no NIT of their own.
  {
    instituteId: 'nit-puducherry',
    quota: 'HS',
    states: ['Puducherry', 'Andaman and Nicobar Islands'],
    source: `${JOSAA_RULES}; NIT Puducherry admissions as summarised in Wikipedia, "National Institute of Technology, Puducherry"`,
  },
  // NIT Warangal, 2016-2019: a separate AP quota for candidates from Andhra Pradesh after the
  // state's division (HS was then for Telangana). The OR-CR files show quota AP in 2016-2019 only.
  {
    instituteId: 'nit-warangal',
    quota: 'AP',
    states: ['Andhra Pradesh'],
    fromYear: 2016,
    toYear: 2019,
    source: 'JoSAA OR-CR 2016-2019 (quota AP at NIT Warangal); Andhra Pradesh Reorganisation Act, 2014',
  },
];

const applies = (r: HomeQuotaRule, instituteId: string, year: number) =>
  r.instituteId === instituteId && (r.fromYear ?? -Infinity) <= year && year <= (r.toYear ?? Infinity);

/**
 * The home states (in the contract's spelling) whose candidates may take a seat of `quota` at the
 * institute in `year`; null when every candidate may (AI).
 */
export function eligibleStates(institute: { id: string; state: string | null }, quota: string, year: number): string[] | null {
  if (quota === 'AI') return null;
  const rules = homeQuotaRules.filter((r) => applies(r, institute.id, year));
  const rule = rules.find((r) => r.quota === quota);
  if (rule) return [...rule.states];
  if (quota === 'HS') {
    if (!institute.state) throw new Error(`HS seats at ${institute.id} but the institute has no state`);
    return [institute.state];
  }
  if (quota === 'OS') {
    const home = new Set<string>(rules.flatMap((r) => r.states));
    if (institute.state) home.add(institute.state);
    return homeStates.filter((s) => !home.has(s));
  }
  throw new Error(`quota '${quota}' at ${institute.id} in ${year} has no rule in home-state-quotas.ts`);
}
