import { ENGINEERING_PAGE_SIZE, engineeringEndpoints, type EngineeringSort } from '@rankwise/contract/engineering';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { ParsedPreferences } from '../preferences-url.ts';

/** Results of one preference set; visitors get page 1 only (the server enforces it too). */
export function engineeringResultsQuery(prefs: ParsedPreferences, sortBy: EngineeringSort, searchQuery: string, signedIn: boolean, includeReach = false) {
  return infiniteQueryOptions({
    queryKey: ['engineering', 'results', prefs, sortBy, searchQuery, signedIn, includeReach],
    queryFn: ({ pageParam, signal }) =>
      api(engineeringEndpoints.preferences, {
        body: {
          ...prefs,
          // The spec's API spells JEE Main '' (§7); the product's one spelling is mapped here, at the edge.
          examType: prefs.examType === 'MAINS' ? '' : prefs.examType,
          page: pageParam,
          pageSize: ENGINEERING_PAGE_SIZE,
          sortBy,
          searchQuery: signedIn ? searchQuery : '',
          ...(includeReach ? { includeReach } : {}),
        },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (signedIn && last.data.currentPage < last.data.totalPages ? last.data.currentPage + 1 : undefined),
    retry: false,
  });
}
