import { sessionEndpoints, type CounsellorOutcome, type DecideRequest } from '@rankwise/contract/sessions';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** The counsellor's dashboard and the admin's disputes: read afresh on each visit. */
export const dashboardKeys = {
  all: ['counsellor-sessions'] as const,
  sessions: ['counsellor-sessions', 'list'] as const,
  earnings: ['counsellor-sessions', 'earnings'] as const,
  disputes: ['counsellor-sessions', 'disputes'] as const,
};

/** One page of upcoming and one of past sessions (issue 24: every session, paged). */
export function counsellorSessionsQuery(upcomingPage: number, pastPage: number) {
  return queryOptions({
    queryKey: [...dashboardKeys.sessions, upcomingPage, pastPage],
    queryFn: ({ signal }) => api(sessionEndpoints.counsellorSessions, { query: { upcomingPage, pastPage }, signal }),
    staleTime: 0,
    refetchOnMount: 'always',
    placeholderData: (previous) => previous,
  });
}

export const earningsQuery = queryOptions({
  queryKey: dashboardKeys.earnings,
  queryFn: ({ signal }) => api(sessionEndpoints.earnings, { signal }),
  staleTime: 0,
  refetchOnMount: 'always',
});

export const disputesQuery = queryOptions({
  queryKey: dashboardKeys.disputes,
  queryFn: ({ signal }) => api(sessionEndpoints.disputes, { signal }),
  staleTime: 0,
  refetchOnMount: 'always',
});

/** Every action changes the sessions, and maybe the money: both are read again. */
function useDashboardAction<V>(fn: (v: V) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.all }) });
}

export const useCounsellorCancel = () => useDashboardAction((id: string) => api(sessionEndpoints.counsellorCancel, { params: { id } }));
export const useMarkOutcome = () =>
  useDashboardAction(({ id, outcome }: { id: string; outcome: CounsellorOutcome }) => api(sessionEndpoints.outcome, { params: { id }, body: { outcome } }));
export const useMissed = () => useDashboardAction((id: string) => api(sessionEndpoints.missed, { params: { id } }));
export const useDispute = () =>
  useDashboardAction(({ id, note }: { id: string; note: string }) => api(sessionEndpoints.dispute, { params: { id }, body: { note } }));
export const useDecide = () => useDashboardAction(({ id, ...body }: DecideRequest & { id: string }) => api(sessionEndpoints.decide, { params: { id }, body }));
