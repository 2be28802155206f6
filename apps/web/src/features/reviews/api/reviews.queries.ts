import { reviewEndpoints, type ReviewForm } from '@rankwise/contract/reviews';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export const reviewKeys = {
  all: ['reviews'] as const,
  counsellor: (counsellorId: string) => ['reviews', counsellorId] as const,
};

/**
 * A short, non-reversible mark of the access token: part of the query key, so the reviews are
 * fetched again whenever the token changes (spec §4 Review form), without the token in the cache.
 */
export function tokenMark(token: string | null): string {
  if (!token) return 'signed-out';
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/** `GET /reviews/get-reviews?counsellorId=`: the list, average, count and whether this user may review. */
export function reviewsQuery(counsellorId: string, token: string | null) {
  return queryOptions({
    queryKey: [...reviewKeys.counsellor(counsellorId), tokenMark(token)] as const,
    queryFn: ({ signal }) => api(reviewEndpoints.list, { query: { counsellorId }, signal }),
    staleTime: 0,
  });
}

export function useSendReview(counsellorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewForm) => api(reviewEndpoints.send, { body }),
    // The list, the average and the permission all change; the counsellor cards' ratings too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.counsellor(counsellorId) }),
        queryClient.invalidateQueries({ queryKey: ['counsellors', 'list'] }),
      ]),
  });
}
