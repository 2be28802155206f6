import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { inputStyles } from '@/components/ui/form-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useModal } from '@/lib/stores/modals.ts';
import { useSession } from '@/lib/stores/session.ts';
import { similarCounsellorsQuery, useWatchCollege } from '../api/counsellors.queries.ts';
import { CounsellorCard } from './counsellor-card.tsx';

/**
 * A college with no counsellor yet is not a dead end (issue 24 item 7): be told by e-mail when one
 * joins, talk to students of similar colleges meanwhile, or, studying there, become its counsellor.
 */
export function NoCounsellorYet({ collegeName }: { collegeName: string }) {
  const similar = useQuery({ ...similarCounsellorsQuery(collegeName), enabled: collegeName !== '' });
  const open = useModal((s) => s.open);
  const college = similar.data?.data.college ?? collegeName;
  const others = similar.data?.data.counsellors ?? [];
  const similarId = useId();
  return (
    <div className="mt-8 grid gap-8">
      {collegeName ? <WatchForm collegeName={collegeName} college={college} /> : null}
      <p className="rounded-xl bg-brand-50 px-4 py-3 text-brand-900 ring-1 ring-brand-100">
        <strong>Study here?</strong>{' '}
        <Link to="/counsellor" className="font-medium underline">
          Become a counsellor
        </Link>{' '}
        {collegeName ? `and guide students choosing ${college}.` : 'and guide students choosing your college.'}
      </p>
      {others.length > 0 ? (
        <section aria-labelledby={similarId} className="grid gap-4">
          <h2 id={similarId} className="text-xl font-semibold text-slate-900">
            Students of similar colleges
          </h2>
          <ul className="grid gap-5" aria-label="Counsellors of similar colleges">
            {others.map((c) => (
              <li key={c._id}>
                <CounsellorCard counsellor={c} onBook={() => open('connectWithStudents', { counsellor: c })} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function WatchForm({ collegeName, college }: { collegeName: string; college: string }) {
  const user = useSession((s) => s.user);
  const [email, setEmail] = useState(user?.email ?? '');
  const watch = useWatchCollege();
  const id = useId();
  return (
    <form
      noValidate
      className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4"
      onSubmit={(e) => {
        e.preventDefault();
        watch.mutate({ instituteName: collegeName, email });
      }}
    >
      <label htmlFor={id} className="font-medium text-slate-900">
        E-mail me once when a student of {college} joins
      </label>
      <div className="flex flex-wrap gap-2">
        <input id={id} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} className={`${inputStyles} max-w-sm`} />
        <Button type="submit" disabled={watch.isPending || email.trim().length < 3}>
          Notify me
        </Button>
      </div>
      <p className="text-xs text-slate-600">One e-mail, and every e-mail has a link that stops it with one click.</p>
      {watch.isSuccess ? <p role="status">{watch.data.message}</p> : null}
      {watch.isError ? <p role="alert">{errorMessage(watch.error, 'Could not save that. Please try again.')}</p> : null}
    </form>
  );
}
