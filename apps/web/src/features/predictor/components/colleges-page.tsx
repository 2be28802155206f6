import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { LoadMoreSentinel } from '@/components/results/load-more-sentinel.tsx';
import { EmptyResults, ResultsSkeleton, SignedOutOverlay } from '@/components/results/results-states.tsx';
import { SampleCards } from '@/components/results/sample-cards.tsx';
import { SearchBox } from '@/components/results/search-box.tsx';
import { SortSelect } from '@/components/results/sort-select.tsx';
import { useNoPreferencesRedirect, useResultsErrorHandler, useResultsParams } from '@/components/results/use-results-page.ts';
import { useCompare } from '@/lib/stores/compare.ts';
import { useModal } from '@/lib/stores/modals.ts';
import { useSession } from '@/lib/stores/session.ts';
import { engineeringResultsQuery, type EngineeringSort } from '../api/predictor.queries.ts';
import { fromSearchParams } from '../preferences-url.ts';
import { CollegeCard } from './college-card.tsx';

const sortOptions: { value: EngineeringSort; label: string }[] = [
  { value: 'rank', label: 'Closing rank' },
  { value: 'package', label: 'Package' },
  { value: 'fees', label: 'Fees' },
  { value: 'program', label: 'Program' },
  { value: 'college', label: 'College' },
];

export { NO_PREFERENCES_MESSAGE } from '@/components/results/use-results-page.ts';
export const LOAD_ERROR_MESSAGE = 'Error loading colleges. Please try again later.';

export function CollegesPage() {
  const { params, setParam } = useResultsParams();
  const signedIn = useSession((s) => s.accessToken !== null);
  // Until the start-up refresh answers, a signed-in student is not yet known: wait rather than fetch as a visitor.
  const restoring = useSession((s) => s.restoring);
  const openModal = useModal((s) => s.open);
  const { colleges: compared, toggle, clear } = useCompare();
  const prefs = useMemo(() => fromSearchParams(params), [params]);
  const sortBy = (sortOptions.find((o) => o.value === params.get('sortBy'))?.value ?? 'rank') as EngineeringSort;
  const search = params.get('q') ?? '';

  // Spec §4: the comparison list is cleared whenever a results page opens.
  useEffect(() => clear(), [clear]);

  useNoPreferencesRedirect(prefs !== null);

  const query = useInfiniteQuery({ ...engineeringResultsQuery(prefs!, sortBy, search, signedIn), enabled: prefs !== null && !restoring });

  useResultsErrorHandler(query.error, LOAD_ERROR_MESSAGE);

  const colleges = query.data?.pages.flatMap((p) => p.data.colleges) ?? [];
  const total = query.data?.pages[0]?.data.totalDocuments ?? 0;

  const onToggleCompare = (c: (typeof colleges)[number]) => {
    if (!signedIn) return openModal('login');
    if (c.id.startsWith('clg-')) return;
    if (toggle({ id: c.id, collegeName: c['Institute Name'], programName: c['Academic Program Name'] }) === 'full') openModal('collegesAlert');
  };

  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Shape Your Dreams with Us</h1>
      {prefs ? (
        <p className="mt-2 text-slate-700">
          {query.isSuccess ? `${total.toLocaleString('en-IN')} programs your rank ${prefs.rank.toLocaleString('en-IN')} could reach, judged on the latest official closing ranks.` : ' '}
        </p>
      ) : null}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchBox value={search} onSearch={(q) => setParam('q', q)} disabled={!signedIn} placeholder="Search college or program" />
        <SortSelect value={sortBy} options={sortOptions} onChange={(v) => setParam('sortBy', v === 'rank' ? '' : v)} />
      </div>
      {compared.length ? <p className="mt-3 text-sm text-slate-700">{compared.length} of 3 selected for comparison</p> : null}
      <div className="mt-6">
        {query.isPending ? (
          <ResultsSkeleton />
        ) : colleges.length === 0 && query.isSuccess ? (
          <EmptyResults title="No Colleges Found" />
        ) : (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Colleges">
              {colleges.map((c) => (
                <li key={c.id}>
                  <CollegeCard college={c} inCompare={compared.some((x) => x.id === c.id)} onToggleCompare={() => onToggleCompare(c)} />
                </li>
              ))}
            </ul>
            {signedIn ? (
              <>
                <LoadMoreSentinel active={Boolean(query.hasNextPage) && !query.isFetchingNextPage} onVisible={() => void query.fetchNextPage()} />
                {query.isFetchingNextPage ? <p role="status" className="text-center text-slate-700">Loading more colleges…</p> : null}
              </>
            ) : total > colleges.length ? (
              <SignedOutOverlay
                title="Want to see more colleges?"
                text="Sign in to explore more colleges and use all features"
                action="Sign In to Continue"
                onAction={() => openModal('login')}
                sample={<SampleCards />}
              />
            ) : null}
          </>
        )}
      </div>
    </main>
  );
}
