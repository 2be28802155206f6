import { CHOICE_LIMIT, counsellingLabels, type ChoiceList, type ChoiceWarning } from '@rankwise/contract/choices';
import { indianGrouping } from '@rankwise/contract/format';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { deleteList, outcomesQuery, saveList, shareList, unshareList } from '../api/choices.queries.ts';
import { download, fileName, toCsv, toPdf, type ExportInput } from '../export.ts';
import { CatalogueSearch } from './catalogue-search.tsx';
import { ChoiceRow, ROW_HEIGHT, type RowItem } from './choice-rows.tsx';
import { useRowWindow } from './row-window.ts';
import { RoundsPanel } from './rounds-panel.tsx';
import { draftOf, StudentForm, studentOf } from './student-form.tsx';

let keySeq = 0;
const keyed = (items: { id: string; note: string }[]): RowItem[] => items.map((c) => ({ ...c, key: `k${++keySeq}` }));

/** Moves one entry of an array (a new array). */
export function moved<T>(xs: readonly T[], from: number, to: number): T[] {
  const out = [...xs];
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x);
  return out;
}

const SAVE_DELAY_MS = 500;

/**
 * One list: its choices in order (drag, arrow keys, a position number, remove), what they give as
 * chances, the warnings, adding from the catalogue, export (CSV, PDF) and the share link. Every change
 * is saved to the account half a second after the last one.
 */
export function ListEditor({ list }: { list: ChoiceList }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [items, setItems] = useState<RowItem[]>(() => keyed(list.items));
  const [student, setStudent] = useState(() => draftOf(list.student, list.counselling));
  const [editingStudent, setEditingStudent] = useState(false);
  const [sortBy, setSortBy] = useState<'' | 'rank' | 'package' | 'fees'>('');
  const [saveState, setSaveState] = useState<'saved' | 'saving' | 'stale' | 'error'>('saved');
  const [shareToken, setShareToken] = useState(list.shareToken);
  const [announcement, setAnnouncement] = useState('');
  const version = useRef(list.version);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<RowItem[] | null>(null);

  const savedStudent = useMemo(() => studentOf(draftOf(list.student, list.counselling)), [list.student, list.counselling]);
  const [appliedStudent, setAppliedStudent] = useState(savedStudent);
  const ids = useMemo(() => items.map((c) => c.id), [items]);
  const outcomes = useQuery(outcomesQuery(list.counselling, appliedStudent, ids, sortBy || undefined));
  // A new answer is rendered in a transition (in slices between frames; the rows, warnings and
  // figures follow `answer`), so that its arrival never holds a frame. The answer for this order;
  // while a new order is computed (or its answer is still being rendered), each seat keeps its own
  // chance (by id) and its outcome shows as pending (it depends on the position).
  const answer = useDeferredValue(outcomes.data);
  const current = answer && answer === outcomes.data && !outcomes.isPlaceholderData ? answer.data : null;
  const byPosition = current && current.choices.length === ids.length ? current.choices : null;
  const previousById = useMemo(() => new Map((answer?.data.choices ?? []).map((c) => [c.id, c])), [answer]);
  // What the panels below the list need of it, kept from re-rendering with every move: the rehearsal
  // follows the order in a transition, the catalogue only which seats are in the list.
  const deferredIds = useDeferredValue(ids);
  const membership = useMemo(() => [...ids].sort().join('\n'), [ids]);
  const inList = useMemo(() => new Set(membership ? membership.split('\n') : []), [membership]);
  const itemsNow = useRef(items);
  useLayoutEffect(() => {
    itemsNow.current = items;
  }, [items]);

  const flush = useCallback(async () => {
    const next = pending.current;
    if (!next) return;
    pending.current = null;
    setSaveState('saving');
    try {
      const saved = await saveList(list.id, { items: next.map(({ id, note }) => ({ id, note })), version: version.current });
      version.current = saved.data.version;
      setSaveState(pending.current ? 'saving' : 'saved');
      void qc.invalidateQueries({ queryKey: ['choices', 'lists'] });
    } catch (err) {
      setSaveState(err instanceof ApiError && err.status === 409 ? 'stale' : 'error');
      toast.error(errorMessage(err, 'Your change could not be saved.'));
    }
  }, [list.id, qc]);

  const change = useCallback(
    (update: (xs: RowItem[]) => RowItem[], said?: string) => {
      setItems((xs) => {
        const next = update(xs);
        pending.current = next;
        return next;
      });
      if (said) setAnnouncement(said);
      setSaveState('saving');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
    },
    [flush],
  );

  // A long list renders only the rows near the screen; a row moved away with the focus in it is followed (scrolled to, focused again).
  const listRef = useRef<HTMLOListElement>(null);
  const view = useRowWindow(listRef, items.length);
  const [follow, setFollow] = useState<{ key: string; handle: boolean; tries: number } | null>(null);
  useEffect(() => {
    if (!follow) return;
    const el = listRef.current;
    const index = items.findIndex((c) => c.key === follow.key);
    if (!el || index < 0 || follow.tries > 60) return setFollow(null);
    const row = el.querySelector<HTMLElement>(`[data-key="${follow.key}"]`);
    if (row) {
      if (!row.contains(document.activeElement)) row.querySelector<HTMLElement>(follow.handle ? '[data-handle]' : 'input')?.focus({ preventScroll: false });
      return setFollow(null);
    }
    // Scroll the row's place to the middle of the screen; the window renders it, and this runs again (or retries) to focus it.
    // 'instant': the page's smooth scrolling would restart on every retry and never arrive under load.
    window.scrollTo({ top: window.scrollY + el.getBoundingClientRect().top + index * ROW_HEIGHT - window.innerHeight / 2, behavior: 'instant' });
    const retry = setTimeout(() => setFollow((f) => (f && f.key === follow.key ? { ...f, tries: f.tries + 1 } : f)), 50);
    return () => clearTimeout(retry);
  }, [follow, items, view]);
  const onMove = useCallback(
    (from: number, to: number) => {
      const active = document.activeElement;
      const key = active?.closest('[data-key]')?.getAttribute('data-key');
      if (key) setFollow({ key, handle: active?.hasAttribute('data-handle') ?? false, tries: 0 });
      change((xs) => moved(xs, from, to), `Choice ${from + 1} moved to position ${to + 1}.`);
    },
    [change],
  );
  const onRemove = useCallback((index: number) => change((xs) => xs.filter((_, i) => i !== index), `Choice ${index + 1} removed.`), [change]);
  const onNote = useCallback((index: number, note: string) => change((xs) => xs.map((c, i) => (i === index ? { ...c, note } : c))), [change]);
  const onAdd = useCallback(
    (id: string) => {
      const xs = itemsNow.current;
      if (xs.some((c) => c.id === id)) return toast.info('This seat is already in your list.');
      if (xs.length >= CHOICE_LIMIT) return toast.error(`A list can have at most ${CHOICE_LIMIT} choices.`);
      change((ys) => [...ys, ...keyed([{ id, note: '' }])], `Added as choice ${xs.length + 1}.`);
    },
    [change],
  );

  const exportInput = (): ExportInput | null =>
    byPosition && current
      ? {
          name: list.name,
          counselling: list.counselling,
          choices: byPosition,
          notes: items.map((c) => c.note),
          nonePercent: current.nonePercent,
          referenceYear: current.method.referenceYear,
          fittedAt: current.method.dataVersion.split(':').slice(2).join(':'),
        }
      : null;

  const shareUrl = shareToken ? `${window.location.origin}/choices/shared/${shareToken}` : null;
  const warnings = answer?.data.warnings ?? NO_WARNINGS;

  return (
    <section className="mt-6 space-y-5" aria-labelledby="list-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="list-title" className="text-xl font-semibold text-slate-900">
          {list.name} <span className="text-sm font-normal text-slate-600">· {counsellingLabels[list.counselling]}</span>
        </h2>
        <p className="text-sm text-slate-600" role="status" data-testid="save-state">
          {saveState === 'saving' ? 'Saving…' : saveState === 'saved' ? 'Saved' : saveState === 'stale' ? 'Changed elsewhere: reload to see it' : 'Not saved'}
        </p>
      </div>

      <div className="rounded-xl border border-slate-200 p-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-700">
            Chances for{' '}
            {Object.entries(appliedStudent)
              .map(([k, v]) => `${k.replace(/([A-Z])/g, ' $1').toLowerCase()}: ${String(v)}`)
              .join(', ') || 'no rank yet'}
          </p>
          <Button variant="ghost" onClick={() => setEditingStudent((v) => !v)} aria-expanded={editingStudent}>
            {editingStudent ? 'Close' : 'Change ranks'}
          </Button>
        </div>
        {editingStudent ? (
          <form
            className="mt-3 space-y-3"
            onSubmit={async (e) => {
              e.preventDefault();
              try {
                const saved = await saveList(list.id, { student: studentOf(student), version: version.current });
                version.current = saved.data.version;
                setAppliedStudent(studentOf(student));
                setEditingStudent(false);
              } catch (err) {
                toast.error(errorMessage(err, 'Your ranks could not be saved.'));
              }
            }}
          >
            <StudentForm counselling={list.counselling} value={student} onChange={setStudent} />
            <Button type="submit">Save ranks</Button>
          </form>
        ) : null}
      </div>

      <div className="grid gap-3 rounded-xl bg-slate-50 p-3 sm:grid-cols-3" aria-live="polite">
        <div>
          <p className="text-xs uppercase tracking-wide text-slate-600">Choices</p>
          <p className="text-2xl font-bold text-slate-900" data-testid="choice-count">
            {items.length}
          </p>
        </div>
        <div>
          <p className="text-xs uppercase tracking-wide text-slate-600">Chance of no seat</p>
          <p className="text-2xl font-bold text-slate-900" data-testid="none-percent">
            {current ? `${current.nonePercent}%` : outcomes.isError ? 'NA' : '…'}
          </p>
        </div>
        <div>
          <label className="text-xs uppercase tracking-wide text-slate-600" htmlFor="choice-sort">
            Check the order against
          </label>
          <select
            id="choice-sort"
            className="mt-1 w-full rounded border border-slate-300 px-2 py-1 text-sm"
            value={sortBy}
            onChange={(e) => setSortBy(e.target.value as typeof sortBy)}
          >
            <option value="">—</option>
            <option value="rank">closing rank (sought after)</option>
            <option value="package">median package</option>
            <option value="fees">tuition</option>
          </select>
        </div>
      </div>
      {outcomes.isError ? <p className="text-sm text-red-700">{errorMessage(outcomes.error, 'The chances could not be computed.')}</p> : null}
      {answer ? (
        <p className="text-xs text-slate-600">
          Each choice’s seat is judged on its own chance; the chance it is your final seat comes from {indianGrouping(answer.data.method.simulatedYears)}{' '}
          simulated years in which every closing rank moves together (ρ = {answer.data.method.rho.toFixed(3)}). Data: closing ranks up to{' '}
          {answer.data.method.referenceYear}.{' '}
          <a className="underline" href="/methodology">
            How chances are computed
          </a>
        </p>
      ) : null}

      {warnings.length ? <Warnings warnings={warnings} /> : null}

      <p className="sr-only" aria-live="assertive">
        {announcement}
      </p>
      {items.length ? (
        <ol
          className="choice-list overflow-hidden rounded-xl border border-slate-200"
          aria-label="Your choices, in order"
          aria-busy={!byPosition}
          data-pending={byPosition ? undefined : ''}
          data-testid="choice-list"
          ref={listRef}
          style={{ paddingTop: view.start * ROW_HEIGHT, paddingBottom: (items.length - view.end) * ROW_HEIGHT }}
        >
          {items.slice(view.start, view.end).map((c, j) => (
            <ChoiceRow
              key={c.key}
              index={view.start + j}
              count={items.length}
              item={c}
              outcome={byPosition?.[view.start + j] ?? previousById.get(c.id)}
              readOnly={false}
              onMove={onMove}
              onRemove={onRemove}
              onNote={onNote}
            />
          ))}
        </ol>
      ) : (
        <p className="rounded-lg bg-slate-50 p-4 text-slate-700">
          This list is empty. Add programs from the catalogue below or with ‘Add to my choices’ on your results.
        </p>
      )}

      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={!exportInput()}
          onClick={() => {
            const x = exportInput();
            if (x) download(toCsv(x), fileName(x, 'csv'), 'text/csv;charset=utf-8');
          }}
        >
          Export CSV
        </Button>
        <Button
          variant="secondary"
          disabled={!exportInput()}
          onClick={() => {
            const x = exportInput();
            if (x) download(toPdf(x), fileName(x, 'pdf'), 'application/pdf');
          }}
        >
          Export PDF
        </Button>
        {shareUrl ? (
          <Button
            variant="secondary"
            onClick={async () => {
              try {
                await unshareList(list.id);
                setShareToken(null);
                toast.success('The share link no longer opens this list.');
              } catch (err) {
                toast.error(errorMessage(err, 'The link could not be turned off.'));
              }
            }}
          >
            Stop sharing
          </Button>
        ) : (
          <Button
            variant="secondary"
            onClick={async () => {
              try {
                setShareToken((await shareList(list.id)).data.token);
              } catch (err) {
                toast.error(errorMessage(err, 'The link could not be made.'));
              }
            }}
          >
            Share a read-only link
          </Button>
        )}
        <Button
          variant="ghost"
          className="text-red-700"
          onClick={async () => {
            if (!window.confirm(`Delete the list “${list.name}”?`)) return;
            try {
              await deleteList(list.id);
              await qc.invalidateQueries({ queryKey: ['choices', 'lists'] });
              navigate('/choices', { replace: true });
            } catch (err) {
              toast.error(errorMessage(err, 'The list could not be deleted.'));
            }
          }}
        >
          Delete list
        </Button>
      </div>
      {shareUrl ? (
        <p className="break-all rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
          Anyone with this link can read the list (no account needed):{' '}
          <a className="font-medium text-brand-700 underline" href={shareUrl} data-testid="share-link">
            {shareUrl}
          </a>
        </p>
      ) : null}

      <RoundsPanel list={list} student={appliedStudent} ids={deferredIds} />

      <CatalogueSearch list={list} student={appliedStudent} inList={inList} onAdd={onAdd} />
    </section>
  );
}

const NO_WARNINGS: ChoiceWarning[] = [];

const Warnings = memo(function Warnings({ warnings }: { warnings: ChoiceWarning[] }) {
  const serious = warnings.filter((w) => w.code !== 'freeze-only' && w.code !== 'fee-deadline');
  const rules = warnings.filter((w) => w.code === 'freeze-only' || w.code === 'fee-deadline');
  return (
    <div className="space-y-2">
      {serious.length ? (
        <ul
          className="space-y-1 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          aria-label="Warnings about this list"
          data-testid="warnings"
        >
          {serious.map((w, i) => (
            <li key={i}>{w.message}</li>
          ))}
        </ul>
      ) : null}
      <ul className="space-y-1 rounded-xl border border-slate-200 p-3 text-sm text-slate-800" aria-label="Rules that trap students">
        {rules.map((w, i) => (
          <li key={i}>{w.message}</li>
        ))}
      </ul>
    </div>
  );
});
