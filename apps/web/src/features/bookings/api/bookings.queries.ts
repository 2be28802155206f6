import { bookingEndpoints, type PaymentRequest, type VerifyRequest } from '@rankwise/contract/bookings';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export const bookingKeys = {
  slots: (counsellorId: string) => ['bookings', 'slots', counsellorId] as const,
};

/** A counsellor's held and booked slots; read afresh each time the booking modal opens. */
export function bookedSlotsQuery(counsellorId: string) {
  return queryOptions({
    queryKey: bookingKeys.slots(counsellorId),
    queryFn: ({ signal }) => api(bookingEndpoints.slots, { params: { counsellorId }, signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useStartPayment() {
  return useMutation({ mutationFn: (body: PaymentRequest) => api(bookingEndpoints.payment, { body }) });
}

export function useVerifyPayment(counsellorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerifyRequest) => api(bookingEndpoints.verify, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.slots(counsellorId) }),
  });
}
