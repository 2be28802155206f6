import { useQuery } from '@tanstack/react-query';
import { dataSetsQuery } from '../api/data-sets.queries.ts';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The line with typical labels (the three data sets, the longest usual wording), never shown. */
const TYPICAL =
  'Judged on JoSAA 0000 round 0 (round 0 not yet in our data) (updated 00 Sept 0000) · CSAB 0000 round 0 (updated 00 Sept 0000) · MCC NEET PG 0000 rounds 1-3 (updated 00 Sept 0000).';

/** The landing page's data line: what each predictor is judged on and when that data was last updated. */
export function DataLine() {
  const { data } = useQuery(dataSetsQuery());
  const sets = data ?? [];
  return (
    // The page is prerendered without data: the line with typical labels holds its lines, unseen, in the same cell as the
    // answer's, and the taller of the two keeps the place, so nothing moves when it arrives (it took 2-5 lines on a phone).
    <p className="mt-4 grid text-sm text-slate-600" data-testid="data-line">
      <span className="invisible [grid-area:1/1]" aria-hidden="true">
        {TYPICAL}
      </span>
      {sets.length ? (
        <span className="[grid-area:1/1]">
          {`Judged on ${sets.map((d) => `${d.label} (updated ${/^\d{4}-\d{2}-\d{2}$/.test(d.updatedOn) ? day(d.updatedOn) : d.updatedOn})`).join(' · ')}.`}
        </span>
      ) : null}
    </p>
  );
}
