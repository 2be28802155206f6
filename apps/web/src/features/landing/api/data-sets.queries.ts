import type { chanceEndpoints, DataSet } from '@rankwise/contract/chance';
import { queryOptions } from '@tanstack/react-query';
import { api, endpointRef } from '@/lib/api-client.ts';

/**
 * GET /data-sets, named without loading the chance schemas (endpointRef): the landing page reads it, and
 * importing the declaration would bring zod into the landing page's JavaScript (the first-load budget).
 * The type ties method, path and access to the contract's declaration.
 */
const dataSets = endpointRef<typeof chanceEndpoints.dataSets>({ method: 'GET', path: '/data-sets', access: 'public' });

/** The entries the line can print; anything else in the answer is left out rather than shown broken. */
export function printableDataSets(answer: unknown): Pick<DataSet, 'label' | 'updatedOn'>[] {
  const list = answer && typeof answer === 'object' ? (answer as { data?: unknown }).data : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (d): d is DataSet => !!d && typeof d === 'object' && typeof (d as DataSet).label === 'string' && typeof (d as DataSet).updatedOn === 'string',
  );
}

/** The data sets the answers are judged on, with the date each was last updated (they change only with an import). */
export function dataSetsQuery() {
  return queryOptions({
    queryKey: ['data-sets'],
    queryFn: ({ signal }) => api(dataSets, { signal }),
    // Not parsed with the contract's schema (that is zod): a hand-written check of the two fields the line prints.
    select: printableDataSets,
    staleTime: 10 * 60 * 1000,
  });
}
