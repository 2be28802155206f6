import type { CalibrationGroup, Methodology } from '@rankwise/contract/chance';
import { Section } from '@/components/ui/page.tsx';
import { ScrollRegion } from '@/components/ui/scroll-region.tsx';

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const int = (v: number) => v.toLocaleString('en-IN');

type NeetPg = NonNullable<Methodology['data']['neetPg']>;
type Bands = Pick<CalibrationGroup, 'seats' | 'brier' | 'bands'>;

function Row({ label, t }: { label: string; t: Bands }) {
  return (
    <tr className="border-b border-slate-100">
      <th scope="row" className="py-2 pr-3 text-left font-medium">
        {label}
      </th>
      <td className="py-2 pr-3 text-right tabular-nums">{int(t.seats)}</td>
      <td className="py-2 pr-3 text-right tabular-nums">{t.brier?.toFixed(4) ?? '–'}</td>
      {t.bands.map((b) => (
        <td key={b.band} className="py-2 pr-3 text-right tabular-nums">
          {b.n ? `${pct(b.observed)} / ${pct(b.predicted)}` : '–'}
        </td>
      ))}
    </tr>
  );
}

/**
 * NEET PG's forward backtest (2024 → 2025) beside the two-fold one, and both per calibration group
 * (the DNB quota, the other quotas), from the stored figures (docs/decisions/0014).
 */
export function NeetPgBacktests({ neetPg }: { neetPg: NeetPg }) {
  const { forward, backtest } = neetPg;
  const groups = backtest.calibrationGroups ?? [];
  const bands = backtest.total.bands.map((b) => b.band);
  const fwdYear = forward?.years[0]?.year;
  return (
    <Section title="NEET PG: a real year ahead, and each group on its own">
      <p>
        The table above is the <strong>two-fold</strong> backtest: the data’s first pair of years (2023 → 2024), half of the institutes predicted from the other
        half. Built from one pair of years, it cannot show how much a whole year moves: both halves share the same year’s swing, so its bands look better than a
        student can count on.
      </p>
      {forward && fwdYear ? (
        <p>
          The <strong>forward</strong> backtest predicts {fwdYear} as a student would have used the product in {fwdYear}: the model learned only from the moves
          up to {fwdYear - 1}, each group calibrated on the two-fold points. On {int(forward.total.seats)} seats it scored a Brier score of{' '}
          <strong>{forward.total.brier.toFixed(4)}</strong> against <strong>{forward.total.baselineBrier.toFixed(4)}</strong> for the last-year rule. In{' '}
          {fwdYear} closing ranks moved together: seats given a Toss-up chance ({pct(forward.total.bands.find((b) => b.band === 'Toss-up')?.predicted ?? 0)} on
          average) were won {pct(forward.total.bands.find((b) => b.band === 'Toss-up')?.observed ?? 0)} of the time. That is the year-to-year swing: a student’s
          Toss-up seats tend to succeed or fail together, depending on the year.
        </p>
      ) : (
        <p>The data has no later year yet, so NEET PG has no forward backtest.</p>
      )}
      <ScrollRegion label="NEET PG backtests per group">
        <table className="w-full min-w-[44rem] border-collapse text-sm">
          <caption className="mb-2 text-left font-medium text-slate-900">NEET PG per group: share who got the seat / average chance given, per band</caption>
          <thead>
            <tr className="border-b border-slate-300 text-left">
              <th scope="col" className="py-2 pr-3">
                Group and backtest
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                Seats
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                Brier score
              </th>
              {bands.map((b) => (
                <th key={b} scope="col" className="py-2 pr-3 text-right">
                  {b}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {forward ? <Row label={`All quotas, forward ${fwdYear! - 1} → ${fwdYear}`} t={{ ...forward.total }} /> : null}
            {groups.flatMap((g) => {
              const ahead = forward?.calibrationGroups?.find((f) => f.id === g.id);
              return [
                <Row key={`${g.id}-2`} label={`${g.label}, two-fold 2023 → 2024`} t={g} />,
                ahead ? <Row key={`${g.id}-f`} label={`${g.label}, forward ${fwdYear! - 1} → ${fwdYear}`} t={ahead} /> : null,
              ];
            })}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="text-sm">
        The DNB quota is calibrated on its own: in the two-fold backtest its chances were too high (Toss-up seats won far less often than said), unlike the
        other quotas. The chances shown now ({neetPg.model.predictYear}, from the {neetPg.model.referenceYear} closing ranks) use each group’s own calibration
        table, built from both backtests’ points.
      </p>
    </Section>
  );
}
