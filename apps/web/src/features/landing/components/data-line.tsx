import { useQuery } from '@tanstack/react-query';
import { dataSetsQuery } from '../api/data-sets.queries.ts';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The landing page's data line: what each predictor is judged on and when that data was last updated. */
export function DataLine() {
  const { data } = useQuery(dataSetsQuery());
  const sets = data ?? [];
  return (
    // The line's height is kept while it loads (the page is prerendered without data), so nothing moves.
    <p className="mt-4 min-h-10 text-sm text-slate-600" data-testid="data-line">
      {sets.length
        ? `Judged on ${sets.map((d) => `${d.label} (updated ${/^\d{4}-\d{2}-\d{2}$/.test(d.updatedOn) ? day(d.updatedOn) : d.updatedOn})`).join(' · ')}.`
        : null}
    </p>
  );
}
