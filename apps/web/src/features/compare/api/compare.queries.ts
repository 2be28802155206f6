import { collegesEndpoints, type CompareItem } from '@rankwise/contract/colleges';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { CompareStudent } from '@/lib/stores/compare.ts';

/** Spec §7 college info: fresh for 5 minutes, cached for 30. */
const FRESH_MS = 5 * 60_000;
const CACHED_MS = 30 * 60_000;

/** The compared colleges, refetched whenever the list or the student's context changes (spec §4). */
export function compareQuery(entries: (CompareItem & { chance?: unknown })[], student: CompareStudent) {
  const { homeState, pinCode, category, familyIncome } = student;
  // The chance each entry carries is the results page's, shown as it is: not part of the call.
  const colleges = entries.map(({ chance: _chance, ...item }) => item);
  return queryOptions({
    queryKey: ['colleges', 'compare', colleges, { homeState, pinCode, category, familyIncome }],
    queryFn: ({ signal }) => api(collegesEndpoints.compare, { body: { data: colleges, homeState, pinCode, category, familyIncome }, signal }),
    staleTime: FRESH_MS,
    gcTime: CACHED_MS,
    retry: false,
  });
}
