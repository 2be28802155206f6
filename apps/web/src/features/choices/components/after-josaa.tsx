import type { RehearseResponse } from '@rankwise/contract/choices';

type After = NonNullable<RehearseResponse['data']['afterJosaa']>;

const pct = (x: number) => `${Math.round(x * 100)}%`;
const at = (p: number | null) => (p === null ? '—' : `#${p}`);
const STRATEGY_LABEL = { float: 'Float', slide: 'Slide', freeze: 'Freeze' } as const;

function endOf(e: After['reference']['float']['end']): string {
  if (e === null) return 'no seat';
  return e.list === 'CSAB' ? `CSAB #${e.choice}${e.replaced ? ' (your JoSAA seat is cancelled)' : ''}` : `JoSAA #${e.choice}`;
}

/** The season after JoSAA's last round: CSAB's special rounds on the student's CSAB list, or why the JoSAA seat is final. */
export function AfterJosaa({ a, csabName }: { a: After; csabName: string | null }) {
  const strategies = ['float', 'slide', 'freeze'] as const;
  return (
    <section className="space-y-2 border-t border-slate-100 pt-3" aria-labelledby="after-josaa-title" data-testid="after-josaa">
      <h4 id="after-josaa-title" className="text-sm font-semibold text-slate-900">
        After JoSAA: CSAB
      </h4>
      {a.csabList ? (
        <>
          <p className="text-xs text-slate-600">
            On your CSAB list{csabName ? ` “${csabName}”` : ''}, with CSAB {a.csabYear}’s rounds ({a.csabRounds.length}), floating in CSAB.
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" aria-label="The season after JoSAA">
              <thead>
                <tr className="text-xs uppercase text-slate-600">
                  <th className="p-1">JoSAA</th>
                  <th className="p-1">After JoSAA</th>
                  <th className="p-1">CSAB rounds</th>
                  <th className="p-1">You end with</th>
                </tr>
              </thead>
              <tbody>
                {strategies.map((s) => {
                  const p = a.reference[s];
                  return (
                    <tr key={s} className="border-t border-slate-100">
                      <td className="p-1">{STRATEGY_LABEL[s]}</td>
                      <td className="p-1">{at(p.josaa)}</td>
                      <td className="p-1">{p.notEntered ? 'not rehearsed' : p.csab.map(at).join(' → ') || '—'}</td>
                      <td className="p-1">{endOf(p.end)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {strategies.map((s) => a.reference[s].notEntered).find((x) => x) ? (
            <p className="text-xs text-slate-600">{strategies.map((s) => a.reference[s].notEntered).find((x) => x)}</p>
          ) : null}
          {a.simulated ? (
            <p className="text-sm text-slate-800" data-testid="after-josaa-simulated">
              Over the simulated years, floating through JoSAA and then CSAB ends with a CSAB seat in {pct(a.simulated.float.csab.reduce((x, y) => x + y, 0))},
              your JoSAA seat in {pct(a.simulated.float.josaa)} and no seat in {pct(a.simulated.float.none)}; a CSAB seat replaces a JoSAA seat you held in{' '}
              {pct(a.simulated.float.replaced)}.
            </p>
          ) : null}
        </>
      ) : null}
      <ul className="list-disc space-y-0.5 pl-5 text-xs text-slate-700">
        {a.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </section>
  );
}
