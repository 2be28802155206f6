import { useState } from 'react';
import type { MedicalCollege } from '@rankwise/contract/medical';
import { AddToChoices } from '@/components/choices/add-to-choices.tsx';
import { BandRange } from '@/components/results/band-range.tsx';
import { ChanceSummary } from '@/components/results/chance-summary.tsx';
import { CollegeAvatar } from '@/components/results/initials.tsx';
import { MissingFigures } from '@/components/results/missing-figures.tsx';

/** The annual fee as the card prints it: MCC's fee list, else the institute's own figure ('NA' when neither has one). */
const feeOf = (c: MedicalCollege) => (c.Fees !== 'NA' ? c.Fees : c['Annual Fee']);

/**
 * The card's figures that no public data set has for this seat's institute, said once on the card
 * (issue 25), not as an 'NA' each. The candidate's category is not one: no card shows it (spec note above).
 */
export function missingMedicalFiguresOf(c: MedicalCollege): string[] {
  const out: string[] = [];
  if (feeOf(c) === 'NA') out.push('the annual fee');
  if (c.Location === 'NA' && c.State === 'NA') out.push('the location');
  if (c.bondYears !== null && c.bondPenalty === 'NA') out.push('the bond penalty');
  return out;
}

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
  const fee = feeOf(college);
  const missing = missingMedicalFiguresOf(college);
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
        {fee !== 'NA' ? <Fact label="Annual fee" value={`₹${fee}`} /> : null}
        <Fact label="Allotted quota" value={college['Allotted Quota']} />
        <Fact label="Allotted category" value={college['Alloted Category']} />
        {college.State !== 'NA' ? <Fact label="State" value={college.State} hidden={!open} /> : null}
        {location !== 'NA' ? (
          <div className="col-span-2" hidden={!open}>
            <dt className="text-xs text-slate-600">Location</dt>
            <dd className="font-medium text-slate-900">{location}</dd>
          </div>
        ) : null}
        {college.bondYears !== null ? (
          <Fact
            label="Service bond"
            value={`${college.bondYears} years${college.bondPenalty !== 'NA' ? ` · penalty ₹${college.bondPenalty}` : ''}`}
            hidden={!open}
          />
        ) : null}
      </dl>
      <div className="mt-1 flex items-start justify-between gap-2">
        <p className="pt-1 text-xs text-slate-600" data-testid="seat-note">
          Judged on {college.referenceLabel} (All India counselling){fee !== 'NA' ? <> · fee is the institute&apos;s current annual fee</> : null}
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
      <div hidden={!open}>
        <MissingFigures names={missing} className="mt-2 text-xs text-slate-600" />
      </div>
      <AddToChoices seatId={college.id} className="mt-2 self-start" />
    </article>
  );
}
