import type { ChoiceList } from '@rankwise/contract/choices';
import { indianGrouping } from '@rankwise/contract/format';
import { useQuery } from '@tanstack/react-query';
import { memo, useDeferredValue, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { catalogueQuery } from '../api/choices.queries.ts';

/**
 * The whole catalogue of the list's counselling open to the student's category and pool, in a neutral
 * order (institute, program, quota, seat type): no ranking, so the student judges for themselves.
 */
export const CatalogueSearch = memo(function CatalogueSearch({
  list,
  student,
  inList,
  onAdd,
}: {
  list: ChoiceList;
  student: Record<string, unknown>;
  /** The seats in the list (a new set only when a seat is added or removed, not on a reorder). */
  inList: ReadonlySet<string>;
  onAdd(id: string): void;
}) {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const q = useDeferredValue(text);
  const str = (k: string) => (typeof student[k] === 'string' ? (student[k] as string) : undefined);
  const query = useQuery(
    catalogueQuery({
      counselling: list.counselling,
      q,
      page,
      category: str('category'),
      gender: list.counselling === 'MCC' ? undefined : (str('gender') as 'Male' | 'Female' | undefined),
      homeState: list.counselling === 'MCC' ? undefined : str('homeState'),
    }),
  );
  const data = query.data?.data;
  return (
    <section className="rounded-xl border border-slate-200 p-3" aria-labelledby="catalogue-title">
      <h3 id="catalogue-title" className="font-semibold text-slate-900">
        Add from the catalogue
      </h3>
      <label className="mt-2 block text-sm text-slate-700" htmlFor="catalogue-search">
        Search institutes and programs
      </label>
      <input
        id="catalogue-search"
        type="search"
        className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
        value={text}
        maxLength={100}
        onChange={(e) => {
          setText(e.target.value);
          setPage(1);
        }}
      />
      {query.isError ? <p className="mt-2 text-sm text-red-700">{errorMessage(query.error, 'The catalogue could not be searched.')}</p> : null}
      {data ? (
        <>
          <p className="mt-2 text-xs text-slate-600">{indianGrouping(data.total)} seats, in alphabetical order of institute and program</p>
          <ul className="mt-2 divide-y divide-slate-100" data-testid="catalogue">
            {data.seats.map((s) => (
              <li key={s.id} className="flex items-center gap-2 py-2">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">{s.institute}</p>
                  <p className="truncate text-xs text-slate-700">
                    {s.program} · {s.quota} · {s.seatType} · {s.gender}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  className="px-3 py-1 text-sm"
                  disabled={inList.has(s.id)}
                  onClick={() => onAdd(s.id)}
                  aria-label={`Add ${s.institute}, ${s.program}, ${s.quota}, ${s.seatType}`}
                >
                  {inList.has(s.id) ? 'In list' : 'Add'}
                </Button>
              </li>
            ))}
          </ul>
          <div className="mt-2 flex items-center justify-between text-sm">
            <Button variant="ghost" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <span>
              Page {data.page} of {Math.max(1, Math.ceil(data.total / data.pageSize))}
            </span>
            <Button variant="ghost" disabled={data.page * data.pageSize >= data.total} onClick={() => setPage((p) => p + 1)}>
              Next
            </Button>
          </div>
        </>
      ) : query.isPending ? (
        <p className="mt-2 text-sm">Loading…</p>
      ) : null}
    </section>
  );
});
