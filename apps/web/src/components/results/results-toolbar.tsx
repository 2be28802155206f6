import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ReachSwitch } from './reach-switch.tsx';
import { SearchBox } from './search-box.tsx';
import { SortSelect } from './sort-select.tsx';
import type { ResultsPage } from './use-results-page.ts';

/** The row above both results pages' cards: search, the reach switch, sort, and where chances come from. */
export function ResultsToolbar<S extends string>({
  page,
  sortOptions,
  searchPlaceholder,
  chanceSource = 'from ten years of real closing ranks',
}: {
  page: Pick<ResultsPage<unknown, S>, 'search' | 'setSearch' | 'signedIn' | 'includeReach' | 'setIncludeReach' | 'sortBy' | 'setSort'>;
  sortOptions: { value: S; label: string }[];
  searchPlaceholder: string;
  /** Where the chances come from ('from MCC NEET PG closing ranks of 2023 to 2025'). */
  chanceSource?: ReactNode;
}) {
  return (
    <>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchBox value={page.search} onSearch={page.setSearch} disabled={!page.signedIn} placeholder={searchPlaceholder} />
        <div className="flex flex-wrap items-center gap-4">
          <ReachSwitch checked={page.includeReach} onChange={page.setIncludeReach} />
          <SortSelect value={page.sortBy} options={sortOptions} onChange={page.setSort} />
        </div>
      </div>
      <p className="mt-3 text-sm text-slate-700">
        Each result shows your chance of admission, {chanceSource}.{' '}
        <Link to="/methodology" className="font-medium text-brand-700 underline">
          How chances are computed
        </Link>
      </p>
    </>
  );
}
