import { sessionEndpoints, type RescheduleRequest } from '@rankwise/contract/sessions';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export const sessionKeys = {
  all: ['sessions'] as const,
  mine: ['sessions', 'mine'] as const,
};

/** The student's sessions; read afresh on each visit (times pass, refunds move on). */
export const mySessionsQuery = queryOptions({
  queryKey: sessionKeys.mine,
  queryFn: ({ signal }) => api(sessionEndpoints.mine, { signal }),
  staleTime: 0,
  refetchOnMount: 'always',
});

/** Each action answers with a message; the list and the counsellor's slots change. */
function useSessionAction<V>(fn: (v: V) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: sessionKeys.all }), queryClient.invalidateQueries({ queryKey: ['bookings', 'slots'] })]),
  });
}

export const useCancelSession = () => useSessionAction((id: string) => api(sessionEndpoints.cancel, { params: { id } }));
export const useReportAbsence = () => useSessionAction((id: string) => api(sessionEndpoints.reportAbsence, { params: { id } }));
export const useReschedule = () =>
  useSessionAction(({ id, ...body }: RescheduleRequest & { id: string }) => api(sessionEndpoints.reschedule, { params: { id }, body }));

/** The session's .ics, fetched when asked for (the call carries the access token, so no plain link). */
export function fetchCalendar(id: string) {
  return api(sessionEndpoints.calendar, { params: { id } });
}
