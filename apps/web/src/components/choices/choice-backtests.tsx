import { choiceEndpoints, type ChoiceBacktests } from '@rankwise/contract/choices';
import { useQuery } from '@tanstack/react-query';
import { ScrollRegion } from '@/components/ui/scroll-region.tsx';
import { api } from '@/lib/api-client.ts';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const f3 = (x: number) => x.toFixed(3);
const int = (n: number) => n.toLocaleString('en-IN');

/**
 * /methodology's section on choice lists (docs/decisions/0027): the backtest of the outcome model
 * (the chance of every outcome of a list) and of the round-k model behind the in-season advice, as
 * the import stored them.
 */
export function ChoiceBacktests() {
  const q = useQuery({
    queryKey: ['choices', 'backtests'],
    queryFn: ({ signal }) => api(choiceEndpoints.backtests, { signal }),
    staleTime: 60 * 60 * 1000,
    // A fresh install computes them in the background after its first start: asked again until they are stored.
    refetchInterval: (query) => (query.state.data?.data.computing ? 15_000 : false),
  });
  const d = q.data?.data;
  if (d && !d.outcomes && !d.rounds && d.computing)
    return (
      <section className="space-y-2" aria-labelledby="choice-backtests">
        <h2 id="choice-backtests" className="text-xl font-semibold text-slate-900">
          Choice lists: the chance of every outcome, and freeze, float or slide
        </h2>
        <p role="status" data-testid="choice-backtests-computing">
          The backtests of choice lists are being computed from the JoSAA files on this new installation (about a minute); they appear here when done.
        </p>
      </section>
    );
  if (!d || (!d.outcomes && !d.rounds)) return null;
  const th = 'p-2 text-left font-semibold';
  const td = 'p-2 tabular-nums';
  return (
    <section className="space-y-4" aria-labelledby="choice-backtests">
      <h2 id="choice-backtests" className="text-xl font-semibold text-slate-900">
        Choice lists: the chance of every outcome, and freeze, float or slide
      </h2>
      {d.outcomes ? (
        <>
          <p>
            A list’s outcome joins its seats’ chances with one shock per simulated year that moves every closing rank together. Backtest: for each year, lists
            of 30 NIT, IIIT and GFTI seats for {int(d.outcomes.total.students)} simulated students, predicted from the years before only. Brier score of the
            whole outcome (lower is better).
          </p>
          <ScrollRegion label="Outcome model backtest by year">
            <table className="w-full text-sm" aria-label="Outcome model backtest by year">
              <thead>
                <tr>
                  <th className={th}>Year</th>
                  <th className={th}>Lists</th>
                  <th className={th}>Brier: model</th>
                  <th className={th}>Seats independent</th>
                  <th className={th}>Last year as certain</th>
                  <th className={th}>No seat: predicted</th>
                  <th className={th}>No seat: observed</th>
                </tr>
              </thead>
              <tbody>
                {[...d.outcomes.years.map((y) => ({ label: String(y.year), ...y })), { label: 'All', ...d.outcomes.total }].map((y) => (
                  <tr key={y.label} className="border-t border-slate-100">
                    <td className={td}>{y.label}</td>
                    <td className={td}>{int(y.students)}</td>
                    <td className={td}>{f3(y.brier.model)}</td>
                    <td className={td}>{f3(y.brier.independent)}</td>
                    <td className={td}>{f3(y.brier.lastYear)}</td>
                    <td className={td}>{pct(y.none.predicted)}</td>
                    <td className={td}>{pct(y.none.observed)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      ) : null}
      {d.rounds ? (
        <>
          <p>
            In-season advice reads this year’s round-k closing ranks and how closing ranks moved from round k to the last round in past years. Predicting a
            year’s final closing rank from its round-1 closing rank scored a Brier score of {f3(d.rounds.round1.roundModel)} against{' '}
            {f3(d.rounds.round1.lastYear)} for last year’s chance model and {f3(d.rounds.round1.roundIsFinal)} for taking round 1 as final (
            {int(d.rounds.round1.points)} rank points).
          </p>
          <ScrollRegion label="Round-k model backtest">
            <table className="w-full text-sm" aria-label="Round-k model backtest">
              <thead>
                <tr>
                  <th className={th}>Year</th>
                  <th className={th}>Round</th>
                  <th className={th}>Points</th>
                  <th className={th}>Round-k model</th>
                  <th className={th}>Last year</th>
                  <th className={th}>Round k is final</th>
                </tr>
              </thead>
              <tbody>
                {d.rounds.rounds.map((r) => (
                  <tr key={`${r.year}-${r.round}`} className="border-t border-slate-100">
                    <td className={td}>{r.year}</td>
                    <td className={td}>{r.round}</td>
                    <td className={td}>{int(r.points)}</td>
                    <td className={td}>{f3(r.brier.roundModel)}</td>
                    <td className={td}>{f3(r.brier.lastYear)}</td>
                    <td className={td}>{f3(r.brier.roundIsFinal)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <ScrollRegion label="Round-1 advice against always floating">
            <table className="w-full text-sm" aria-label="Round-1 advice against always floating">
              <thead>
                <tr>
                  <th className={th}>Year</th>
                  <th className={th}>Students</th>
                  <th className={th}>Advice: float / slide / freeze</th>
                  <th className={th}>Final seat as good as floating</th>
                  <th className={th}>Improved: advice</th>
                  <th className={th}>Improved: always float</th>
                </tr>
              </thead>
              <tbody>
                {d.rounds.advice.map((a) => (
                  <tr key={a.year} className="border-t border-slate-100">
                    <td className={td}>{a.year}</td>
                    <td className={td}>{int(a.students)}</td>
                    <td className={td}>
                      {a.advice.float} / {a.advice.slide} / {a.advice.freeze}
                    </td>
                    <td className={td}>{pct(a.keptOrImprovedAsFloat / a.students)}</td>
                    <td className={td}>{pct(a.improved.advice / a.students)}</td>
                    <td className={td}>{pct(a.improved.float / a.students)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      ) : null}
      {d.csabRounds.length ? <CsabRounds rows={d.csabRounds} /> : null}
      <p className="text-sm text-slate-600">
        Computed {d.computedAt ? d.computedAt.slice(0, 10) : 'NA'} from the JoSAA files; the method is decision 0027 of the code.
      </p>
    </section>
  );
}

/** CSAB's own round-k backtest: one year pair in our data (CSAB 2024 → 2025), shown as such. */
function CsabRounds({ rows }: { rows: ChoiceBacktests['data']['csabRounds'] }) {
  return (
    <div className="space-y-2" data-testid="csab-round-backtest">
      <h3 className="font-semibold text-slate-900">CSAB in-season advice</h3>
      <p className="text-sm">
        CSAB has published rounds for 2024 (two rounds) and 2025 (three) in our data, so its round model learns from one year and is checked on one: a year that
        moves differently is not covered. CSAB advice gives a chance only from a round that a past CSAB year had before its last round.
      </p>
      <ScrollRegion label="CSAB round model backtest">
        <table className="w-full text-sm" aria-label="CSAB round model backtest">
          <thead>
            <tr>
              <th className="p-2 text-left font-semibold">Scored on</th>
              <th className="p-2 text-left font-semibold">Learnt from</th>
              <th className="p-2 text-left font-semibold">Round</th>
              <th className="p-2 text-left font-semibold">Points</th>
              <th className="p-2 text-left font-semibold">Brier: round model</th>
              <th className="p-2 text-left font-semibold">Round k is final</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.year}-${r.round}`} className="border-t border-slate-100">
                <td className="p-2 tabular-nums">{r.year}</td>
                <td className="p-2 tabular-nums">{r.trainYears.join(', ')}</td>
                <td className="p-2 tabular-nums">{r.round}</td>
                <td className="p-2 tabular-nums">{r.points.toLocaleString('en-IN')}</td>
                <td className="p-2 tabular-nums">{r.roundModel.toFixed(3)}</td>
                <td className="p-2 tabular-nums">{r.roundIsFinal.toFixed(3)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
