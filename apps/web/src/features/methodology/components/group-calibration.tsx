import type { Backtest } from '@rankwise/contract/chance';
import { ScrollRegion } from '@/components/ui/scroll-region.tsx';
import { bandRangesOf } from '@/lib/band-ranges.ts';

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const int = (v: number) => v.toLocaleString('en-IN');

/**
 * The seat groups calibrated on their own (docs/decisions/0014): per group, the chance given and
 * the share who got the seat per band over all backtest years, and the group's change of z.
 */
export function GroupCalibration({ backtest, name }: { backtest: Backtest; name: string }) {
  const groups = backtest.calibrationGroups;
  if (!groups?.length) return null;
  const bands = groups[0].bands.map((b) => b.band);
  const caption = `${name} calibration per seat group, all backtest years (chance given / share who got the seat)`;
  return (
    <>
      <p>
        Some seats move differently from the rest: seats closing under rank 100, PwD seats and the GO, JK and LA quotas. Each such group gets its own
        correction, learned (for each backtest year) from its own earlier points: a shift of its standardised distance (positive when its closing ranks tend to
        rise) and a width on each side (above 1: wider). A group with fewer than 2,000 earlier points keeps the common table.
      </p>
      <ScrollRegion label={caption}>
        <table className="w-full min-w-[48rem] border-collapse text-sm">
          <caption className="mb-2 text-left font-medium text-slate-900">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-300 text-left">
              <th scope="col" className="py-2 pr-3">
                Group
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                Seat-years
              </th>
              <th scope="col" className="py-2 pr-3">
                Correction
              </th>
              {bands.map((b) => (
                <th key={b} scope="col" className="py-2 pr-3 text-right">
                  {b}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => (
              <tr key={g.id} className="border-b border-slate-100">
                <th scope="row" className="py-2 pr-3 text-left font-medium">
                  {g.label}
                </th>
                <td className="py-2 pr-3 text-right tabular-nums">{int(g.seats)}</td>
                <td className="py-2 pr-3 text-xs">
                  {g.own && g.adjustment
                    ? `shift ${g.adjustment.shift}; width ${g.adjustment.below} for ranks better than the centre (high chances), ${g.adjustment.above} for worse ranks`
                    : 'none (common table)'}
                </td>
                {g.bands.map((b) => (
                  <td key={b.band} className="py-2 pr-3 text-right tabular-nums">
                    {b.n ? `${pct(b.predicted)} / ${pct(b.observed)}` : '–'}
                    <span className="block text-xs text-slate-600">{int(b.n)} points</span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}

/** How far a band's success moved from year to year, and why a student's seats of one band rise or fall together. */
export function YearSwing({ backtest, name }: { backtest: Backtest; name: string }) {
  const ranges = bandRangesOf(backtest);
  if (!ranges.length) return null;
  return (
    <div>
      <h3 className="font-semibold text-slate-900">{name}: how much a year moves a band</h3>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-sm">
        {ranges.map((r) => (
          <li key={r.band}>
            {r.band}: won {Math.round(r.min * 100)}–{Math.round(r.max * 100)}% of the time, depending on the year ({r.years} backtest years)
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        A chance is right on average over the years, not in every year: in a year when more candidates take the exam or seats change, nearly all closing ranks
        move the same way. So your Toss-up seats tend to succeed or fail together: in a good year most of them come through, in a bad year few do. Keep enough
        Likely and Safe seats in your list.
      </p>
    </div>
  );
}
