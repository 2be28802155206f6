import { payoutEndpoints, type MarkPaidRequest, type PayoutDetailsRequest } from '@rankwise/contract/payouts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export const payoutKeys = {
  all: ['payouts'] as const,
  details: ['payouts', 'details'] as const,
  report: (from: string, to: string) => ['payouts', 'report', from, to] as const,
};

export const payoutDetailsQuery = queryOptions({
  queryKey: payoutKeys.details,
  queryFn: ({ signal }) => api(payoutEndpoints.details, { signal }),
  staleTime: 0,
});

export function useSavePayoutDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutDetailsRequest) => api(payoutEndpoints.saveDetails, { body }),
    onSuccess: (data) => queryClient.setQueryData(payoutKeys.details, data),
  });
}

export function payoutReportQuery(from: string, to: string) {
  return queryOptions({
    queryKey: payoutKeys.report(from, to),
    queryFn: ({ signal }) => api(payoutEndpoints.report, { query: { from, to }, signal }),
    staleTime: 0,
  });
}

export function useMarkPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkPaidRequest) => api(payoutEndpoints.markPaid, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}
