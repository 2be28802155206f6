import { percentOf } from '@rankwise/contract/chance';
import type { ChoiceOutcome } from '@rankwise/contract/choices';
import { indianGrouping } from '@rankwise/contract/format';
import clsx from 'clsx';
import { memo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

/** Every row has this height (text is cut to fit), so a drag's target is its distance in rows, and off-screen rows skip layout. */
export const ROW_HEIGHT = 112;

export type RowItem = { key: string; id: string; note: string };

const bandStyle: Record<string, string> = {
  Safe: 'bg-emerald-100 text-emerald-900',
  Likely: 'bg-lime-100 text-lime-900',
  'Toss-up': 'bg-amber-100 text-amber-900',
  Reach: 'bg-orange-100 text-orange-900',
  Unlikely: 'bg-rose-100 text-rose-900',
};

type RowProps = {
  index: number;
  count: number;
  item: RowItem;
  /**
   * The outcome at this position; while a new order is computed, the seat's answer of the last order
   * (its own chance holds; its outcome is hidden by the list's `data-pending`, so that a move does not
   * re-render every row twice).
   */
  outcome: ChoiceOutcome | undefined;
  readOnly: boolean;
  onMove(from: number, to: number): void;
  onRemove(index: number): void;
  onNote(index: number, note: string): void;
};

/**
 * One choice: its position (type a number to move it there), a handle to drag it (mouse or touch) or
 * move it with the arrow keys (Home / End: top / bottom), the seat in the portal's wording, its own
 * chance and the chance it is the final seat, a note, and Remove.
 */
export const ChoiceRow = memo(function ChoiceRow({ index, count, item, outcome, readOnly, onMove, onRemove, onNote }: RowProps) {
  // A drag moves the row on the compositor (its transform, set here, not by a render per pointer
  // move) and renders only when the target position changes. The drop takes its target from the
  // gesture's last position (kept here as it happens), so it never lags a render still to come.
  const rowRef = useRef<HTMLLIElement>(null);
  const gesture = useRef<{ startY: number; y: number; target: number } | null>(null);
  const [drag, setDrag] = useState<{ target: number } | null>(null);
  const [position, setPosition] = useState<string | null>(null);
  const n = index + 1;
  const targetAt = (startY: number, y: number) => Math.max(0, Math.min(count - 1, index + Math.round((y - startY) / ROW_HEIGHT)));
  const endGesture = () => {
    gesture.current = null;
    rowRef.current?.style.removeProperty('transform');
    setDrag(null);
  };

  const onKey = (e: KeyboardEvent) => {
    const to = e.key === 'ArrowUp' ? index - 1 : e.key === 'ArrowDown' ? index + 1 : e.key === 'Home' ? 0 : e.key === 'End' ? count - 1 : null;
    if (to === null) return;
    e.preventDefault();
    if (to >= 0 && to < count && to !== index) onMove(index, to);
  };
  const onDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    gesture.current = { startY: e.clientY, y: e.clientY, target: index };
    setDrag({ target: index });
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    const g = gesture.current;
    if (!g) return;
    g.y = e.clientY;
    rowRef.current?.style.setProperty('transform', `translateY(${g.y - g.startY}px)`);
    const t = targetAt(g.startY, e.clientY);
    if (t !== g.target) {
      g.target = t;
      setDrag({ target: t });
    }
  };
  const onUp = () => {
    const g = gesture.current;
    if (!g) return;
    const to = targetAt(g.startY, g.y);
    endGesture();
    if (to !== index) onMove(index, to);
  };
  const commitPosition = () => {
    if (position === null) return;
    const to = Number(position.trim());
    setPosition(null);
    if (Number.isInteger(to) && to >= 1 && to <= count && to !== n) onMove(index, to - 1);
  };

  return (
    <li
      ref={rowRef}
      data-testid="choice-row"
      data-id={item.id}
      data-key={item.key}
      aria-posinset={n}
      aria-setsize={count}
      className={clsx('choice-row relative flex gap-2 border-b border-slate-200 bg-white px-2 py-2', drag && 'z-10 shadow-lg ring-2 ring-brand-600')}
      style={{ height: ROW_HEIGHT, willChange: drag ? 'transform' : undefined }}
    >
      <div className="flex w-14 shrink-0 flex-col items-center gap-1">
        {readOnly ? (
          <span className="text-lg font-semibold text-slate-900">{n}</span>
        ) : (
          <>
            <input
              aria-label={`Position of choice ${n}`}
              inputMode="numeric"
              className="w-12 rounded border border-slate-300 px-1 py-0.5 text-center text-sm font-semibold"
              value={position ?? String(n)}
              onFocus={() => setPosition(String(n))}
              onChange={(e) => setPosition(e.target.value)}
              onBlur={commitPosition}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  commitPosition();
                }
              }}
            />
            <button
              type="button"
              aria-label={`Move choice ${n}: drag, or use the arrow keys`}
              data-handle={item.id}
              className="flex h-10 w-10 cursor-grab touch-none items-center justify-center rounded-lg border border-slate-300 text-slate-700 active:cursor-grabbing"
              onKeyDown={onKey}
              onPointerDown={onDown}
              onPointerMove={onPointerMove}
              onPointerUp={onUp}
              onPointerCancel={endGesture}
            >
              {GRIP}
            </button>
          </>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <SeatLines id={item.id} outcome={outcome} />
        {readOnly ? (
          <p className="truncate text-xs italic text-slate-700">{item.note}</p>
        ) : (
          <input
            aria-label={`Note for choice ${n}`}
            placeholder="Note"
            maxLength={500}
            className="mt-1 w-full rounded border border-slate-200 px-2 py-0.5 text-xs"
            defaultValue={item.note}
            onBlur={(e) => e.target.value !== item.note && onNote(index, e.target.value)}
          />
        )}
      </div>
      <div className="flex w-24 shrink-0 flex-col items-end gap-1 text-right">
        <Figures outcome={outcome} />
        {readOnly ? null : (
          <button type="button" className="text-xs font-medium text-red-700 underline" onClick={() => onRemove(index)} aria-label={`Remove choice ${n}`}>
            Remove
          </button>
        )}
      </div>
      {drag && drag.target !== index ? (
        <span aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 text-center text-xs font-semibold text-brand-700">
          → #{drag.target + 1}
        </span>
      ) : null}
    </li>
  );
}, sameRow);

// A move changes a row's position, not its seat or figures: those parts (and the handle's icon, one
// element for every row) are left alone by the re-render of a row whose position changed.
const GRIP = (
  <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
    <circle cx="7" cy="5" r="1.6" />
    <circle cx="13" cy="5" r="1.6" />
    <circle cx="7" cy="10" r="1.6" />
    <circle cx="13" cy="10" r="1.6" />
    <circle cx="7" cy="15" r="1.6" />
    <circle cx="13" cy="15" r="1.6" />
  </svg>
);

type PartProps = { id: string; outcome: ChoiceOutcome | undefined };
const samePart = (a: PartProps, b: PartProps) => a.id === b.id && sameOutcome(a.outcome, b.outcome);

const SeatLines = memo(function SeatLines({ id, outcome }: PartProps) {
  const seat = outcome?.seat;
  return (
    <>
      <p className="truncate text-sm font-semibold text-slate-900" title={seat?.institute}>
        {seat ? seat.institute : outcome ? `Seat ${id} is not in the current data` : 'Loading…'}
      </p>
      <p className="truncate text-sm text-slate-700" title={seat?.program}>
        {seat?.program ?? ''}
      </p>
      <p className="truncate text-xs text-slate-600">
        {seat ? `${seat.quota} · ${seat.seatType} · ${seat.gender} · closed at ${indianGrouping(seat.closingRank)} (${seat.year})` : ''}
      </p>
    </>
  );
}, samePart);

const Figures = memo(
  function Figures({ outcome }: Pick<PartProps, 'outcome'>) {
    return (
      <>
        <span className="text-lg font-bold text-slate-900" data-testid="outcome-percent" title="Chance this is the seat you end with">
          {outcome ? `${outcome.outcomePercent}%` : '…'}
        </span>
        {outcome?.band ? (
          <span className={clsx('rounded px-1.5 text-xs font-medium', bandStyle[outcome.band])}>
            {outcome.band} {percentOf(outcome.chance ?? 0)}%
          </span>
        ) : outcome ? (
          <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-700">NA</span>
        ) : null}
      </>
    );
  },
  (a, b) => sameOutcome(a.outcome, b.outcome),
);

/** What a row shows of its seat and outcome. */
function sameOutcome(a: ChoiceOutcome | undefined, b: ChoiceOutcome | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const s = a.seat;
  const t = b.seat;
  const sameSeat =
    s === t ||
    (s !== null &&
      t !== null &&
      s.institute === t.institute &&
      s.program === t.program &&
      s.quota === t.quota &&
      s.seatType === t.seatType &&
      s.gender === t.gender &&
      s.closingRank === t.closingRank &&
      s.year === t.year);
  return sameSeat && a.id === b.id && a.outcomePercent === b.outcomePercent && a.band === b.band && a.chance === b.chance;
}

/**
 * A row renders again only when what it shows changes: a new answer for the same order leaves the
 * rows whose figures did not move alone, and a move renders only the rows whose position changed.
 */
function sameRow(a: RowProps, b: RowProps): boolean {
  return (
    a.index === b.index &&
    a.count === b.count &&
    a.item === b.item &&
    a.readOnly === b.readOnly &&
    a.onMove === b.onMove &&
    a.onRemove === b.onRemove &&
    a.onNote === b.onNote &&
    sameOutcome(a.outcome, b.outcome)
  );
}
