import { Link } from 'react-router';
import { ReachSwitch } from './reach-switch.tsx';
import { SearchBox } from './search-box.tsx';
import { SortSelect } from './sort-select.tsx';

/** The row above both results pages' cards: search, the reach switch, sort, and where chances come from. */
export function ResultsToolbar<S extends string>(p: {
  search: string;
  onSearch(q: string): void;
  signedIn: boolean;
  searchPlaceholder: string;
  includeReach: boolean;
  onIncludeReach(v: boolean): void;
  sortBy: S;
  sortOptions: { value: S; label: string }[];
  onSort(v: S): void;
}) {
  return (
    <>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchBox value={p.search} onSearch={p.onSearch} disabled={!p.signedIn} placeholder={p.searchPlaceholder} />
        <div className="flex flex-wrap items-center gap-4">
          <ReachSwitch checked={p.includeReach} onChange={p.onIncludeReach} />
          <SortSelect value={p.sortBy} options={p.sortOptions} onChange={p.onSort} />
        </div>
      </div>
      <p className="mt-3 text-sm text-slate-700">
        Each result shows your chance of admission, from ten years of real closing ranks.{' '}
        <Link to="/methodology" className="font-medium text-brand-700 underline">
          How chances are computed
        </Link>
      </p>
    </>
  );
}
