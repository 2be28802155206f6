import { MAX_COMPARE } from '@rankwise/contract/colleges';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button.tsx';
import { useCompare } from '@/lib/stores/compare.ts';

/** The comparison list at the foot of a results page, while it holds any college: its names and the way to /compare. */
export function CompareBar() {
  const colleges = useCompare((s) => s.colleges);
  if (!colleges.length) return null;
  return (
    <aside aria-label="Comparison list" className="sticky bottom-3 z-30 mt-6 rounded-2xl border border-brand-100 bg-white/95 p-3 shadow-lg backdrop-blur">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <ol className="flex min-w-0 flex-wrap gap-2 text-sm text-slate-800">
          {colleges.map((c) => (
            <li
              key={c.id}
              className="max-w-xs truncate rounded-full bg-brand-50 px-3 py-1"
              title={`${c.collegeName}${c.programName ? ` – ${c.programName}` : ''}`}
            >
              {c.collegeName}
            </li>
          ))}
          <li className="px-1 py-1 text-slate-600">{colleges.length < MAX_COMPARE ? `room for ${MAX_COMPARE - colleges.length} more` : 'the list is full'}</li>
        </ol>
        <Link to="/compare" className={`${buttonStyles.primary} shrink-0`}>
          Compare ({colleges.length})
        </Link>
      </div>
    </aside>
  );
}
