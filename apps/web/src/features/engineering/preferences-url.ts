import { engineeringPreferencesSchema, type EngineeringPreferences, type EngineeringPreferencesInput } from '@rankwise/contract/engineering';

/** Preferences live in the URL (STYLE.md): the results page reads them back from the query string. */
export function toSearchParams(p: EngineeringPreferencesInput): URLSearchParams {
  const s = new URLSearchParams();
  s.set('examType', p.examType);
  s.set('rank', String(p.rank));
  if (p.crlRank !== undefined && p.crlRank !== null && String(p.crlRank) !== '') s.set('crlRank', String(p.crlRank));
  for (const k of ['archRank', 'planningRank'] as const) if (p[k] !== undefined && p[k] !== null && String(p[k]) !== '') s.set(k, String(p[k]));
  if (p.seatType) s.set('seatType', String(p.seatType));
  s.set('gender', String(p.gender));
  s.set('homeState', String(p.homeState));
  for (const b of p.branch ?? []) s.append('branch', b);
  for (const k of ['sportsFacility', 'hostelFacility', 'messFacility'] as const) s.set(k, p[k] === false || p[k] === 'No' ? 'No' : 'Yes');
  return s;
}

export type ParsedPreferences = Omit<EngineeringPreferences, 'page' | 'pageSize' | 'sortBy' | 'searchQuery' | 'includeReach'>;

/** The preferences in a query string, or null when there are none or they are not valid. */
export function fromSearchParams(s: URLSearchParams): ParsedPreferences | null {
  if (!s.get('rank')) return null;
  const parsed = engineeringPreferencesSchema.safeParse({
    rank: s.get('rank'),
    crlRank: s.get('crlRank') ?? undefined,
    archRank: s.get('archRank') ?? undefined,
    planningRank: s.get('planningRank') ?? undefined,
    examType: s.get('examType'),
    seatType: s.get('seatType') ?? undefined,
    gender: s.get('gender'),
    homeState: s.get('homeState'),
    branch: s.getAll('branch'),
    sportsFacility: s.get('sportsFacility') ?? undefined,
    hostelFacility: s.get('hostelFacility') ?? undefined,
    messFacility: s.get('messFacility') ?? undefined,
  });
  if (!parsed.success) return null;
  // The Reach switch lives beside the preferences in the URL (reach=1), like sort and search.
  const { page: _p, pageSize: _ps, sortBy: _s, searchQuery: _q, includeReach: _r, ...prefs } = parsed.data;
  return prefs;
}

/** The results of a preference set. */
export function resultsUrl(p: EngineeringPreferencesInput): string {
  return `/colleges?${toSearchParams(p).toString()}`;
}

/** The start page's engineering form filled with a preference set (the results page's Edit link, Adjust Preferences). */
export function editUrl(p: ParsedPreferences): string {
  return `/start?stream=engineering&${toSearchParams(p).toString()}`;
}

const yesNo = (v: boolean): 'Yes' | 'No' => (v ? 'Yes' : 'No');

/** The form's fields for a preference set read from the URL (CSAB keeps its optional category apart). */
export function formValuesOf(p: ParsedPreferences) {
  const csab = p.examType === 'CSAB';
  return {
    examType: p.examType,
    seatType: csab ? '' : (p.seatType ?? ''),
    csabSeatType: csab ? (p.seatType ?? '') : '',
    rank: String(p.rank),
    crlRank: p.crlRank === undefined ? '' : String(p.crlRank),
    archRank: p.archRank === undefined ? '' : String(p.archRank),
    planningRank: p.planningRank === undefined ? '' : String(p.planningRank),
    gender: p.gender,
    homeState: p.homeState,
    branch: [...p.branch],
    sportsFacility: yesNo(p.sportsFacility),
    hostelFacility: yesNo(p.hostelFacility),
    messFacility: yesNo(p.messFacility),
  };
}

export const examLabels = { MAINS: 'JEE Mains', IIT: 'JEE Advanced', CSAB: 'CSAB' } as const;

/** What the results page shows of the preferences it was asked for, in the form's words. */
export function preferenceSummary(p: ParsedPreferences): { label: string; value: string }[] {
  const category = p.seatType ?? 'OPEN';
  const reserved = category !== 'OPEN';
  return [
    { label: 'Exam', value: examLabels[p.examType] },
    { label: 'Category', value: p.examType === 'CSAB' && !p.seatType ? 'OPEN (default)' : category },
    { label: p.examType === 'CSAB' ? 'JEE Main CRL rank' : reserved ? 'Category rank' : 'General rank', value: p.rank.toLocaleString('en-IN') },
    ...(p.crlRank !== undefined && reserved && p.examType !== 'CSAB' ? [{ label: 'CRL rank', value: p.crlRank.toLocaleString('en-IN') }] : []),
    ...(p.archRank !== undefined && p.examType !== 'IIT' ? [{ label: 'Paper 2A (B.Arch) rank', value: p.archRank.toLocaleString('en-IN') }] : []),
    ...(p.planningRank !== undefined && p.examType !== 'IIT' ? [{ label: 'Paper 2B (B.Planning) rank', value: p.planningRank.toLocaleString('en-IN') }] : []),
    { label: 'Gender', value: p.gender },
    { label: 'Home state', value: p.homeState },
    { label: 'Branches', value: p.branch.length ? p.branch.join(', ') : 'All branches' },
  ];
}
