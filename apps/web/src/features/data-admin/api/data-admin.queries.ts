import { dataAdminEndpoints, type AddRoundQuery } from '@rankwise/contract/data-admin';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export const dataAdminKeys = { rounds: ['data-admin', 'rounds'] as const };

/** The rounds operators added (read afresh on each visit). */
export const addedRoundsQuery = queryOptions({
  queryKey: dataAdminKeys.rounds,
  queryFn: ({ signal }) => api(dataAdminEndpoints.addedRounds, { signal }),
  staleTime: 0,
  refetchOnMount: 'always',
});

/** Checks (check: 'true') or adds a round; a refused file is an ApiError with every problem in fieldErrors.file. */
export function useAddRound() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, query }: { file: File; query: AddRoundQuery }) => api(dataAdminEndpoints.addRound, { query, file }),
    onSuccess: (r) => {
      // A round that went live changes every answer and the data line.
      if (r.data.status === 'live') void client.invalidateQueries();
    },
  });
}
