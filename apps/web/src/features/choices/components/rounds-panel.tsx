import type { AdviceResponse, ChoiceList } from '@rankwise/contract/choices';
import { useQuery } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { askAdvice, listQuery, listsQuery, rehearseQuery } from '../api/choices.queries.ts';
import { AfterJosaa } from './after-josaa.tsx';

const pct = (x: number) => `${Math.round(x * 100)}%`;
const at = (p: number | null) => (p === null ? '—' : `#${p}`);

/**
 * Rehearse the rounds (a mock allotment on the reference year's rounds and on simulated years, under
 * float, slide and freeze) and, during counselling, advice from the seat held after round k.
 */
export const RoundsPanel = memo(function RoundsPanel({ list, student, ids }: { list: ChoiceList; student: Record<string, unknown>; ids: string[] }) {
  const [open, setOpen] = useState(false);
  // A JoSAA list's rehearsal continues into CSAB on the student's most recent CSAB list (docs/decisions/0027).
  const josaa = list.counselling === 'JoSAA';
  const lists = useQuery({ ...listsQuery(), enabled: open && josaa });
  const csabId = lists.data?.data.find((l) => l.counselling === 'CSAB')?.id ?? null;
  const csabList = useQuery({ ...listQuery(csabId ?? 'none'), enabled: open && csabId !== null });
  const csab = csabList.data ? { student: csabList.data.data.student, choices: csabList.data.data.items.map((i) => i.id) } : undefined;
  const csabReady = !josaa || (lists.isSuccess && (csabId === null || csabList.isSuccess)) || lists.isError || csabList.isError;
  const rehearsal = useQuery(rehearseQuery(list.counselling, student, ids, open && ids.length > 0 && csabReady, csab));
  const [round, setRound] = useState('1');
  const [held, setHeld] = useState('');
  const [advice, setAdvice] = useState<AdviceResponse['data'] | null>(null);
  const [adviceError, setAdviceError] = useState<string | null>(null);
  const r = rehearsal.data?.data;
  return (
    <section className="space-y-3 rounded-xl border border-slate-200 p-3" aria-labelledby="rounds-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="rounds-title" className="font-semibold text-slate-900">
          Rehearse the rounds
        </h3>
        <Button variant="secondary" onClick={() => setOpen((v) => !v)} aria-expanded={open} disabled={!ids.length}>
          {open ? 'Hide' : 'Rehearse'}
        </Button>
      </div>
      {open && rehearsal.isPending ? <p className="text-sm">Rehearsing…</p> : null}
      {rehearsal.isError ? <p className="text-sm text-red-700">{errorMessage(rehearsal.error, 'The rounds could not be rehearsed.')}</p> : null}
      {open && r ? (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" aria-label={`Mock allotment on the ${r.referenceYear} rounds`}>
              <caption className="text-left text-xs text-slate-600">With {r.referenceYear}’s closing ranks, round by round: the choice you would hold</caption>
              <thead>
                <tr className="text-xs uppercase text-slate-600">
                  <th className="p-1">Round</th>
                  <th className="p-1">Float</th>
                  <th className="p-1">Slide</th>
                  <th className="p-1">Freeze</th>
                </tr>
              </thead>
              <tbody>
                {r.rounds.map((k, i) => (
                  <tr key={k} className="border-t border-slate-100">
                    <td className="p-1">{k}</td>
                    <td className="p-1">{at(r.reference.float[i])}</td>
                    <td className="p-1">{at(r.reference.slide[i])}</td>
                    <td className="p-1">{at(r.reference.freeze[i])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-1 text-sm text-slate-800" data-testid="rehearsal-simulated">
            <li>
              Over {r.simulated.years.toLocaleString('en-IN')} simulated years, floating ends with a higher choice than your first allotted seat in{' '}
              {pct(r.simulated.floatGains)} of them.
            </li>
            <li>
              No seat at the end: float {pct(r.simulated.float.none)}, slide {pct(r.simulated.slide.none)}, freeze {pct(r.simulated.freeze.none)} (a held seat
              is never lost by floating).
            </li>
            <li>Holding a seat after each round (float): {r.simulated.holding.map((h, i) => `round ${i + 1}: ${pct(h)}`).join(', ')}.</li>
          </ul>
          {r.afterJosaa ? <AfterJosaa a={r.afterJosaa} csabName={csabList.data?.data.name ?? null} /> : null}
        </>
      ) : null}
      {list.counselling === 'MCC' ? (
        <p className="border-t border-slate-100 pt-3 text-sm text-slate-700" data-testid="advice-unavailable">
          In-season advice with chances is not given for MCC lists: NEET PG’s round-by-round closing ranks are in our data for 2024 (as rank ranges) and 2025
          only, too few to measure and check how a round’s closing ranks move to the last round. What holds regardless: an upgrade option never loses the seat
          you hold, and a seat not joined by the deadline is lost.
        </p>
      ) : (
        <form
          className="space-y-2 border-t border-slate-100 pt-3"
          onSubmit={async (e) => {
            e.preventDefault();
            setAdviceError(null);
            try {
              setAdvice((await askAdvice({ counselling: list.counselling, student, choices: ids, round: Number(round), heldChoice: Number(held) })).data);
            } catch (err) {
              setAdvice(null);
              setAdviceError(err instanceof ApiError ? err.message : errorMessage(err, 'No advice could be given.'));
            }
          }}
        >
          <p className="text-sm font-medium text-slate-900">During counselling: freeze, float or slide?</p>
          {list.counselling === 'CSAB' ? (
            <p className="text-xs text-slate-600">
              CSAB’s chances come from one past year only (CSAB 2024 to 2025 in our data), so they are shown with that one backtest; from a round no past CSAB
              year had before its last, no chance is given.
            </p>
          ) : null}
          <div className="flex flex-wrap items-end gap-2">
            <label className="text-sm text-slate-800">
              Round
              <input
                className="ml-1 w-14 rounded border border-slate-300 px-2 py-1"
                inputMode="numeric"
                value={round}
                onChange={(e) => setRound(e.target.value)}
              />
            </label>
            <label className="text-sm text-slate-800">
              Allotted choice number
              <input
                className="ml-1 w-16 rounded border border-slate-300 px-2 py-1"
                inputMode="numeric"
                value={held}
                onChange={(e) => setHeld(e.target.value)}
              />
            </label>
            <Button type="submit" variant="secondary" className="px-3 py-1.5">
              Advise me
            </Button>
          </div>
          {adviceError ? <p className="text-sm text-red-700">{adviceError}</p> : null}
          {advice ? (
            <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800" data-testid="advice">
              <p className="text-base font-semibold capitalize text-slate-900">{advice.recommendation}</p>
              <p>{advice.reason}</p>
              <p className="mt-1 text-xs text-slate-600">
                From how closing ranks moved from round {advice.round} to the last round in {advice.model.years.join(', ')} (
                {advice.model.moves.toLocaleString('en-IN')} moves), applied to {advice.model.currentYear}’s round {advice.round} closing ranks.
              </p>
              {advice.model.backtest.map((b) => (
                <p key={b.year} className="mt-1 text-xs text-slate-600" data-testid="advice-backtest">
                  Backtest: learnt from {b.trainYears.join(', ')} and scored on {b.year} ({b.points.toLocaleString('en-IN')} points), Brier score{' '}
                  {b.roundModel.toFixed(3)} against {b.roundIsFinal.toFixed(3)} for taking round {b.round} as final (lower is better). One year is a thin check:
                  a year that moves differently is not covered.
                </p>
              ))}
              <ul className="mt-2 space-y-0.5">
                {advice.higher.map((h) => (
                  <li key={h.position}>
                    #{h.position}: {h.chance === null ? 'NA' : pct(h.chance)}
                    {h.closingRank === null ? '' : ` (round ${advice.round} closing rank ${h.closingRank.toLocaleString('en-IN')})`}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </form>
      )}
    </section>
  );
});
