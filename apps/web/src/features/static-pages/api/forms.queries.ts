import type { FeedbackRequest, HelpRequest, MessageResponse } from '@rankwise/contract/app';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

export function useSendHelpRequest() {
  return useMutation({ mutationFn: (body: HelpRequest) => apiRequest<MessageResponse>('POST', '/app/help', { body }) });
}

export function useSendFeedback() {
  return useMutation({ mutationFn: (body: FeedbackRequest) => apiRequest<MessageResponse>('POST', '/app/feedback', { body }) });
}
