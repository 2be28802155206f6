import type { Earnings } from '@rankwise/contract/sessions';
import { rupees, sessionWhen, shortDate } from '@/lib/format.ts';

/** What is payable when: Rankwise's commission, then each held or payable session with its date (issue 24). */
export function EarningsSchedule({ data }: { data: Earnings }) {
  const t = data.totals;
  return (
    <div className="grid gap-2">
      <p className="text-sm text-slate-800">
        Rankwise keeps a commission of <strong>{data.commissionPercent}%</strong> of each completed session&apos;s price. Payable now: {rupees(t.payablePaise)},
        which comes to <strong>{rupees(t.payableNetPaise)}</strong> for you after the commission; it is paid in the next payout.
      </p>
      {data.schedule.length > 0 ? (
        <div className="overflow-x-auto rounded-xl ring-1 ring-slate-200">
          <table className="w-full bg-white text-left text-sm">
            <caption className="px-3 py-2 text-left font-semibold text-slate-900">What is payable when</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Session
                </th>
                <th scope="col" className="px-3 py-2">
                  State
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Amount
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Yours after commission
                </th>
              </tr>
            </thead>
            <tbody>
              {data.schedule.map((s) => (
                <tr key={s.bookingId} className="border-t border-slate-100">
                  <td className="px-3 py-2">
                    {s.studentName}, {shortDate(s.sessionStartsAt)}
                  </td>
                  <td className="px-3 py-2">
                    {s.state === 'payable'
                      ? `Payable since ${s.payableSince ? shortDate(s.payableSince) : 'NA'}: in the next payout`
                      : s.payableFrom
                        ? `Held: payable from ${sessionWhen(s.payableFrom, s.payableFrom).replace(/ - .*$/, ' IST')} if no one reports a problem`
                        : `Held: waiting for ${s.waitingFor ?? 'a decision'}`}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{rupees(s.amountPaise)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{rupees(s.netPaise)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
