import type { EngineeringCollege } from '@rankwise/contract/engineering';
import clsx from 'clsx';
import { Link } from 'react-router';
import { ChanceSummary } from '@/components/results/chance-summary.tsx';
import { CollegeAvatar } from '@/components/results/initials.tsx';
import { aboutCollegeUrl, connectStudentsUrl, poolLabel, quotaLabels } from '@/lib/college-links.ts';

/** 'Institute Fee (INR)' is the central IIT/NIT tuition (docs/decisions/0010-placements-nirf-fees-facilities.md), never the total fee. */
function tuitionNote(c: EngineeringCollege): string {
  return c.tuitionFromYear === null ? '' : ` (${c.instituteType} rate since ${c.tuitionFromYear})`;
}

export function CollegeCard({ college, inCompare, onToggleCompare }: { college: EngineeringCollege; inCompare: boolean; onToggleCompare(): void }) {
  const pkg = college['Average Package(LPA)'];
  return (
    <article className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby={`c-${college.id}`}>
      <div className="flex gap-3">
        <CollegeAvatar name={college['Institute Name']} imageUrl={college.imageUrl} />
        <div className="min-w-0">
          <h3 id={`c-${college.id}`} className="font-semibold leading-snug text-slate-900">
            <Link
              to={aboutCollegeUrl(college['Institute Name'], {
                programName: college['Academic Program Name'],
                quota: college.quota,
                seatType: college.seatType,
                gender: college.gender,
              })}
              className="hover:text-brand-700 hover:underline"
            >
              {college['Institute Name']}
            </Link>
          </h3>
          <p className="mt-1 text-sm text-slate-700">{college['Academic Program Name']}</p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <div>
          <dt className="text-slate-600">Closing rank</dt>
          <dd className="font-semibold text-slate-900">{college['Closing Rank'].toLocaleString('en-IN')}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Quota · pool</dt>
          <dd className="font-medium text-slate-900">
            {quotaLabels[college.quota] ?? college.quota} · {poolLabel(college.gender)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{college.placementYear ? `Median package (NIRF, ${college.placementYear})` : 'Median package'}</dt>
          <dd className="font-medium text-slate-900">{pkg === 'NA' ? 'NA' : `${pkg} LPA`}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Tuition per year</dt>
          <dd className="font-medium text-slate-900">
            {college['Institute Fee (INR)'] === 'NA' ? 'NA' : `₹${college['Institute Fee (INR)']}`}
            {college['Institute Fee (INR)'] === 'NA' ? null : <span className="text-xs font-normal text-slate-600">{tuitionNote(college)}</span>}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">NIRF rank</dt>
          <dd className="font-medium text-slate-900">{college.nirfRank === null ? 'NA' : `${college.nirfRank} (NIRF ${college.nirfRankYear})`}</dd>
        </div>
      </dl>
      <ChanceSummary fields={college} referenceYear={college.year} />
      <p className="mt-3 text-xs text-slate-600">
        {college.seatType} seat · {college.referenceLabel}
        {college.matchedOn === 'crlRank' ? ' · matched on your CRL rank' : ''}
      </p>
      <div className="mt-4 flex items-center justify-between gap-2 border-t border-slate-100 pt-4">
        <Link to={connectStudentsUrl(college['Institute Name'])} className="text-sm font-medium text-brand-700 underline">
          Connect with Students
        </Link>
        <button
          type="button"
          aria-pressed={inCompare}
          onClick={onToggleCompare}
          className={clsx(
            'rounded-lg border px-3 py-1.5 text-sm font-medium transition',
            inCompare ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 text-slate-800 hover:bg-slate-50',
          )}
        >
          {inCompare ? 'Added to Compare' : 'Add to Compare'}
        </button>
      </div>
    </article>
  );
}
