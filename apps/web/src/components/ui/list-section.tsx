import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client.ts';

/** A titled list of cards (or a line saying there are none). */
export function ListSection<T extends { id: string }>({
  title,
  items,
  empty,
  children,
}: {
  title: string;
  items: readonly T[];
  empty: string;
  children(item: T): ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {items.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="grid gap-4">
          {items.map((item) => (
            <li key={item.id}>{children(item)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

type Lists<T> = { upcoming: T[]; past: T[] };

/** A query's upcoming and past items as two titled lists, with its loading and error states. */
export function UpcomingAndPast<T extends { id: string }>(p: {
  query: UseQueryResult<{ data: Lists<T> }>;
  titles: { upcoming: string; past: string };
  loading: string;
  failed: string;
  children(item: T, upcoming: boolean): ReactNode;
  /** After the lists (e.g. a way on when both are empty). */
  after?(lists: Lists<T>): ReactNode;
}) {
  const { query } = p;
  if (query.isPending) return <p role="status">{p.loading}</p>;
  if (query.isError) return <p role="alert">{errorMessage(query.error, p.failed)}</p>;
  const lists = query.data.data;
  return (
    <>
      <ListSection title={p.titles.upcoming} items={lists.upcoming} empty="No upcoming sessions.">
        {(item) => p.children(item, true)}
      </ListSection>
      <ListSection title={p.titles.past} items={lists.past} empty="No past sessions yet.">
        {(item) => p.children(item, false)}
      </ListSection>
      {p.after?.(lists)}
    </>
  );
}
