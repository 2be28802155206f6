import { appEndpoints, type PublicConfig } from '@rankwise/contract/app';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

const fallback: PublicConfig = {
  productName: 'Rankwise',
  companyLegalName: 'Rankwise Education Technologies Private Limited',
  supportEmail: 'support@rankwise.in',
  google: null,
  payments: { mode: 'production', sdkUrl: 'https://sdk.cashfree.com/js/v3/cashfree.js', testPayments: false },
};

export const appConfigQuery = queryOptions({
  queryKey: ['app', 'config'],
  queryFn: () => api(appEndpoints.config),
});

/** Run-time configuration (names, support address, sign-in options); sensible defaults until it loads. */
export function useAppConfig(): PublicConfig {
  return useQuery(appConfigQuery).data ?? fallback;
}
