import { startTransition, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { LoadMoreSentinel } from './load-more-sentinel.tsx';
import { ResultsSkeleton } from './results-states.tsx';

/** The cards rendered first (three rows of the widest grid, several screens of a phone); the rest follow at once. */
const FIRST_CARDS = 9;

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
  /** Something every card shows is still on its way (the band ranges): the skeleton stays, so the cards come whole. */
  pending?: boolean;
  renderItem(item: T): ReactNode;
  /** Another view of the whole list (the dense table of wide screens), in place of the cards. */
  renderList?: ((items: T[]) => ReactNode) | null;
  empty: ReactNode;
  loadingMoreText: string;
  overlay: ReactNode;
}) {
  const { query } = props;
  // New cards (35 on a first page) render in the background, not in one long task that would hold a
  // phone's main thread: first the cards of the first screens (FIRST_CARDS), then the rest; until they
  // are ready the skeleton (or the cards so far) stays.
  const [cap, setCap] = useState(FIRST_CARDS);
  const shown = useDeferredValue(Math.min(props.items.length, cap));
  const waiting = query.isPending || !!props.pending;
  useEffect(() => {
    if (!waiting && shown > 0 && cap !== Infinity) startTransition(() => setCap(Infinity));
  }, [waiting, shown, cap]);
  const items = shown === props.items.length ? props.items : props.items.slice(0, shown);
  const caughtUp = shown === props.items.length;
  if (waiting || (items.length === 0 && props.items.length > 0)) return <ResultsSkeleton />;
  if (items.length === 0 && query.isSuccess) return <>{props.empty}</>;
  return (
    <>
      {/* The cards' names are h3: this keeps the outline whole (h1 page, h2 list, h3 card). */}
      <h2 className="sr-only">{props.label}</h2>
      {props.renderList ? (
        props.renderList(items)
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={props.label}>
          {items.map((item) => (
            // Off screen, a card is neither laid out nor painted until it comes near (its last size, or
            // about a phone card's, holds its place): the first render lays out a screen, not 35 cards.
            <li key={item.id} className="[contain-intrinsic-size:auto_300px] [content-visibility:auto]">
              {props.renderItem(item)}
            </li>
          ))}
        </ul>
      )}
      {props.signedIn ? (
        <>
          <LoadMoreSentinel active={caughtUp && query.hasNextPage && !query.isFetchingNextPage} onVisible={() => void query.fetchNextPage()} />
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
