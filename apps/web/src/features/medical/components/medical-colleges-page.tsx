import { medicalSortOptions as sortOptions } from '@rankwise/contract/medical';
import { useInfiniteQuery } from '@tanstack/react-query';
import { AppliedPreferences } from '@/components/results/applied-preferences.tsx';
import { BandRangeLegend } from '@/components/results/band-range.tsx';
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
  useResultsErrorHandler(query.error, MEDICAL_LOAD_ERROR_MESSAGE);

  const colleges = query.data?.pages.flatMap((p) => p.data.colleges) ?? [];
  const total = query.data?.pages[0]?.data.totalDocuments ?? 0;
  const basis = colleges[0];

  return (
    <main className="mx-auto w-full max-w-7xl px-3 py-10 sm:px-4">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your Medical Dream Awaits</h1>
      {prefs ? (
        <p aria-live="polite" className="mt-2 text-slate-700">
          {/* Until the answer is known the same sentence (typical values) holds its lines, unseen, so nothing below moves when it arrives. */}
          <span className={query.isSuccess ? undefined : 'invisible'} aria-hidden={!query.isSuccess}>
            {`${query.isSuccess ? total.toLocaleString('en-IN') : '0,000'} ${total === 1 ? 'seat' : 'seats'} your NEET PG rank ${prefs.rank.toLocaleString('en-IN')} could reach (${prefs.quota}, ${prefs.category})${
              basis || !query.isSuccess
                ? `, judged on the closing ranks of ${query.data?.pages[0]?.data.referenceLabel ?? basis?.referenceLabel ?? 'MCC NEET PG 0000 rounds 1-3'}`
                : ''
            }${includeReach ? ', with reach seats' : ''}.`}
          </span>
        </p>
      ) : null}
      {prefs ? <AppliedPreferences items={preferenceSummary(prefs)} editTo={editTo} /> : null}
      {prefs ? <BandRangeLegend stream="neetPg" /> : null}
      <ResultsToolbar
        page={page}
        sortOptions={sortOptions}
        searchPlaceholder="Search college, course or place"
        chanceSource={`from MCC NEET PG closing ranks of ${NEET_PG_FIRST_YEAR} to ${basis?.year ?? 'the latest year'}`}
      />
      <div className="mt-6">
        <ResultsGrid
          query={query}
          items={colleges}
          total={total}
          signedIn={signedIn}
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
