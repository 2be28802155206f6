import { collegesEndpoints, type FamilyIncomeBand } from '@rankwise/contract/colleges';
import type { EngineeringCategory } from '@rankwise/contract/engineering';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import type { SeatRef } from '@/lib/college-links.ts';

/** Spec §7 college info: fresh for 5 minutes, cached for 30. */
const FRESH_MS = 5 * 60_000;
const CACHED_MS = 30 * 60_000;

export function aboutCollegeQuery(collegeName: string, category: EngineeringCategory | undefined, familyIncome: FamilyIncomeBand | undefined) {
  return queryOptions({
    queryKey: ['colleges', 'about', collegeName, { category, familyIncome }],
    queryFn: ({ signal }) => api(collegesEndpoints.aboutCollege, { body: { instituteName: collegeName, category, familyIncome }, signal }),
    staleTime: FRESH_MS,
    gcTime: CACHED_MS,
  });
}

export function seatsQuery(instituteId: string) {
  return queryOptions({
    queryKey: ['colleges', 'seats', instituteId],
    queryFn: ({ signal }) => api(collegesEndpoints.seats, { params: { id: instituteId }, signal }),
    staleTime: FRESH_MS,
    gcTime: CACHED_MS,
  });
}

export function historyQuery(instituteId: string, seat: SeatRef) {
  return queryOptions({
    queryKey: ['colleges', 'history', instituteId, seat],
    queryFn: ({ signal }) => api(collegesEndpoints.history, { params: { id: instituteId }, query: seat, signal }),
    staleTime: FRESH_MS,
    gcTime: CACHED_MS,
  });
}
