import { counsellingLabels, counsellings, type ChoiceList, type Counselling } from '@rankwise/contract/choices';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { createList, listQuery, listsQuery } from '../api/choices.queries.ts';
import { ListEditor } from './list-editor.tsx';
import { emptyStudent, StudentForm, studentOf, type StudentDraft } from './student-form.tsx';

/** /choices (issue 23): the student's saved lists, one open at a time (?list=<id>). */
export function ChoicesPage() {
  const [params, setParams] = useSearchParams();
  const lists = useQuery(listsQuery());
  const wanted = params.get('list');
  const selectedId = wanted ?? lists.data?.data[0]?.id ?? null;
  const list = useQuery({ ...listQuery(selectedId ?? 'none'), enabled: selectedId !== null });
  const [creating, setCreating] = useState(false);

  return (
    <main className="mx-auto w-full max-w-5xl px-3 py-8 sm:px-4">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">My choice lists</h1>
      <p className="mt-2 text-sm text-slate-700">
        Build the ordered list you will submit to JoSAA, CSAB or MCC, and see the chance of every outcome: how often each choice is the seat you end with, and
        how often you end with none.
      </p>
      {lists.isPending ? <p className="mt-6">Loading your lists…</p> : null}
      {lists.isError ? <p className="mt-6 text-red-700">{errorMessage(lists.error, 'Your lists could not be loaded.')}</p> : null}
      {lists.data ? (
        <div className="mt-6 flex flex-wrap items-center gap-2">
          <label className="text-sm font-medium text-slate-800" htmlFor="choice-list-select">
            List
          </label>
          <select
            id="choice-list-select"
            className="rounded-lg border border-slate-300 px-3 py-2"
            value={selectedId ?? ''}
            onChange={(e) => setParams({ list: e.target.value })}
            disabled={!lists.data.data.length}
          >
            {lists.data.data.length ? null : <option value="">No lists yet</option>}
            {lists.data.data.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name} ({counsellingLabels[l.counselling]}, {l.choices})
              </option>
            ))}
          </select>
          <Button variant="secondary" onClick={() => setCreating((v) => !v)} aria-expanded={creating}>
            New list
          </Button>
        </div>
      ) : null}
      {creating ? (
        <NewList
          onMade={(l) => {
            setCreating(false);
            setParams({ list: l.id });
          }}
        />
      ) : null}
      {lists.data && !lists.data.data.length && !creating ? (
        <p className="mt-6 rounded-lg bg-slate-50 p-4 text-slate-700">
          You have no list yet. Make one with New list, or use ‘Add to my choices’ on your results: the first seat you add starts a list for that counselling.
        </p>
      ) : null}
      {list.isError ? <p className="mt-6 text-red-700">{errorMessage(list.error, 'This list could not be loaded.')}</p> : null}
      {list.data ? <ListEditor key={`${list.data.data.id}:${list.dataUpdatedAt}`} list={list.data.data} /> : null}
    </main>
  );
}

function NewList({ onMade }: { onMade(list: ChoiceList): void }) {
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [counselling, setCounselling] = useState<Counselling>('JoSAA');
  const [student, setStudent] = useState<StudentDraft>(emptyStudent('JoSAA'));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="mt-4 space-y-4 rounded-xl border border-slate-200 p-4"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        try {
          const made = await createList({ name: name.trim() || `My ${counsellingLabels[counselling]} list`, counselling, student: studentOf(student) });
          await qc.invalidateQueries({ queryKey: ['choices', 'lists'] });
          onMade(made.data);
        } catch (err) {
          if (err instanceof ApiError) setErrors(err.fieldErrors);
          toast.error(errorMessage(err, 'The list could not be made.'));
        } finally {
          setBusy(false);
        }
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="block text-sm font-medium text-slate-800">
          Name
          <input className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="block text-sm font-medium text-slate-800">
          Counselling
          <select
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
            value={counselling}
            onChange={(e) => {
              const c = e.target.value as Counselling;
              setCounselling(c);
              setStudent(emptyStudent(c));
            }}
          >
            {counsellings.map((c) => (
              <option key={c} value={c}>
                {counsellingLabels[c]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <StudentForm counselling={counselling} value={student} onChange={setStudent} errors={errors} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Making…' : 'Make the list'}
      </Button>
    </form>
  );
}
