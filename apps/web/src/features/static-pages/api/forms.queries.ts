import { appEndpoints, type FeedbackRequest, type HelpRequest } from '@rankwise/contract/app';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export function useSendHelpRequest() {
  return useMutation({ mutationFn: (body: HelpRequest) => api(appEndpoints.help, { body }) });
}

export function useSendFeedback() {
  return useMutation({ mutationFn: (body: FeedbackRequest) => api(appEndpoints.feedback, { body }) });
}
