import type { MedicalCollege } from '@rankwise/contract/medical';
import { ChanceSummary } from '@/components/results/chance-summary.tsx';
import { CollegeAvatar } from '@/components/results/initials.tsx';

const rupees = (v: string) => (v === 'NA' ? 'NA' : `₹${v}`);

/** 'R3' means rounds R1 to R3 of the year (docs/decisions/0005-neet-pg-data.md). */
export function roundsLabel(round: string): string {
  return round === 'R1' ? 'round R1' : `rounds R1–${round}`;
}

function Fact({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className={strong ? 'font-semibold text-slate-900' : 'font-medium text-slate-900'}>{value}</dd>
    </div>
  );
}

/** Spec §2 medical card: allotted institute, course, location, allotted quota, allotted and candidate category, annual fee. */
export function MedicalCollegeCard({ college }: { college: MedicalCollege }) {
  const name = college['Allotted Institute'] || college.collegeName;
  const location = college.Location !== 'NA' ? college.Location : college.State;
  const fee = college.Fees !== 'NA' ? college.Fees : college['Annual Fee'];
  return (
    <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby={`m-${college.id}`}>
      <div className="flex gap-3">
        <CollegeAvatar name={name} imageUrl={college.imageUrl} />
        <div className="min-w-0">
          <h3 id={`m-${college.id}`} className="font-semibold leading-snug text-slate-900">
            {name}
          </h3>
          <p className="mt-1 text-sm text-slate-700">{college.Course}</p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <Fact label="Closing rank (AIR)" value={college.Rank.toLocaleString('en-IN')} strong />
        <Fact label="Annual fee" value={rupees(fee)} />
        <Fact label="Allotted quota" value={college['Allotted Quota']} />
        <Fact label="Allotted category" value={college['Alloted Category']} />
        <Fact label="Candidate category" value={college['Candidate Category']} />
        <Fact label="State" value={college.State} />
        <div className="col-span-2">
          <dt className="text-slate-600">Location</dt>
          <dd className="font-medium text-slate-900">{location}</dd>
        </div>
        {college.bondYears !== null ? <Fact label="Service bond" value={`${college.bondYears} years · penalty ${rupees(college.bondPenalty)}`} /> : null}
      </dl>
      <ChanceSummary fields={college} referenceYear={college.year} />
      <p className="mt-auto pt-3 text-xs text-slate-600">{college.referenceLabel} (All India counselling) · fee is the institute&apos;s current annual fee</p>
    </article>
  );
}
