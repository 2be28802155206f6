import { counsellings, type RoundDiffView } from '@rankwise/contract/data-admin';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { inputStyles } from '@/components/ui/form-field.tsx';
import { Page, Section } from '@/components/ui/page.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { addedRoundsQuery, useAddRound } from '../api/data-admin.queries.ts';

const int = (n: number) => n.toLocaleString('en-IN');

function Diff({ diff }: { diff: RoundDiffView }) {
  if (!diff.previous) return <p>{int(diff.rows)} rows; no earlier round to compare with.</p>;
  return (
    <div className="grid gap-1 text-sm" data-testid="round-diff">
      <p>
        Against round {diff.previous.round} of {diff.previous.year} ({int(diff.previous.rows)} rows): {int(diff.rows)} rows, {int(diff.seatsAdded)} seats added,{' '}
        {int(diff.seatsRemoved)} removed, {int(diff.compared)} in both.
        {diff.medianMovePercent === null ? '' : ` Median closing-rank move ${diff.medianMovePercent > 0 ? '+' : ''}${diff.medianMovePercent}%.`}
      </p>
      {diff.largestMoves.length ? (
        <ul className="list-disc pl-6">
          {diff.largestMoves.map((m) => (
            <li key={m.seat}>
              {m.seat}: {int(m.from)} → {int(m.to)} ({m.percent > 0 ? '+' : ''}
              {m.percent}%)
            </li>
          ))}
        </ul>
      ) : null}
      {diff.newInstitutes.length ? <p>Institutes new against that round: {diff.newInstitutes.join(', ')}.</p> : null}
      {diff.newPrograms ? <p>Institute × program pairs new against that round: {int(diff.newPrograms)}.</p> : null}
    </div>
  );
}

/** Admin: add one published round (issue 22 item 5), as `npm run data:add` does. */
export function AdminDataPage() {
  const rounds = useQuery(addedRoundsQuery);
  const add = useAddRound();
  const [file, setFile] = useState<File | null>(null);
  const [counselling, setCounselling] = useState<(typeof counsellings)[number]>('JoSAA');
  const [year, setYear] = useState(String(new Date().getFullYear()));
  const [round, setRound] = useState('');
  const ids = { file: useId(), counselling: useId(), year: useId(), round: useId() };
  const problems = add.error instanceof ApiError ? (add.error.fieldErrors.file ?? Object.values(add.error.fieldErrors).flat()) : [];
  const run = (check: boolean) => {
    if (file) add.mutate({ file, query: { counselling, year: Number(year), round: Number(round), check: check ? 'true' : 'false' } });
  };
  return (
    <Page
      title="Add a counselling round"
      lead="Upload one published round (JoSAA or CSAB OR-CR, or an MCC round's allotment list, as CSV). It is checked first: a file with any problem is refused and nothing is imported. Check it to see the difference against the previous round, then add it: it goes live for every answer without a restart."
    >
      <form
        className="grid max-w-xl gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          run(true);
        }}
      >
        <label htmlFor={ids.file} className="text-sm font-medium text-slate-800">
          Round file (CSV)
        </label>
        <input id={ids.file} type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} required />
        <label htmlFor={ids.counselling} className="text-sm font-medium text-slate-800">
          Counselling
        </label>
        <select id={ids.counselling} className={inputStyles} value={counselling} onChange={(e) => setCounselling(e.target.value as typeof counselling)}>
          {counsellings.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
        <label htmlFor={ids.year} className="text-sm font-medium text-slate-800">
          Year
        </label>
        <input id={ids.year} className={inputStyles} inputMode="numeric" value={year} onChange={(e) => setYear(e.target.value)} required />
        <label htmlFor={ids.round} className="text-sm font-medium text-slate-800">
          Round
        </label>
        <input id={ids.round} className={inputStyles} inputMode="numeric" value={round} onChange={(e) => setRound(e.target.value)} required />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={!file || add.isPending}>
            Check
          </Button>
          <Button type="button" variant="secondary" disabled={!file || add.isPending || add.data?.data.status !== 'checked'} onClick={() => run(false)}>
            Add and go live
          </Button>
        </div>
      </form>
      <div aria-live="polite" className="mt-4 grid gap-2">
        {add.isPending ? <p role="status">Checking{add.variables?.query.check === 'false' ? ' and importing (about half a minute)' : ''}…</p> : null}
        {add.isError ? (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            <p className="font-medium">{errorMessage(add.error, 'The round could not be added. Please try again.')}</p>
            {problems.length ? (
              <ul className="mt-2 list-disc pl-6">
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        {add.data ? (
          <div className="rounded-xl border border-slate-200 bg-white p-4">
            <p className="font-medium">{add.data.message}</p>
            <Diff diff={add.data.data.diff} />
          </div>
        ) : null}
      </div>
      <Section title="Rounds added so far">
        {rounds.isPending ? (
          <p role="status">Loading…</p>
        ) : rounds.isError ? (
          <p role="alert">{errorMessage(rounds.error, 'Could not load the added rounds.')}</p>
        ) : rounds.data.data.length === 0 ? (
          <p>None yet: every round comes from the published data sets.</p>
        ) : (
          <ul className="list-disc pl-6 text-sm">
            {rounds.data.data.map((r) => (
              <li key={r.file}>
                {r.counselling} {r.year} round {r.round}: {int(r.rows)} rows, added by {r.addedBy} on {r.addedAt.slice(0, 10)} (sha256 {r.sha256.slice(0, 12)}…)
              </li>
            ))}
          </ul>
        )}
      </Section>
    </Page>
  );
}
