import { chanceEndpoints } from '@rankwise/contract/chance';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** The data sets the answers are judged on, with the date each was last updated (they change only with an import). */
export function dataSetsQuery() {
  return queryOptions({
    queryKey: ['data-sets'],
    queryFn: ({ signal }) => api(chanceEndpoints.dataSets, { signal }),
    staleTime: 10 * 60 * 1000,
  });
}
