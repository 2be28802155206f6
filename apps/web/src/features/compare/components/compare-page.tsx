import { COMPARE_CLEARED_MESSAGE, COMPARE_ERROR, COMPARED_MESSAGE, MAX_COMPARE } from '@rankwise/contract/colleges';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonStyles } from '@/components/ui/button.tsx';
import { useCompare } from '@/lib/stores/compare.ts';
import { compareQuery } from '../api/compare.queries.ts';
import { CompareOptions } from './compare-options.tsx';
import { CompareTable } from './compare-table.tsx';

const COMPARED_TOAST = 'compared';

/** Spec §2 Compare screen and §4 Compare. */
export function ComparePage() {
  const colleges = useCompare((s) => s.colleges);
  const student = useCompare((s) => s.student);
  const clear = useCompare((s) => s.clear);
  const navigate = useNavigate();
  const query = useQuery({ ...compareQuery(colleges, student), enabled: colleges.length > 0 });

  // Spec §4: a loading state, then 'Compared successfully' whenever a new comparison arrives; one
  // toast, replaced by the next rather than stacked on every change (issue 25).
  useEffect(() => {
    if (query.data) toast.success(COMPARED_MESSAGE, { id: COMPARED_TOAST });
  }, [query.data]);
  // Spec §8: the failure message, then back one page. Opened directly, there is no page of the app
  // to go back to (the browser's Back would leave or reload it): the message stays on the screen.
  useEffect(() => {
    if (!query.error) return;
    toast.error(COMPARE_ERROR);
    if (window.history.state?.idx > 0) navigate(-1);
  }, [query.error, navigate]);

  const onClear = () => {
    clear();
    navigate(-1);
    toast.success(COMPARE_CLEARED_MESSAGE);
  };

  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Compare Colleges</h1>
      {colleges.length === 0 ? (
        <NoCollegesSelected resultsSearch={student.resultsSearch} />
      ) : (
        <>
          <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-slate-700">
              {colleges.length} of {MAX_COMPARE} colleges side by side. Figures are the latest the public data has, each with its year; NA means no data.
            </p>
            <Button variant="secondary" onClick={onClear}>
              Clear Comparison
            </Button>
          </div>
          <CompareOptions pinNote={query.data?.originNote ?? null} />
          <div className="mt-6">
            {query.data ? (
              <CompareTable colleges={query.data.data} origin={query.data.origin} originNote={query.data.originNote} />
            ) : query.isError ? (
              <div role="alert" className="rounded-2xl border border-red-200 bg-white p-8 text-center">
                <p className="font-medium text-red-700">{COMPARE_ERROR}</p>
                <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
                  <Link to={`/colleges${student.resultsSearch ?? ''}`} className={buttonStyles.primary}>
                    Browse Colleges
                  </Link>
                  <Link to="/start" className={buttonStyles.secondary}>
                    Update Preferences
                  </Link>
                </div>
              </div>
            ) : (
              <p role="status" aria-live="polite" className="rounded-2xl border border-slate-200 bg-white p-8 text-center text-slate-700">
                Comparing colleges…
              </p>
            )}
          </div>
        </>
      )}
    </main>
  );
}

function NoCollegesSelected({ resultsSearch }: { resultsSearch?: string }) {
  return (
    <section aria-labelledby="no-colleges" className="mx-auto mt-10 max-w-xl rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <h2 id="no-colleges" className="text-2xl font-semibold text-slate-900">
        No Colleges Selected
      </h2>
      <p className="mt-3 text-slate-700">You can select up to {MAX_COMPARE} colleges to compare. Use Add to Compare on your results.</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={`/colleges${resultsSearch ?? ''}`} className={buttonStyles.primary}>
          Browse Colleges
        </Link>
        <Link to="/start" className={buttonStyles.secondary}>
          Update Preferences
        </Link>
      </div>
    </section>
  );
}
