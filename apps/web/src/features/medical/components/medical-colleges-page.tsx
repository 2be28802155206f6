import { medicalSortOptions as sortOptions } from '@rankwise/contract/medical';
import { useInfiniteQuery } from '@tanstack/react-query';
import { AppliedPreferences } from '@/components/results/applied-preferences.tsx';
import { BandRangeLegend, useBandRanges } from '@/components/results/band-range.tsx';
import { CompareBar } from '@/components/results/compare-bar.tsx';
import { ResultsGrid } from '@/components/results/results-grid.tsx';
import { EmptyResults, SignedOutOverlay } from '@/components/results/results-states.tsx';
import { ResultsToolbar } from '@/components/results/results-toolbar.tsx';
import { useResultsErrorHandler, useResultsPage } from '@/components/results/use-results-page.ts';
import { useModal } from '@/lib/stores/modals.ts';
import { medicalResultsQuery } from '../api/medical.queries.ts';
import { editUrl, fromSearchParams, preferenceSummary } from '../preferences-url.ts';
import { MedicalCollegeCard } from './medical-college-card.tsx';

export const MEDICAL_LOAD_ERROR_MESSAGE = 'Error loading medical colleges...';

/** The first year of the NEET PG data (MCC allotments 2023-2024, the 2025 ranges; docs/decisions/0005). */
const NEET_PG_FIRST_YEAR = 2023;

/** Spec §2 Medical results page. */
export function MedicalCollegesPage() {
  const page = useResultsPage(fromSearchParams, sortOptions);
  const { prefs, sortBy, search, includeReach, signedIn, ready } = page;
  const openModal = useModal((s) => s.open);
  const editTo = prefs ? editUrl(prefs) : '/start';

  const query = useInfiniteQuery({ ...medicalResultsQuery(prefs!, sortBy, search, signedIn, includeReach), enabled: ready });
  // The cards wait for the band ranges (one small stored answer, asked at the same time) so they arrive whole.
  const ranges = useBandRanges('neetPg');
  useResultsErrorHandler(query.error, MEDICAL_LOAD_ERROR_MESSAGE);

  const colleges = query.data?.pages.flatMap((p) => p.data.colleges) ?? [];
  const total = query.data?.pages[0]?.data.totalDocuments ?? 0;
  const basis = colleges[0];
  const reachable = (count: string, label: string | null) =>
    `${count} ${total === 1 ? 'seat' : 'seats'} your NEET PG rank ${prefs?.rank.toLocaleString('en-IN')} could reach (${prefs?.quota}, ${prefs?.category})${label ? `, judged on the closing ranks of ${label}` : ''}${includeReach ? ', with reach seats' : ''}.`;

  return (
    <main className="mx-auto w-full max-w-7xl px-3 py-10 sm:px-4">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your Medical Dream Awaits</h1>
      {prefs ? (
        <p aria-live="polite" className="mt-2 grid text-slate-700">
          {/* The sentence with typical values holds its lines, unseen, in the same cell as the answer's: the page keeps the
              taller of the two, so nothing below moves when the answer comes (issue 25). */}
          <span className="invisible [grid-area:1/1]" aria-hidden="true">
            {reachable('0,000', 'MCC NEET PG 0000 rounds 1-3')}
          </span>
          {query.isSuccess ? (
            <span className="[grid-area:1/1]">
              {reachable(total.toLocaleString('en-IN'), basis ? (query.data?.pages[0]?.data.referenceLabel ?? basis.referenceLabel) : null)}
            </span>
          ) : null}
        </p>
      ) : null}
      {prefs ? <AppliedPreferences items={preferenceSummary(prefs)} editTo={editTo} /> : null}
      {prefs ? <BandRangeLegend stream="neetPg" /> : null}
      <ResultsToolbar
        page={page}
        sortOptions={sortOptions}
        searchPlaceholder="Search college, course or place"
        chanceSource={
          <>
            from MCC NEET PG closing ranks of {NEET_PG_FIRST_YEAR} to{' '}
            {/* A year's width, unseen until the answer names it, so the line does not reflow when it does. */}
            <span className={basis ? undefined : 'invisible'}>{basis?.year ?? NEET_PG_FIRST_YEAR + 2}</span>
          </>
        }
      />
      <div className="mt-6">
        <ResultsGrid
          query={query}
          items={colleges}
          total={total}
          signedIn={signedIn}
          pending={ranges.isPending}
          label="Medical colleges"
          renderItem={(c) => <MedicalCollegeCard college={c} />}
          empty={
            <EmptyResults
              title="No Medical Colleges Found"
              editTo={editTo}
              text={
                search && signedIn
                  ? `No seat matched "${search}" among your results. Try a shorter search or clear it.`
                  : 'No seat in these preferences closed at or after your rank in the reference rounds. Try other courses or another quota, or check your rank.'
              }
            />
          }
          loadingMoreText="Loading more medical colleges…"
          overlay={
            <SignedOutOverlay
              title="See More Medical Colleges"
              text={`${(total - colleges.length).toLocaleString('en-IN')} more ${total - colleges.length === 1 ? 'seat matches' : 'seats match'} your preferences. Sign up to see them all and search them.`}
              action="Sign Up Now"
              onAction={() => openModal('register')}
            />
          }
        />
      </div>
      <CompareBar />
    </main>
  );
}
