import { useState } from 'react';
import type { MedicalCollege } from '@rankwise/contract/medical';
import { AddToChoices } from '@/components/choices/add-to-choices.tsx';
import { BandRange } from '@/components/results/band-range.tsx';
import { ChanceSummary } from '@/components/results/chance-summary.tsx';
import { CollegeAvatar } from '@/components/results/initials.tsx';

const rupees = (v: string) => (v === 'NA' ? 'NA' : `₹${v}`);

function Fact({ label, value, strong, hidden }: { label: string; value: string; strong?: boolean; hidden?: boolean }) {
  return (
    <div hidden={hidden}>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className={strong ? 'font-semibold text-slate-900' : 'font-medium text-slate-900'}>{value}</dd>
    </div>
  );
}

/**
 * Spec §2 medical card: allotted institute, course, location, allotted quota, allotted category,
 * annual fee. The spec's candidate category is not shown: no NEET PG data set records it (the API
 * keeps 'NA' in the field). Compact on a phone (issue 25): the closing rank, fee, quota, category
 * and chance show; Details opens the rest.
 */
export function MedicalCollegeCard({ college }: { college: MedicalCollege }) {
  const [open, setOpen] = useState(false);
  const name = college['Allotted Institute'] || college.collegeName;
  const location = college.Location !== 'NA' ? college.Location : college.State;
  const fee = college.Fees !== 'NA' ? college.Fees : college['Annual Fee'];
  return (
    <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby={`m-${college.id}`}>
      <div className="flex gap-3">
        <CollegeAvatar name={name} imageUrl={college.imageUrl} />
        <div className="min-w-0">
          <h3 id={`m-${college.id}`} className="line-clamp-2 font-semibold leading-snug text-slate-900" title={name}>
            {name}
          </h3>
          <p className="mt-0.5 line-clamp-2 text-sm leading-snug text-slate-700">{college.Course}</p>
        </div>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm">
        <Fact label="Closing rank (AIR)" value={college.Rank.toLocaleString('en-IN')} strong />
        <Fact label="Annual fee" value={rupees(fee)} />
        <Fact label="Allotted quota" value={college['Allotted Quota']} />
        <Fact label="Allotted category" value={college['Alloted Category']} />
        <Fact label="State" value={college.State} hidden={!open} />
        <div className="col-span-2" hidden={!open}>
          <dt className="text-xs text-slate-600">Location</dt>
          <dd className="font-medium text-slate-900">{location}</dd>
        </div>
        {college.bondYears !== null ? (
          <Fact label="Service bond" value={`${college.bondYears} years · penalty ${rupees(college.bondPenalty)}`} hidden={!open} />
        ) : null}
      </dl>
      <div className="mt-1 flex items-start justify-between gap-2">
        <p className="pt-1 text-xs text-slate-600" data-testid="seat-note">
          Judged on {college.referenceLabel} (All India counselling) · fee is the institute&apos;s current annual fee
        </p>
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          className="-mr-1 shrink-0 rounded px-1 py-0.5 text-sm font-medium text-brand-700 underline underline-offset-2"
        >
          {open ? 'Fewer details' : 'Details'}
        </button>
      </div>
      {/* A flagged closing rank explains its own wider band (closingRankNote), not 'new seat'. */}
      <ChanceSummary fields={college.closingRankNote ? { ...college, wideBand: false } : college} referenceYear={college.year} expanded={open} />
      <BandRange stream="neetPg" band={college.band} />
      {college.closingRankNote ? (
        <div className="mt-2 text-xs text-amber-900" data-testid="closing-rank-note">
          {college.closingRankNote} A less sure chance.
        </div>
      ) : null}
      <AddToChoices seatId={college.id} className="mt-2 self-start" />
    </article>
  );
}
