import type { ProfileChangeView } from '@rankwise/contract/counsellors';
import { yearLabel } from '@rankwise/contract/counsellors';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { inputStyles } from '@/components/ui/form-field.tsx';
import { Page } from '@/components/ui/page.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import defaultPhoto from '../assets/default-counsellor.svg';
import { profileChangesQuery, useReviewProfileChange } from '../api/counsellors.queries.ts';
import { AdminNav } from './admin-nav.tsx';

/** Admin: approved counsellors' edits, live beside proposed; nothing is public until approved (issue 24). */
export function AdminProfileChangesPage() {
  const list = useQuery(profileChangesQuery);
  return (
    <Page title="Profile changes">
      <AdminNav />
      {list.isPending ? (
        <p role="status">Loading…</p>
      ) : list.isError ? (
        <p role="alert">{errorMessage(list.error, 'Could not load the changes.')}</p>
      ) : list.data.data.length === 0 ? (
        <p>No changes waiting.</p>
      ) : (
        <ul className="grid gap-4">
          {list.data.data.map((c) => (
            <li key={c.counsellorId}>
              <ChangeCard change={c} />
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

const FIELDS = [
  ['name', 'Name'],
  ['yearOfStudy', 'Year'],
  ['program', 'Program'],
  ['about', 'About'],
  ['achievements', 'Achievements'],
  ['experience', 'Experience'],
] as const;

function ChangeCard({ change: c }: { change: ProfileChangeView }) {
  const review = useReviewProfileChange();
  const [note, setNote] = useState('');
  const noteId = useId();
  const show = (k: (typeof FIELDS)[number][0], v: ProfileChangeView['live']) => (k === 'yearOfStudy' ? yearLabel(v.yearOfStudy) : (v[k] ?? '—'));
  const decide = async (decision: 'approve' | 'reject') => {
    try {
      const res = await review.mutateAsync({ id: c.counsellorId, decision, note: note || undefined });
      toast.success(res.message);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not save the decision. Please try again.'));
    }
  };
  return (
    <article aria-label={`Changes from ${c.live.name}`} className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">{c.live.name}</h2>
      <p className="text-sm text-slate-700">
        {c.college} · {c.email} · sent {new Date(c.submittedAt).toLocaleString('en-IN')}
      </p>
      <table className="w-full text-left text-sm">
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-3">
              Field
            </th>
            <th scope="col" className="py-1 pr-3">
              Live now
            </th>
            <th scope="col" className="py-1">
              Proposed
            </th>
          </tr>
        </thead>
        <tbody>
          {FIELDS.map(([k, label]) => {
            const changed = c.live[k] !== c.proposed[k];
            return (
              <tr key={k} className={changed ? 'bg-amber-50' : undefined}>
                <th scope="row" className="py-1 pr-3 align-top font-medium">
                  {label}
                  {changed ? <span className="sr-only"> (changed)</span> : null}
                </th>
                <td className="py-1 pr-3 align-top whitespace-pre-line">{show(k, c.live)}</td>
                <td className="py-1 align-top whitespace-pre-line">{show(k, c.proposed)}</td>
              </tr>
            );
          })}
          <tr className={c.live.image !== c.proposed.image ? 'bg-amber-50' : undefined}>
            <th scope="row" className="py-1 pr-3 align-top font-medium">
              Photo
            </th>
            <td className="py-1 pr-3">
              <img src={c.live.image ?? defaultPhoto} alt="Live" width={64} height={64} className="h-16 w-16 rounded-full object-cover" />
            </td>
            <td className="py-1">
              <img src={c.proposed.image ?? defaultPhoto} alt="Proposed" width={64} height={64} className="h-16 w-16 rounded-full object-cover" />
            </td>
          </tr>
        </tbody>
      </table>
      <label htmlFor={noteId} className="text-sm font-medium text-slate-800">
        Note to the counsellor (e-mailed; required to turn the changes down)
      </label>
      <textarea id={noteId} rows={2} value={note} onChange={(e) => setNote(e.target.value)} className={inputStyles} />
      <div className="flex gap-2">
        <Button onClick={() => void decide('approve')} disabled={review.isPending}>
          Publish the changes
        </Button>
        <Button variant="secondary" onClick={() => void decide('reject')} disabled={review.isPending}>
          Turn down
        </Button>
      </div>
    </article>
  );
}
