import { Link } from 'react-router';
import { useHydrated } from '@/lib/hydrated.ts';

/**
 * The preferences a results page was asked for, with the way back to the form filled with them.
 * In the page's prerendered loading frame (built from placeholder preferences) the box keeps its
 * place but shows nothing: the values are the URL's, known once the page runs.
 */
export function AppliedPreferences({ items, editTo }: { items: { label: string; value: string }[]; editTo: string }) {
  const inBrowser = useHydrated();
  return (
    <section
      aria-label="Your preferences"
      className="mt-4 flex flex-wrap items-start gap-x-6 gap-y-2 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm"
    >
      <dl className={`flex min-w-0 flex-1 flex-wrap gap-x-5 gap-y-1 ${inBrowser ? '' : 'invisible'}`} aria-hidden={!inBrowser}>
        {items.map((i) => (
          <div key={i.label} className="flex min-w-0 gap-1">
            <dt className="shrink-0 text-slate-600">{i.label}:</dt>
            <dd className="font-medium text-slate-900">{i.value}</dd>
          </div>
        ))}
      </dl>
      <Link to={inBrowser ? editTo : '/start'} className="shrink-0 font-medium text-brand-700 underline">
        Edit preferences
      </Link>
    </section>
  );
}
