import type { BookedSlot } from '@rankwise/contract/counsellors';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { dateParts, isBooked, timeLabel } from '../slots.ts';

const slotsText = (n: number) => (n === 1 ? '1 slot' : `${n} slots`);

/**
 * A counsellor's date tiles and half-hour times (spec §2, §4, §9), for booking and for moving a
 * session: choosing a date resets the time; taken times are disabled and marked (Booked).
 */
export type SlotChoice = { date: string | null; time: number | null };
export const noSlot: SlotChoice = { date: null, time: null };

export function SlotPicker(p: {
  options: { dates: readonly string[]; starts: readonly number[] };
  booked: readonly BookedSlot[];
  value: SlotChoice;
  onChange(next: SlotChoice): void;
  legends: { date: string; time: string };
  /** Shown under the date legend (e.g. that the usual hours stand in for unreadable ones). */
  note?: ReactNode;
  /** Shown in place of the times until a date is chosen (nothing when absent). */
  noDateHint?: string;
}) {
  const { dates, starts } = p.options;
  const { date, time } = p.value;
  const free = (d: string) => starts.filter((m) => !isBooked(p.booked, d, m)).length;
  return (
    <>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{p.legends.date}</legend>
        {p.note}
        <div className="mt-2 grid grid-cols-4 gap-2 sm:grid-cols-7">
          {dates.map((d) => {
            const parts = dateParts(d);
            const n = free(d);
            return (
              <button
                key={d}
                type="button"
                aria-pressed={date === d}
                aria-label={`${parts.long}, ${slotsText(n)} free`}
                // Spec §4: choosing a date resets the time.
                onClick={() => p.onChange({ date: d, time: null })}
                className={clsx(
                  'flex flex-col items-center rounded-xl border px-2 py-2 text-sm transition',
                  date === d ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-900 hover:border-brand-600',
                )}
              >
                <span className="font-medium">{parts.short}</span>
                <span className="text-lg font-bold">{parts.day}</span>
                <span>{parts.month}</span>
                <span className={clsx('mt-1 text-xs', date === d ? 'text-white' : 'text-slate-600')}>{slotsText(n)}</span>
              </button>
            );
          })}
        </div>
      </fieldset>
      {date !== null || p.noDateHint ? (
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">{p.legends.time}</legend>
          {date === null ? (
            <p className="mt-2 text-sm text-slate-600">{p.noDateHint}</p>
          ) : (
            <Times starts={starts} booked={p.booked} date={date} time={time} onTime={(m) => p.onChange({ date, time: m })} />
          )}
        </fieldset>
      ) : null}
    </>
  );
}

function Times(p: { starts: readonly number[]; booked: readonly BookedSlot[]; date: string; time: number | null; onTime(minutes: number): void }) {
  return (
    <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
      {p.starts.map((m) => {
        const taken = isBooked(p.booked, p.date, m);
        return (
          <button
            key={m}
            type="button"
            disabled={taken}
            aria-pressed={p.time === m}
            onClick={() => p.onTime(m)}
            className={clsx(
              'rounded-lg border px-2 py-2 text-sm font-medium transition disabled:cursor-not-allowed',
              taken
                ? 'border-slate-200 bg-slate-100 text-slate-600 line-through'
                : p.time === m
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-slate-300 bg-white text-slate-900 hover:border-brand-600',
            )}
          >
            {timeLabel(m)}
            {taken ? ' (Booked)' : ''}
          </button>
        );
      })}
    </div>
  );
}
