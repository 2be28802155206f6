import { engineeringPreferencesSchema, type EngineeringPreferences, type EngineeringPreferencesInput } from '@rankwise/contract/engineering';

/** Preferences live in the URL (STYLE.md): the results page reads them back from the query string. */
export function toSearchParams(p: EngineeringPreferencesInput): URLSearchParams {
  const s = new URLSearchParams();
  s.set('examType', p.examType === '' ? 'MAINS' : String(p.examType));
  s.set('rank', String(p.rank));
  if (p.crlRank !== undefined && p.crlRank !== null && String(p.crlRank) !== '') s.set('crlRank', String(p.crlRank));
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
  const examType = s.get('examType');
  const parsed = engineeringPreferencesSchema.safeParse({
    rank: s.get('rank'),
    crlRank: s.get('crlRank') ?? undefined,
    examType: examType === 'MAINS' ? '' : examType,
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
