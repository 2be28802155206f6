import type { choiceEndpoints, Counselling } from '@rankwise/contract/choices';
import clsx from 'clsx';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { api, endpointRef, errorMessage } from '@/lib/api-client.ts';
import { useModal } from '@/lib/stores/modals.ts';
import { useSession } from '@/lib/stores/session.ts';
import { showToast } from '@/lib/toast.ts';

// Named without the contract's schemas: the button is on every results card, and calling it needs no zod.
const addChoice = endpointRef<typeof choiceEndpoints.add>({ method: 'POST', path: '/choices/add', access: 'user' });

/**
 * The student of the results page the seat is shown on, as a choice list's student (issue 23): the
 * engineering results' URL (examType MAINS / IIT / CSAB, rank, CRL rank, category, gender, home
 * state) or the medical results' (rank, category). Null elsewhere.
 */
export function studentOfResults(pathname: string, s: URLSearchParams): { counselling: Counselling; student: Record<string, unknown> } | null {
  const num = (k: string) => {
    const v = s.get(k)?.replace(/,/g, '').trim();
    return v && /^\d+$/.test(v) ? Number(v) : undefined;
  };
  if (pathname.startsWith('/medical-colleges')) {
    const rank = num('rank');
    return rank === undefined ? null : { counselling: 'MCC', student: { rank, category: s.get('category') ?? 'General' } };
  }
  if (!pathname.startsWith('/colleges')) return null;
  const rank = num('rank');
  if (rank === undefined) return null;
  const base = { category: s.get('seatType') ?? 'OPEN', gender: s.get('gender') ?? 'Male', homeState: s.get('homeState') ?? '' };
  const exam = s.get('examType');
  const drop = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  // JEE Main Paper 2A / 2B ranks (B.Arch, B.Planning at NITs, IIITs and GFTIs), when the results had them.
  const papers = exam === 'IIT' ? {} : { archRank: num('archRank'), planningRank: num('planningRank') };
  if (exam === 'CSAB') return { counselling: 'CSAB', student: drop({ ...base, ...papers, mainRank: num('crlRank') ?? rank }) };
  return exam === 'IIT'
    ? { counselling: 'JoSAA', student: drop({ ...base, advancedRank: rank, advancedCrlRank: num('crlRank') }) }
    : { counselling: 'JoSAA', student: drop({ ...base, ...papers, mainRank: rank, mainCrlRank: num('crlRank') }) };
}

/**
 * 'Add to my choices': puts a seat (a predictor result's `id`) at the end of the student's latest
 * list of its counselling, starting one with the results' ranks when there is none (elsewhere than
 * on a results page, a list must exist). Signed out, it asks to sign in first.
 */
export function AddToChoices({
  seatId,
  seat,
  counselling,
  className,
  label = 'Add to my choices',
}: {
  seatId?: string;
  /** A college page's seat (program, quota, seat type, pool): the server finds its reference seat. */
  seat?: { instituteId: string; programName: string; quota: string; seatType: string; gender: string };
  counselling?: Counselling;
  className?: string;
  label?: string;
}) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const signedIn = useSession((s) => s.accessToken !== null);
  const open = useModal((s) => s.open);
  const [state, setState] = useState<{ listId: string; position: number } | 'busy' | null>(null);
  // On a results page the student comes from its URL; elsewhere (compare) the seat joins the latest list of `counselling`.
  const who = studentOfResults(pathname, params) ?? (counselling ? { counselling, student: undefined } : null);
  if (!who) return null;
  if (state && state !== 'busy')
    return (
      <Link to={`/choices?list=${state.listId}`} className={clsx('text-sm font-medium text-brand-700 underline', className)}>
        Choice #{state.position} in your list
      </Link>
    );
  return (
    <button
      type="button"
      disabled={state === 'busy'}
      className={clsx('rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50', className)}
      onClick={async () => {
        if (!signedIn) return open('login');
        setState('busy');
        try {
          const r = await api(addChoice, { body: { counselling: who.counselling, ...(seat ? { seat } : { seatId }), student: who.student } });
          setState({ listId: r.data.listId, position: r.data.position });
          showToast('success', r.data.added ? `Added to ${r.data.name} as choice #${r.data.position}` : `Already choice #${r.data.position} in ${r.data.name}`);
        } catch (err) {
          setState(null);
          showToast('error', errorMessage(err, 'The seat could not be added to your choices.'));
        }
      }}
    >
      {label}
    </button>
  );
}
