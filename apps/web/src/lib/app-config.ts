import type { appEndpoints, PublicConfig } from '@rankwise/contract/app';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, endpointRef } from './api-client.ts';

const fallback: PublicConfig = {
  productName: 'Rankwise',
  companyLegalName: 'Rankwise Education Technologies Private Limited',
  supportEmail: 'support@rankwise.in',
  google: null,
  payments: { mode: 'production', sdkUrl: 'https://sdk.cashfree.com/js/v3/cashfree.js', testPayments: false },
  priceOffer: null,
};

export const appConfigQuery = queryOptions({
  queryKey: ['app', 'config'],
  // Every page's footer reads it: named without loading the contract's schemas (endpointRef).
  queryFn: () => api(endpointRef<typeof appEndpoints.config>({ method: 'GET', path: '/app/config', access: 'public' })),
});

/** Run-time configuration (names, support address, sign-in options); sensible defaults until it loads. */
export function useAppConfig(): PublicConfig {
  return useQuery(appConfigQuery).data ?? fallback;
}
