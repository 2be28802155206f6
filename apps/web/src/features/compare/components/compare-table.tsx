import type { ComparedCollege, Origin, RankRow } from '@rankwise/contract/colleges';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { aboutCollegeUrl, poolLabel, quotaLabels } from '@/lib/college-links.ts';
import { useCompare } from '@/lib/stores/compare.ts';

const inr = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
/** '14,210'; a preparatory-course rank ('187P') as '187 (preparatory list)': not comparable with ordinary ranks. */
const rank = (r: string) =>
  /^\d+$/.test(r) ? Number(r).toLocaleString('en-IN') : /^\d+P$/.test(r) ? `${Number(r.slice(0, -1)).toLocaleString('en-IN')} (preparatory list)` : r;
const roundLabel = (r: RankRow) => `${r.counselling} ${r.year} round ${r.round}`;

type Row = { label: ReactNode; cell(c: ComparedCollege): ReactNode };

function tuitionCell(c: ComparedCollege): ReactNode {
  const t = c.tuition;
  if (!t) return 'NA';
  const you = t.forStudent;
  return (
    <>
      <span className="font-semibold">₹{inr.format(you && you.waiver !== 'depends-on-income' ? you.payableInr : t.perYearInr)} a year</span>
      <span className="block text-xs text-slate-600">
        {you ? you.explanation : `${t.label}; waivers for SC, ST, PwD and family income below ₹5 lakh.`} Tuition only.
      </span>
    </>
  );
}

function rows(origin: Origin | null): Row[] {
  return [
    { label: 'College State', cell: (c) => c.state ?? 'NA' },
    {
      label: (
        <>
          Average Package
          <span className="block text-xs font-normal text-slate-600">NIRF median salary of graduates</span>
        </>
      ),
      cell: (c) =>
        c.averagePackage === 'NA' ? (
          'not disclosed'
        ) : (
          <>
            {c.averagePackage} LPA
            {c.placementYear ? <span className="block text-xs text-slate-600">batch {c.placementYear}</span> : null}
          </>
        ),
    },
    { label: 'Highest Package', cell: (c) => (c.highestPackage === 'NA' ? 'NA' : `${c.highestPackage} LPA`) },
    { label: 'Placement Rate', cell: (c) => c.placementRate },
    { label: 'NIRF rank', cell: (c) => (c.nirfRank !== null ? `${c.nirfRank} (NIRF ${c.nirfRankYear})` : 'NA') },
    { label: 'Program', cell: (c) => c.program?.programName ?? 'NA' },
    {
      label: 'Closing rank',
      cell: (c) =>
        c.program?.latest ? (
          <>
            <span className="font-semibold">{rank(c.program.latest.closingRank)}</span>
            <span className="block text-xs text-slate-600">{roundLabel(c.program.latest)}</span>
          </>
        ) : (
          'NA'
        ),
    },
    {
      label: 'Quota and pool',
      cell: (c) => (c.program ? `${quotaLabels[c.program.quota] ?? c.program.quota} · ${poolLabel(c.program.gender)} · ${c.program.seatType}` : 'NA'),
    },
    {
      label: 'Closing rank, last 3 years',
      cell: (c) =>
        c.program?.lastYears.length ? (
          <ul>
            {c.program.lastYears.map((r) => (
              <li key={r.year}>
                {r.year}: {rank(r.closingRank)}{' '}
                <span className="text-xs text-slate-600">
                  ({r.counselling === 'CSAB' ? 'CSAB ' : ''}round {r.round})
                </span>
              </li>
            ))}
          </ul>
        ) : (
          'NA'
        ),
    },
    {
      label: origin ? `Distance from ${origin.label}` : 'Distance',
      cell: (c) => (c.distanceKm === null ? 'NA' : `${c.distanceKm.toLocaleString('en-IN', { maximumFractionDigits: 0 })} km`),
    },
    { label: 'Expected fees (tuition)', cell: tuitionCell },
    { label: 'Hostel fee', cell: (c) => c.hostelFee },
    { label: 'Mess fee', cell: (c) => c.messFee },
    { label: 'Sports facility', cell: (c) => c.sportsFacility },
  ];
}

/** One column per college, in the list's order; every missing figure reads NA. */
export function CompareTable({ colleges, origin, originNote }: { colleges: ComparedCollege[]; origin: Origin | null; originNote: string | null }) {
  const list = useCompare((s) => s.colleges);
  const toggle = useCompare((s) => s.toggle);
  return (
    <>
      {/* Scrolls sideways on a phone; the college links in its header make it reachable by keyboard. */}
      <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm" role="region" aria-labelledby="compare-caption">
        <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
          <caption id="compare-caption" className="sr-only">
            Compared colleges, one column each
          </caption>
          <thead>
            <tr className="border-b border-slate-200 bg-slate-50">
              <td className="w-48 p-3" />
              {colleges.map((c) => {
                const item = list.find((i) => i.id === c.id);
                return (
                  <th key={c.id} scope="col" className="p-3 align-top font-semibold text-slate-900">
                    <Link to={aboutCollegeUrl(c.name, c.program ? { ...c.program } : undefined)} className="text-brand-700 underline-offset-2 hover:underline">
                      {c.name}
                    </Link>
                    <span className="mt-1 block text-xs font-normal text-slate-600">
                      {c.type} · {c.location}
                    </span>
                    {item ? (
                      <button type="button" onClick={() => toggle(item)} className="mt-2 text-xs font-medium text-slate-700 underline">
                        Remove<span className="sr-only"> {c.name}</span>
                      </button>
                    ) : null}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows(origin).map((r, i) => (
              <tr key={i} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="p-3 align-top font-medium text-slate-800">
                  {r.label}
                </th>
                {colleges.map((c) => (
                  <td key={c.id} className="p-3 align-top text-slate-900">
                    {r.cell(c)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-3 space-y-1 text-xs text-slate-600">
        {originNote ? <p role="status">{originNote}</p> : null}
        <p>
          Distances are straight-line (great-circle) distances {origin ? `from ${origin.label} ` : ''}to each institute's PIN-code area or town, not road
          distances; positions: GeoNames, CC BY 4.0.{origin ? '' : ' Choose a home state or type a PIN code to see them.'}
        </p>
        <p>
          Average package is the NIRF median salary of an institute's graduates for the batch shown. Tuition is the central IIT or NIT rate; hostel, mess and
          other charges are extra and are NA until sourced data exists.
        </p>
      </div>
    </>
  );
}
