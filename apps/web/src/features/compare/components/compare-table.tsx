import type { ComparedCollege, Origin, RankRow } from '@rankwise/contract/colleges';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ChanceBadge } from '@/components/results/chance-summary.tsx';
import { aboutCollegeUrl, poolLabel, quotaLabels } from '@/lib/college-links.ts';
import { useCompare, type CompareEntry } from '@/lib/stores/compare.ts';
import { AddToChoices } from '@/components/choices/add-to-choices.tsx';

const inr = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
/** '14,210'; a preparatory-course rank ('187P') as '187 (preparatory list)': not comparable with ordinary ranks. */
const rank = (r: string) =>
  /^\d+$/.test(r) ? Number(r).toLocaleString('en-IN') : /^\d+P$/.test(r) ? `${Number(r.slice(0, -1)).toLocaleString('en-IN')} (preparatory list)` : r;
const roundLabel = (r: RankRow) => `${r.counselling} ${r.year} round ${r.round}`;
const nirfText = (c: ComparedCollege & { nirfCategory?: string | null }) =>
  c.nirfRank === null ? 'NA' : `${c.nirfRank} (NIRF ${c.nirfCategory && c.nirfCategory !== 'Engineering' ? `${c.nirfCategory} ` : ''}${c.nirfRankYear})`;

type Row = { label: ReactNode; cell(c: ComparedCollege, entry: CompareEntry | undefined): ReactNode };

/** A placement figure with the graduating batch it describes (figures of different years never share a row unlabelled). */
function withBatch(value: ReactNode, c: ComparedCollege): ReactNode {
  return (
    <>
      {value}
      {c.placementYear ? <span className="block text-xs text-slate-600">batch {c.placementYear}</span> : null}
    </>
  );
}

/** The chance the results page showed, with the rank and exam it was judged on (each entry may come from another search). */
function chanceCell(entry: CompareEntry | undefined): ReactNode {
  const ch = entry?.chance;
  if (!ch) return 'NA';
  return (
    <>
      <ChanceBadge percent={ch.percent} band={ch.band} wrap />
      <span className="mt-1 block text-xs text-slate-600">
        for rank {ch.rank.toLocaleString('en-IN')}, {ch.exam}
      </span>
    </>
  );
}

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
      cell: (c) => (c.averagePackage === 'NA' ? 'not disclosed' : withBatch(`${c.averagePackage} LPA`, c)),
    },
    { label: 'Highest Package', cell: (c) => (c.highestPackage === 'NA' ? 'NA' : withBatch(`${c.highestPackage} LPA`, c)) },
    { label: 'Placement Rate', cell: (c) => (c.placementRate === 'NA' ? 'NA' : withBatch(c.placementRate, c)) },
    { label: 'NIRF rank', cell: (c) => nirfText(c) },
    { label: 'Program', cell: (c) => c.program?.programName ?? 'NA' },
    { label: 'Your chance of admission', cell: (_c, entry) => chanceCell(entry) },
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

/**
 * One column per college, in the list's order; every missing figure reads NA. On a phone (below
 * `sm`) the colleges' short names are a header row that stays in view under the navigation bar,
 * and each measure is a label line above a row of three cells, so all three colleges show at once
 * (docs/decisions/0028); wider screens keep the label column.
 */
export function CompareTable({ colleges, origin, originNote }: { colleges: ComparedCollege[]; origin: Origin | null; originNote: string | null }) {
  const list = useCompare((s) => s.colleges);
  const toggle = useCompare((s) => s.toggle);
  return (
    <>
      <div className="rounded-2xl border border-slate-200 bg-white shadow-sm sm:overflow-x-auto" role="region" aria-labelledby="compare-caption">
        <table className="w-full table-fixed border-collapse text-left text-sm sm:min-w-[40rem] sm:table-auto">
          <caption id="compare-caption" className="sr-only">
            Compared colleges, one column each
          </caption>
          <thead>
            <tr className="border-b border-slate-200 bg-slate-50">
              <td className="hidden w-48 p-3 sm:table-cell" />
              {colleges.map((c) => {
                const item = list.find((i) => i.id === c.id);
                return (
                  <th
                    key={c.id}
                    scope="col"
                    className="sticky top-16 z-10 break-words bg-slate-50 p-2 align-top font-semibold text-slate-900 shadow-[0_1px_0_#e2e8f0] sm:static sm:p-3 sm:shadow-none"
                  >
                    <Link
                      to={aboutCollegeUrl(c.name, c.program ? { ...c.program } : undefined)}
                      className="text-brand-700 underline-offset-2 hover:underline"
                      data-college={c.name}
                      title={c.name}
                    >
                      <span className="sm:hidden">{c.shortName || c.name}</span>
                      <span className="hidden sm:inline">{c.name}</span>
                    </Link>
                    <span className="mt-1 hidden text-xs font-normal text-slate-600 sm:block">
                      {c.type} · {c.location}
                    </span>
                    {item ? (
                      <button type="button" onClick={() => toggle(item)} className="mt-1 block text-xs font-medium text-slate-700 underline">
                        Remove<span className="sr-only"> {c.name}</span>
                      </button>
                    ) : null}
                    {item ? (
                      <AddToChoices
                        seatId={item.id}
                        counselling={item.chance?.exam.startsWith('CSAB') ? 'CSAB' : 'JoSAA'}
                        className="mt-1 px-2 py-0.5 text-xs"
                      />
                    ) : null}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows(origin).map((r, i) => (
              <Fragment key={i}>
                <tr className="sm:hidden" aria-hidden="true">
                  <td colSpan={colleges.length} className="bg-slate-50/60 px-2 pb-0.5 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-600">
                    {r.label}
                  </td>
                </tr>
                <tr className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="sr-only p-3 align-top font-medium text-slate-800 sm:not-sr-only sm:table-cell">
                    {r.label}
                  </th>
                  {colleges.map((c) => (
                    <td key={c.id} className="break-words p-2 align-top text-slate-900 sm:p-3">
                      {r.cell(
                        c,
                        list.find((i) => i.id === c.id),
                      )}
                    </td>
                  ))}
                </tr>
              </Fragment>
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
