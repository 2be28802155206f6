import type { EngineeringCollege } from '@rankwise/contract/engineering';
import clsx from 'clsx';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AddToChoices } from '@/components/choices/add-to-choices.tsx';
import { ChanceSummary } from '@/components/results/chance-summary.tsx';
import { CollegeAvatar } from '@/components/results/initials.tsx';
import { MissingFigures } from '@/components/results/missing-figures.tsx';
import { aboutCollegeUrl, connectStudentsUrl, poolLabel, quotaLabels } from '@/lib/college-links.ts';

/** 'Institute Fee (INR)' is tuition only, never the total fee (docs/decisions/0010-placements-nirf-fees-facilities.md). */
function tuitionNote(c: EngineeringCollege): string {
  return c.tuitionFromYear === null ? '' : ` (${c.instituteType} rate since ${c.tuitionFromYear})`;
}

const matchedLabel: Record<EngineeringCollege['matchedOn'], string> = {
  rank: '',
  crlRank: ' · matched on your CRL rank',
  archRank: ' · matched on your Paper 2A (B.Arch) rank',
  planningRank: ' · matched on your Paper 2B (B.Planning) rank',
};

/**
 * The counselling, year and round the closing rank is from. The data import's own label (e.g. 'JoSAA
 * 2026 round 5 (round 6 not yet in our data)') when the answer carries one.
 */
export function referenceOf(c: EngineeringCollege): string {
  if ('referenceLabel' in c && typeof c.referenceLabel === 'string' && c.referenceLabel) return c.referenceLabel;
  return `${c.basis} ${c.year} round ${c.round}`;
}

/** The card's figures that no public data set has for this college (said once, not as NA each). */
export function missingFiguresOf(c: EngineeringCollege): string[] {
  const out: string[] = [];
  if (c['Average Package(LPA)'] === 'NA') out.push('the median package');
  if (c['Institute Fee (INR)'] === 'NA') out.push('the tuition');
  if (c.nirfRank === null) out.push('a NIRF rank');
  return out;
}

export function nirfRankText(c: Pick<EngineeringCollege, 'nirfRank' | 'nirfRankYear'> & { nirfCategory?: string | null }): string {
  if (c.nirfRank === null) return 'NA';
  return `${c.nirfRank} (NIRF ${c.nirfCategory && c.nirfCategory !== 'Engineering' ? `${c.nirfCategory} ` : ''}${c.nirfRankYear})`;
}

function Fact({
  label,
  children,
  hidden,
  strong,
  labelHidden,
}: {
  label: string;
  children: ReactNode;
  hidden?: boolean;
  strong?: boolean;
  labelHidden?: boolean;
}) {
  return (
    <div hidden={hidden} className="flex items-baseline gap-1">
      <dt className={labelHidden ? 'sr-only' : 'text-[11px] text-slate-600'}>{label}</dt>
      <dd className={strong ? 'font-semibold text-slate-900' : 'font-medium text-slate-900'}>{children}</dd>
    </div>
  );
}

/**
 * A compact result card (issue 25, docs/decisions/0028): college, program, closing rank with its
 * round, quota and pool, and the chance band with its trend fit in about 300 px on a 390 px phone;
 * Details opens the package, tuition, NIRF rank and the why-line. `extras`: one-line additions
 * (a band range, a note, an 'Add to my choices' button) placed under the chance.
 */
export function CollegeCard({
  college,
  inCompare,
  onToggleCompare,
  extras,
}: {
  college: EngineeringCollege;
  inCompare: boolean;
  onToggleCompare(): void;
  extras?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const pkg = college['Average Package(LPA)'];
  const fee = college['Institute Fee (INR)'];
  const missing = missingFiguresOf(college);
  return (
    <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-3.5 shadow-sm sm:p-4" aria-labelledby={`c-${college.id}`}>
      <div className="flex gap-3">
        <CollegeAvatar name={college['Institute Name']} imageUrl={college.imageUrl} />
        <div className="min-w-0">
          <h3 id={`c-${college.id}`} className="line-clamp-2 font-semibold leading-snug text-slate-900">
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
          <p className="mt-0.5 line-clamp-2 text-sm leading-snug text-slate-700">{college['Academic Program Name']}</p>
        </div>
      </div>
      <dl className="mt-2 flex flex-wrap gap-x-2 gap-y-0.5 text-sm">
        <Fact label="Closing rank" strong>
          {college['Closing Rank'].toLocaleString('en-IN')}
        </Fact>
        <Fact label="Quota · pool" labelHidden>
          {quotaLabels[college.quota] ?? college.quota} · {poolLabel(college.gender)}
        </Fact>
        {pkg !== 'NA' ? (
          <Fact label={college.placementYear ? `Median package (NIRF, ${college.placementYear})` : 'Median package'} hidden={!open}>
            {`${pkg} LPA`}
          </Fact>
        ) : null}
        {fee !== 'NA' ? (
          <Fact label="Tuition per year" hidden={!open}>
            {`₹${fee}`}
            <span className="text-xs font-normal text-slate-600">{tuitionNote(college)}</span>
          </Fact>
        ) : null}
        {college.nirfRank !== null ? (
          <Fact label="NIRF rank" hidden={!open}>
            {nirfRankText(college)}
          </Fact>
        ) : null}
      </dl>
      <div className="mt-1 flex flex-wrap items-baseline justify-between gap-x-2">
        <p className="text-xs text-slate-600" data-testid="seat-note">
          {college.seatType} seat · {referenceOf(college)}
          {matchedLabel[college.matchedOn]}
          {college.basis === 'CSAB' ? ' · common-rank-list ranks' : ''}
        </p>
        <Link to={connectStudentsUrl(college['Institute Name'])} className="text-xs font-medium text-brand-700 underline">
          Connect with Students
        </Link>
      </div>
      <ChanceSummary fields={college} referenceYear={college.year} expanded={open} />
      {/* One-line additions from other features go here (band range, notes, 'Add to my choices'). */}
      {/* Compact lines: each addition fits one line of a phone's card. */}
      {extras ? <div className="[&>p]:text-[11px] [&>p]:leading-snug">{extras}</div> : null}
      {college.requires ? <p className="mt-1 text-xs font-medium text-amber-800">{college.requires}</p> : null}
      <div hidden={!open}>
        <MissingFigures names={missing} className="mt-2 text-xs text-slate-600" />
      </div>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-x-1.5 gap-y-1.5 pt-2.5">
        <span className="[&>*]:px-2 [&>*]:py-1 [&>*]:text-[13px]">
          <AddToChoices seatId={college.id} />
        </span>
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          className="rounded px-1 py-1 text-[13px] font-medium text-brand-700 underline underline-offset-2"
        >
          {open ? 'Fewer details' : 'Details'}
        </button>
        <button
          type="button"
          aria-pressed={inCompare}
          onClick={onToggleCompare}
          className={clsx(
            'rounded-lg border px-2 py-1 text-[13px] font-medium transition',
            inCompare ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 text-slate-800 hover:bg-slate-50',
          )}
        >
          {inCompare ? 'Added to Compare' : 'Add to Compare'}
        </button>
      </div>
    </article>
  );
}
