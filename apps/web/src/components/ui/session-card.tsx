import { useId, type ReactNode } from 'react';
import { buttonStyles } from './button.tsx';

/**
 * A video session as a card (the student's and the counsellor's views): who, when, what, the room
 * link while it is open, the actions, and whatever opens below them (a confirmation, a form).
 */
export function SessionCardFrame(p: {
  title: ReactNode;
  when: string;
  summary: ReactNode;
  notes?: ReactNode;
  meetingUrl: string | null;
  actions: ReactNode;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div>
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          {p.title}
        </h3>
        <p className="text-slate-800">{p.when}</p>
        <p className="text-sm text-slate-700">{p.summary}</p>
        {p.notes}
      </div>
      <div className="flex flex-wrap gap-2">
        {p.meetingUrl ? (
          <a href={p.meetingUrl} target="_blank" rel="noopener noreferrer" className={buttonStyles.primary}>
            Join the session<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
        {p.actions}
      </div>
      {p.children}
    </article>
  );
}
