import type { ReactNode } from 'react';
import { LoadMoreSentinel } from './load-more-sentinel.tsx';
import { ResultsSkeleton } from './results-states.tsx';

type PagedQuery = { isPending: boolean; isSuccess: boolean; hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage(): unknown };

/**
 * The body of a results page (spec §2): a skeleton while loading, the empty state, or the grid of
 * cards followed by infinite scroll (signed in) or the sign-in overlay (visitors, when more match).
 */
export function ResultsGrid<T extends { id: string }>(props: {
  query: PagedQuery;
  items: T[];
  total: number;
  signedIn: boolean;
  label: string;
  renderItem(item: T): ReactNode;
  empty: ReactNode;
  loadingMoreText: string;
  overlay: ReactNode;
}) {
  const { query, items } = props;
  if (query.isPending) return <ResultsSkeleton />;
  if (items.length === 0 && query.isSuccess) return <>{props.empty}</>;
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={props.label}>
        {items.map((item) => (
          <li key={item.id}>{props.renderItem(item)}</li>
        ))}
      </ul>
      {props.signedIn ? (
        <>
          <LoadMoreSentinel active={query.hasNextPage && !query.isFetchingNextPage} onVisible={() => void query.fetchNextPage()} />
          {query.isFetchingNextPage ? (
            <p role="status" className="text-center text-slate-700">
              {props.loadingMoreText}
            </p>
          ) : null}
        </>
      ) : props.total > items.length ? (
        props.overlay
      ) : null}
    </>
  );
}
