import type { ContactRequest, MessageResponse } from '@rankwise/contract/app';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

export function useSendContactMessage() {
  return useMutation({ mutationFn: (body: ContactRequest) => apiRequest<MessageResponse>('POST', '/app/contact', { body }) });
}
