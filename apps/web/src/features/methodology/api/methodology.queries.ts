import { chanceEndpoints } from '@rankwise/contract/chance';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** The stored backtests and model summaries (they change only when the data is re-imported). */
export function methodologyQuery() {
  return queryOptions({
    queryKey: ['methodology'],
    queryFn: ({ signal }) => api(chanceEndpoints.methodology, { signal }),
    staleTime: 60 * 60 * 1000,
  });
}
