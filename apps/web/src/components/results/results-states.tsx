import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button.tsx';
import { SampleCards } from './sample-cards.tsx';

const ENGINEERING_EMPTY_TEXT = 'No program matched these preferences in the reference round. Try other branches, a wider search, or check your rank.';

/** `editTo`: the form filled with these preferences, to adjust them. */
export function EmptyResults({ title, text = ENGINEERING_EMPTY_TEXT, editTo }: { title: string; text?: string; editTo: string }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <h2 className="text-2xl font-semibold text-slate-900">{title}</h2>
      <p className="mt-2 text-slate-700">{text}</p>
      <Link to={editTo} className={`${buttonStyles.primary} mt-6`}>
        Adjust Preferences
      </Link>
    </div>
  );
}

/** What visitors see after the first page: blurred sample cards under a sign-in overlay (spec §2). */
export function SignedOutOverlay({ title, text, action, onAction }: { title: string; text?: string; action: string; onAction(): void }) {
  return (
    <div className="relative mt-6">
      <div aria-hidden="true" className="pointer-events-none select-none blur-sm">
        <SampleCards />
      </div>
      <div className="absolute inset-0 flex items-center justify-center bg-white/40 p-4">
        <div className="max-w-md rounded-2xl bg-white p-6 text-center shadow-xl ring-1 ring-slate-200">
          <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
          {text ? <p className="mt-2 text-slate-700">{text}</p> : null}
          <button type="button" className={`${buttonStyles.primary} mt-5`} onClick={onAction}>
            {action}
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * While the first page loads: placeholders the size of the compact result cards (about 17 rem),
 * enough of them that the page below (the footer) starts beyond the screen and nothing on screen
 * moves when the cards arrive (issue 15: the results page shifted by 0.97).
 */
export function ResultsSkeleton() {
  return (
    <div role="status" aria-label="Loading results" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="results-skeleton">
      {Array.from({ length: 9 }, (_, i) => (
        <div key={i} className="h-[17rem] animate-pulse rounded-2xl border border-slate-200 bg-white p-4">
          <div className="flex gap-3">
            <div className="h-12 w-12 shrink-0 rounded-xl bg-slate-200" />
            <div className="flex-1">
              <div className="h-4 w-3/4 rounded bg-slate-200" />
              <div className="mt-2 h-4 w-1/2 rounded bg-slate-200" />
            </div>
          </div>
          <div className="mt-4 grid grid-cols-2 gap-4">
            {Array.from({ length: 2 }, (__, j) => (
              <div key={j} className="h-9 rounded bg-slate-100" />
            ))}
          </div>
          <div className="mt-4 h-12 rounded-xl bg-slate-100" />
        </div>
      ))}
    </div>
  );
}
