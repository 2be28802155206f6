import { bookingEndpoints } from '@rankwise/contract/bookings';
import {
  counsellorEndpoints,
  type CounsellorApplicationInput,
  type CounsellorProfileUpdateInput,
  type CounsellorStatus,
  type ReviewApplicationRequest,
  type StudentEmailConfirm,
  type StudentEmailStart,
} from '@rankwise/contract/counsellors';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** Spec §7: counsellor data is fresh for 5 minutes. */
const FIVE_MINUTES = 5 * 60_000;

export const counsellorKeys = {
  all: ['counsellors'] as const,
  list: (collegeName: string) => ['counsellors', 'list', collegeName] as const,
  me: ['counsellors', 'me'] as const,
  applications: (status: CounsellorStatus) => ['counsellors', 'applications', status] as const,
};

/** `POST /counselor/all`: one college's counsellors, or everyone's when the name is empty. */
export function counsellorListQuery(collegeName: string) {
  return queryOptions({
    queryKey: counsellorKeys.list(collegeName),
    queryFn: ({ signal }) => api(counsellorEndpoints.list, { body: collegeName ? { instituteName: collegeName } : {}, signal }),
    staleTime: FIVE_MINUTES,
  });
}

export const collegeOptionsQuery = queryOptions({
  queryKey: ['counsellors', 'colleges'],
  queryFn: ({ signal }) => api(counsellorEndpoints.colleges, { signal }),
  staleTime: Infinity,
});

export const ownProfileQuery = queryOptions({
  queryKey: counsellorKeys.me,
  queryFn: ({ signal }) => api(counsellorEndpoints.me, { signal }),
  staleTime: 0,
});

export function applicationsQuery(status: CounsellorStatus) {
  return queryOptions({
    queryKey: counsellorKeys.applications(status),
    queryFn: ({ signal }) => api(counsellorEndpoints.applications, { query: { status }, signal }),
    staleTime: 0,
  });
}

/** The payment that brought the student back here (Cashfree's return_url), checked once. */
export function returnedPaymentQuery(orderId: string) {
  return queryOptions({
    queryKey: ['bookings', 'returned', orderId],
    queryFn: () => api(bookingEndpoints.verify, { body: { order_id: orderId } }),
    staleTime: Infinity,
    retry: false,
  });
}

function useInvalidateCounsellors() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: counsellorKeys.all });
}

export function useApply() {
  const invalidate = useInvalidateCounsellors();
  return useMutation({ mutationFn: (body: CounsellorApplicationInput) => api(counsellorEndpoints.apply, { body }), onSuccess: invalidate });
}

export function useUpdateProfile() {
  const invalidate = useInvalidateCounsellors();
  return useMutation({ mutationFn: (body: CounsellorProfileUpdateInput) => api(counsellorEndpoints.updateMe, { body }), onSuccess: invalidate });
}

export function useUploadPhoto() {
  const invalidate = useInvalidateCounsellors();
  return useMutation({ mutationFn: (file: File) => api(counsellorEndpoints.uploadPhoto, { file }), onSuccess: invalidate });
}

export function useReviewApplication() {
  const invalidate = useInvalidateCounsellors();
  return useMutation({
    mutationFn: ({ id, ...body }: ReviewApplicationRequest & { id: string }) => api(counsellorEndpoints.review, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

// Proof of enrolment (docs/decisions 0026).
export const proofStatusQuery = queryOptions({
  queryKey: ['counsellors', 'proof'],
  queryFn: ({ signal }) => api(counsellorEndpoints.proofStatus, { signal }),
  staleTime: 0,
});

export function useStartEmailProof() {
  return useMutation({ mutationFn: (body: StudentEmailStart) => api(counsellorEndpoints.startEmailProof, { body }) });
}

export function useConfirmEmailProof() {
  const invalidate = useInvalidateCounsellors();
  return useMutation({ mutationFn: (body: StudentEmailConfirm) => api(counsellorEndpoints.confirmEmailProof, { body }), onSuccess: invalidate });
}

export function useUploadIdCard() {
  const invalidate = useInvalidateCounsellors();
  return useMutation({ mutationFn: (file: File) => api(counsellorEndpoints.uploadIdCard, { file }), onSuccess: invalidate });
}

/** Admin: an applicant's ID card, fetched when the admin opens it. */
export function applicationIdCardQuery(id: string) {
  return queryOptions({
    queryKey: ['counsellors', 'id-card', id],
    queryFn: ({ signal }) => api(counsellorEndpoints.applicationIdCard, { params: { id }, signal }),
    staleTime: 0,
    retry: false,
  });
}

export const profileChangesQuery = queryOptions({
  queryKey: ['counsellors', 'profile-changes'],
  queryFn: ({ signal }) => api(counsellorEndpoints.profileChanges, { signal }),
  staleTime: 0,
});

export function useReviewProfileChange() {
  const invalidate = useInvalidateCounsellors();
  return useMutation({
    mutationFn: ({ id, ...body }: ReviewApplicationRequest & { id: string }) => api(counsellorEndpoints.reviewProfileChange, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

// A college with no counsellor yet.
export function similarCounsellorsQuery(collegeName: string) {
  return queryOptions({
    queryKey: ['counsellors', 'similar', collegeName],
    queryFn: ({ signal }) => api(counsellorEndpoints.similar, { body: { instituteName: collegeName }, signal }),
    staleTime: FIVE_MINUTES,
  });
}

export function useWatchCollege() {
  return useMutation({ mutationFn: (body: { instituteName: string; email: string }) => api(counsellorEndpoints.watch, { body }) });
}

/** The stop link of a 'tell me when a counsellor joins' mail: one click, answered once. */
export function stopWatchQuery(token: string) {
  return queryOptions({
    queryKey: ['counsellors', 'stop-watch', token],
    queryFn: () => api(counsellorEndpoints.stopWatch, { body: { token } }),
    staleTime: Infinity,
    retry: false,
  });
}
