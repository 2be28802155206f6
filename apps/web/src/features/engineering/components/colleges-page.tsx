import { engineeringSortOptions as sortOptions } from '@rankwise/contract/engineering';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { AppliedPreferences } from '@/components/results/applied-preferences.tsx';
import { BandRange, BandRangeLegend, useBandRanges } from '@/components/results/band-range.tsx';
import { CompareBar } from '@/components/results/compare-bar.tsx';
import { ResultsGrid } from '@/components/results/results-grid.tsx';
import { EmptyResults, SignedOutOverlay } from '@/components/results/results-states.tsx';
import { ResultsToolbar } from '@/components/results/results-toolbar.tsx';
import { useResultsErrorHandler, useResultsPage } from '@/components/results/use-results-page.ts';
import { useWideScreen } from '@/components/results/use-wide-screen.ts';
import { useCompare } from '@/lib/stores/compare.ts';
import { useModal } from '@/lib/stores/modals.ts';
import { engineeringResultsQuery } from '../api/engineering.queries.ts';
import { editUrl, examLabels, fromSearchParams, preferenceSummary } from '../preferences-url.ts';
import { CollegeCard } from './college-card.tsx';
import { ResultsTable, ViewSwitch } from './results-table.tsx';

export const LOAD_ERROR_MESSAGE = 'Error loading colleges. Please try again later.';

export function CollegesPage() {
  const page = useResultsPage(fromSearchParams, sortOptions);
  const { prefs, sortBy, search, includeReach, signedIn, ready } = page;
  const [params, setParams] = useSearchParams();
  const wide = useWideScreen();
  const view = wide && params.get('view') === 'table' ? 'table' : 'cards';
  const setView = (v: 'cards' | 'table') => {
    const next = new URLSearchParams(params);
    if (v === 'table') next.set('view', 'table');
    else next.delete('view');
    setParams(next, { replace: true });
  };
  const openModal = useModal((s) => s.open);
  const editTo = prefs ? editUrl(prefs) : '/start';
  const { colleges: compared, toggle } = useCompare();

  const query = useInfiniteQuery({ ...engineeringResultsQuery(prefs!, sortBy, search, signedIn, includeReach), enabled: ready });
  // The cards wait for the band ranges (one small stored answer, asked at the same time) so they arrive whole.
  const ranges = useBandRanges('josaa');
  useResultsErrorHandler(query.error, LOAD_ERROR_MESSAGE);

  const colleges = query.data?.pages.flatMap((p) => p.data.colleges) ?? [];
  const total = query.data?.pages[0]?.data.totalDocuments ?? 0;
  // What the results are judged on: 'JoSAA 2026 round 5 (round 6 not yet in our data)' (issue 22).
  const judgedOn = query.data?.pages[0]?.data.referenceLabel ?? 'past counselling rounds';
  const reachable = (count: string, label: string) =>
    `${count} ${total === 1 ? 'program' : 'programs'} your rank ${prefs?.rank.toLocaleString('en-IN')} could reach, judged on the official closing ranks of ${label}${includeReach ? ', with reach seats' : ''}.`;

  const onToggleCompare = (c: (typeof colleges)[number]) => {
    if (!signedIn) return openModal('login');
    if (c.id.startsWith('clg-')) return;
    const rank = { rank: prefs?.rank, crlRank: prefs?.crlRank, archRank: prefs?.archRank, planningRank: prefs?.planningRank }[c.matchedOn];
    const item = {
      id: c.id,
      collegeName: c['Institute Name'],
      instituteId: c.instituteId,
      programName: c['Academic Program Name'],
      quota: c.quota,
      seatType: c.seatType,
      gender: c.gender,
      ...(rank !== undefined && prefs
        ? {
            chance: {
              percent: c.percent,
              band: c.band,
              rank,
              exam: `${examLabels[prefs.examType]}${{ rank: '', crlRank: ' CRL', archRank: ' Paper 2A', planningRank: ' Paper 2B' }[c.matchedOn]}`,
            },
          }
        : {}),
    };
    // The compare screen measures distance and tuition for the student these results are for.
    const student = { homeState: prefs?.homeState, category: prefs?.seatType, resultsSearch: window.location.search };
    if (toggle(item, student) === 'full') openModal('collegesAlert');
  };

  return (
    <main className="mx-auto w-full max-w-7xl px-3 py-10 sm:px-4">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Shape Your Dreams with Us</h1>
      {prefs ? (
        <p className="mt-2 grid text-slate-700">
          {/* The sentence with typical values (the longest usual label) holds its lines, unseen, in the same cell as the
              answer's: the page keeps the taller of the two, so nothing below moves when the answer comes (issue 25). */}
          <span className="invisible [grid-area:1/1]" aria-hidden="true">
            {reachable('0,000', 'JoSAA 0000 round 0 (round 0 not yet in our data)')}
          </span>
          {query.isSuccess ? (
            <span className="[grid-area:1/1]">
              {total === 0
                ? `No program matched your rank ${prefs.rank.toLocaleString('en-IN')} and these preferences in the official closing ranks of ${judgedOn}${search ? ` with “${search}”` : ''}.`
                : reachable(total.toLocaleString('en-IN'), judgedOn)}
            </span>
          ) : null}
        </p>
      ) : null}
      {prefs ? <AppliedPreferences items={preferenceSummary(prefs)} editTo={editTo} /> : null}
      {prefs ? <BandRangeLegend stream="josaa" /> : null}
      <ResultsToolbar page={page} sortOptions={sortOptions} searchPlaceholder="Search college or program" />
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        {compared.length ? <p className="text-sm text-slate-700">{compared.length} of 3 selected for comparison</p> : <span />}
        <ViewSwitch view={view} onChange={setView} />
      </div>
      <div className="mt-6">
        <ResultsGrid
          query={query}
          items={colleges}
          total={total}
          signedIn={signedIn}
          pending={ranges.isPending}
          label="Colleges"
          renderList={
            view === 'table'
              ? (items) => <ResultsTable colleges={items} isCompared={(c) => compared.some((x) => x.id === c.id)} onToggleCompare={onToggleCompare} />
              : null
          }
          renderItem={(c) => (
            <CollegeCard
              college={c}
              inCompare={compared.some((x) => x.id === c.id)}
              onToggleCompare={() => onToggleCompare(c)}
              extras={<BandRange stream="josaa" band={c.band} />}
            />
          )}
          empty={<EmptyResults title="No Colleges Found" editTo={editTo} />}
          loadingMoreText="Loading more colleges…"
          overlay={
            <SignedOutOverlay
              title="Want to see more colleges?"
              text="Sign in to explore more colleges and use all features"
              action="Sign In to Continue"
              onAction={() => openModal('login')}
            />
          }
        />
      </div>
      <CompareBar />
    </main>
  );
}
