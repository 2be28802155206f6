import { medicalEndpoints, type MedicalSort } from '@rankwise/contract/medical';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { MedicalFormPreferences } from '../preferences-url.ts';
import { firstMedicalPage, nextMedicalPage, type MedicalPageParam } from './medical-paging.ts';

/** Results of one preference set; visitors get the first page only (the server enforces it too). */
export function medicalResultsQuery(prefs: MedicalFormPreferences, sortBy: MedicalSort, searchQuery: string, signedIn: boolean, includeReach = false) {
  return infiniteQueryOptions({
    queryKey: ['medical', 'results', prefs, sortBy, searchQuery, signedIn, includeReach],
    queryFn: async ({ pageParam, signal }) => {
      const res = await api(medicalEndpoints.preferences, {
        body: {
          ...prefs,
          examType: 'NEET',
          page: pageParam.page,
          pageSize: pageParam.pageSize,
          sortBy,
          searchQuery: signedIn ? searchQuery : '',
          // Sent only when on, so the spec's request is unchanged by default.
          ...(includeReach ? { includeReach } : {}),
        },
        signal,
      });
      // Rows already shown from the smaller first page are dropped (see medical-paging.ts).
      return { ...res, data: { ...res.data, colleges: res.data.colleges.slice(pageParam.skip) } };
    },
    initialPageParam: firstMedicalPage as MedicalPageParam,
    getNextPageParam: (last, _all, lastParam) => (signedIn ? nextMedicalPage(lastParam, last.data.totalDocuments) : undefined),
    retry: false,
  });
}

/** The form's course catalogue, grouped by degree. */
export function medicalCoursesQuery() {
  return queryOptions({
    queryKey: ['medical', 'courses'],
    queryFn: ({ signal }) => api(medicalEndpoints.courses, { signal }),
  });
}
