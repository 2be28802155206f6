import { counsellingLabels } from '@rankwise/contract/choices';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { errorMessage } from '@/lib/api-client.ts';
import { outcomesQuery, sharedQuery } from '../api/choices.queries.ts';
import { ChoiceRow } from './choice-rows.tsx';

const noop = () => {};

/** /choices/shared/:token: a list shared read-only, opened without an account (a parent, a counsellor). */
export function SharedListPage() {
  const { token = '' } = useParams();
  const shared = useQuery(sharedQuery(token));
  const list = shared.data?.data;
  const ids = list?.items.map((c) => c.id) ?? [];
  const outcomes = useQuery({ ...outcomesQuery(list?.counselling ?? 'JoSAA', list?.student ?? {}, ids), enabled: !!list });
  return (
    <main className="mx-auto w-full max-w-5xl px-3 py-8 sm:px-4">
      {shared.isPending ? <p>Loading the shared list…</p> : null}
      {shared.isError ? (
        <>
          <h1 className="text-2xl font-bold text-slate-900">Shared choice list</h1>
          <p className="mt-4 text-red-700">{errorMessage(shared.error, 'This list could not be opened.')}</p>
        </>
      ) : null}
      {list ? (
        <>
          <h1 className="text-2xl font-bold text-slate-900">{list.name}</h1>
          <p className="mt-1 text-sm text-slate-700">
            {counsellingLabels[list.counselling]} choice list shared by {list.owner} · read-only · last changed{' '}
            {new Date(list.updatedAt).toLocaleString('en-IN')}
          </p>
          <p className="mt-3 text-sm text-slate-800" data-testid="none-percent">
            Chance of ending with no seat: {outcomes.data ? `${outcomes.data.data.nonePercent}%` : outcomes.isError ? 'NA' : '…'}
          </p>
          {outcomes.data?.data.warnings.length ? (
            <ul className="mt-3 space-y-1 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              {outcomes.data.data.warnings.map((w, i) => (
                <li key={i}>{w.message}</li>
              ))}
            </ul>
          ) : null}
          <ol className="mt-4 overflow-hidden rounded-xl border border-slate-200" aria-label="The choices, in order" data-testid="choice-list">
            {list.items.map((c, i) => (
              <ChoiceRow
                key={`${c.id}#${i}`}
                index={i}
                count={list.items.length}
                item={{ ...c, key: c.id }}
                outcome={outcomes.data?.data.choices[i]}
                readOnly
                onMove={noop}
                onRemove={noop}
                onNote={noop}
              />
            ))}
          </ol>
        </>
      ) : null}
    </main>
  );
}
