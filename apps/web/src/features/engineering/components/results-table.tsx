import type { EngineeringCollege } from '@rankwise/contract/engineering';
import clsx from 'clsx';
import { Link } from 'react-router';
import { ChanceBadge } from '@/components/results/chance-summary.tsx';
import { aboutCollegeUrl, poolLabel, quotaLabels } from '@/lib/college-links.ts';
import { nirfRankText, referenceOf } from './college-card.tsx';
import { AddToChoices } from '@/components/choices/add-to-choices.tsx';

/** The dense view of the results for wide screens (`view=table`): one row per seat, the same figures as the cards. */
export function ResultsTable({
  colleges,
  isCompared,
  onToggleCompare,
}: {
  colleges: EngineeringCollege[];
  isCompared(c: EngineeringCollege): boolean;
  onToggleCompare(c: EngineeringCollege): void;
}) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm" role="region" aria-labelledby="results-table-caption">
      <table className="w-full border-collapse text-left text-sm" aria-label="Colleges">
        <caption id="results-table-caption" className="sr-only">
          Colleges, one row per seat
        </caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="p-2">
              College and program
            </th>
            <th scope="col" className="p-2">
              Quota · pool
            </th>
            <th scope="col" className="p-2 text-right">
              Closing rank
            </th>
            <th scope="col" className="p-2">
              Chance
            </th>
            <th scope="col" className="p-2 text-right">
              Median package
            </th>
            <th scope="col" className="p-2 text-right">
              Tuition a year
            </th>
            <th scope="col" className="p-2">
              NIRF
            </th>
            <th scope="col" className="p-2">
              <span className="sr-only">Compare</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {colleges.map((c) => {
            const pkg = c['Average Package(LPA)'];
            const on = isCompared(c);
            return (
              <tr key={c.id} className="border-t border-slate-100 align-top">
                <th scope="row" className="max-w-sm p-2 font-normal">
                  <Link
                    to={aboutCollegeUrl(c['Institute Name'], {
                      programName: c['Academic Program Name'],
                      quota: c.quota,
                      seatType: c.seatType,
                      gender: c.gender,
                    })}
                    className="font-semibold text-slate-900 hover:text-brand-700 hover:underline"
                  >
                    {c['Institute Name']}
                  </Link>
                  <span className="block text-slate-700">{c['Academic Program Name']}</span>
                </th>
                <td className="p-2">
                  {quotaLabels[c.quota] ?? c.quota} · {poolLabel(c.gender)}
                  <span className="block text-xs text-slate-600">{c.seatType} seat</span>
                </td>
                <td className="p-2 text-right">
                  <span className="font-semibold tabular-nums">{c['Closing Rank'].toLocaleString('en-IN')}</span>
                  <span className="block text-xs text-slate-600">{referenceOf(c)}</span>
                </td>
                <td className="p-2">
                  <ChanceBadge percent={c.percent} band={c.band} />
                </td>
                <td className="p-2 text-right tabular-nums">
                  {pkg === 'NA' ? 'NA' : `${pkg} LPA`}
                  {c.placementYear ? <span className="block text-xs text-slate-600">{c.placementYear}</span> : null}
                </td>
                <td className="p-2 text-right tabular-nums">{c['Institute Fee (INR)'] === 'NA' ? 'NA' : `₹${c['Institute Fee (INR)']}`}</td>
                <td className="p-2">{nirfRankText(c)}</td>
                <td className="p-2">
                  <button
                    type="button"
                    aria-pressed={on}
                    onClick={() => onToggleCompare(c)}
                    className={clsx(
                      'whitespace-nowrap rounded-lg border px-2 py-1 text-xs font-medium',
                      on ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 text-slate-800 hover:bg-slate-50',
                    )}
                  >
                    {on ? 'Added' : 'Compare'}
                    <span className="sr-only"> {c['Institute Name']}</span>
                  </button>
                  <AddToChoices seatId={c.id} className="mt-1 block whitespace-nowrap px-2 py-1 text-xs" />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Cards or the dense table: shown from the `lg` breakpoint up (a phone always gets the cards). */
export function ViewSwitch({ view, onChange }: { view: 'cards' | 'table'; onChange(v: 'cards' | 'table'): void }) {
  return (
    <div role="group" aria-label="Show results as" className="hidden rounded-lg border border-slate-300 p-0.5 text-sm lg:inline-flex">
      {(['cards', 'table'] as const).map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={view === v}
          onClick={() => onChange(v)}
          className={clsx('rounded-md px-3 py-1 font-medium', view === v ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-50')}
        >
          {v === 'cards' ? 'Cards' : 'Table'}
        </button>
      ))}
    </div>
  );
}
