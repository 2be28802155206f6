import { appEndpoints, type ContactRequest } from '@rankwise/contract/app';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export function useSendContactMessage() {
  return useMutation({ mutationFn: (body: ContactRequest) => api(appEndpoints.contact, { body }) });
}
