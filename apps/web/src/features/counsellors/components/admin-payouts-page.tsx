import { addDays, istDate } from '@rankwise/contract/bookings';
import type { PayoutLine } from '@rankwise/contract/payouts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { inputStyles } from '@/components/ui/form-field.tsx';
import { Page } from '@/components/ui/page.tsx';
import { announce } from '@/lib/announce.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { downloadText, rupees, shortDate } from '@/lib/format.ts';
import { payoutReportQuery, useMarkPaid } from '../api/payouts.queries.ts';
import { AdminNav } from './admin-nav.tsx';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Admin: what to pay each counsellor for the sessions that became payable in a period (IST days),
 * as a table and a CSV, and recording each payout once sent (real transfers happen outside Rankwise).
 */
export function AdminPayoutsPage() {
  const [params, setParams] = useSearchParams();
  const today = istDate();
  const from = DATE.test(params.get('from') ?? '') ? params.get('from')! : `${today.slice(0, 8)}01`;
  const to = DATE.test(params.get('to') ?? '') ? params.get('to')! : today;
  const report = useQuery(payoutReportQuery(from, to));
  const set = (name: 'from' | 'to', v: string) => DATE.test(v) && setParams((p) => (p.set(name, v), p));
  return (
    <Page title="Payouts">
      <AdminNav />
      <div className="flex flex-wrap items-end gap-4">
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          From (IST)
          <input type="date" value={from} max={to} onChange={(e) => set('from', e.target.value)} className={inputStyles} />
        </label>
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          To (IST)
          <input type="date" value={to} min={from} max={addDays(today, 0)} onChange={(e) => set('to', e.target.value)} className={inputStyles} />
        </label>
        {report.data ? (
          <Button variant="secondary" onClick={() => downloadText(report.data.data.csv.filename, report.data.data.csv.content, 'text/csv')}>
            Download CSV
          </Button>
        ) : null}
      </div>
      {report.isPending ? (
        <p role="status">Loading…</p>
      ) : report.isError ? (
        <p role="alert">{errorMessage(report.error, 'Could not load the report.')}</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            Sessions that became payable from {from} to {to} and are not paid yet; Rankwise&apos;s commission is {report.data.data.commissionPercent}%.
          </p>
          {report.data.data.due.length === 0 ? (
            <p>Nothing is due for this period.</p>
          ) : (
            <div className="overflow-x-auto rounded-xl ring-1 ring-slate-200">
              <table className="w-full bg-white text-left text-sm">
                <caption className="sr-only">Due to counsellors</caption>
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    {['Counsellor', 'Pay to', 'Sessions', 'Gross', 'Commission', 'Net to pay', 'Record'].map((h) => (
                      <th key={h} scope="col" className="px-3 py-2 font-semibold">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {report.data.data.due.map((l) => (
                    <DueRow key={l.counsellorId} line={l} from={from} to={to} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {report.data.data.paid.length > 0 ? (
            <section className="space-y-2">
              <h2 className="text-xl font-semibold text-slate-900">Paid</h2>
              <ul className="grid gap-1 text-sm">
                {report.data.data.paid.map((p) => (
                  <li key={p.id}>
                    {p.name}: {rupees(p.netPaise)} for {p.sessions} {p.sessions === 1 ? 'session' : 'sessions'} ({p.periodFrom} to {p.periodTo}), paid{' '}
                    {shortDate(p.paidAt)}, reference {p.reference}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </Page>
  );
}

function DueRow({ line: l, from, to }: { line: PayoutLine; from: string; to: string }) {
  const [reference, setReference] = useState('');
  const mark = useMarkPaid();
  return (
    <tr className="border-t border-slate-100 align-top">
      <th scope="row" className="px-3 py-2 font-medium">
        {l.name}
        <span className="block text-xs font-normal text-slate-600">
          {l.college} · {l.email}
        </span>
      </th>
      <td className="px-3 py-2">{l.payTo ?? <span className="text-red-800">No payout details yet</span>}</td>
      <td className="px-3 py-2 tabular-nums">{l.sessions}</td>
      <td className="px-3 py-2 tabular-nums">{rupees(l.grossPaise)}</td>
      <td className="px-3 py-2 tabular-nums">{rupees(l.commissionPaise)}</td>
      <td className="px-3 py-2 font-semibold tabular-nums">{rupees(l.netPaise)}</td>
      <td className="px-3 py-2">
        <div className="flex flex-wrap gap-2">
          <input
            aria-label={`Transfer reference for ${l.name}`}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            placeholder="UTR or UPI reference"
            className={`${inputStyles} w-44`}
          />
          <Button
            disabled={mark.isPending || reference.trim().length < 3 || !l.payTo}
            onClick={() =>
              void announce(
                () => mark.mutateAsync({ counsellorId: l.counsellorId, from, to, reference }).then(() => ({ message: `${l.name} marked paid` })),
                'Could not record the payout.',
              )
            }
          >
            Mark paid
          </Button>
        </div>
      </td>
    </tr>
  );
}
