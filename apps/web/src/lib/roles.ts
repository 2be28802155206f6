import { counsellorEndpoints } from '@rankwise/contract/counsellors';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** The signed-in user's roles, so the menu can link an admin's pages (the server checks the role on every admin call). */
export const rolesQuery = queryOptions({
  queryKey: ['account', 'roles'],
  queryFn: ({ signal }) => api(counsellorEndpoints.myRoles, { signal }),
  staleTime: 5 * 60_000,
});

/** The admin pages, as the account menu lists them. */
export const adminLinks = [
  { to: '/admin/counsellors', label: 'Admin: counsellor applications' },
  { to: '/admin/profile-changes', label: 'Admin: profile changes' },
  { to: '/admin/disputes', label: 'Admin: session disputes' },
  { to: '/admin/payouts', label: 'Admin: payouts' },
] as const;
