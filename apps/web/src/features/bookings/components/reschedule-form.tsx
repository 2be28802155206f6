import type { StudentSession } from '@rankwise/contract/sessions';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { bookedSlotsQuery } from '../api/bookings.queries.ts';
import { useReschedule } from '../api/sessions.queries.ts';
import { bookingOptions, dateParts, isBooked, slotTime, timeLabel } from '../slots.ts';

/** Moves a session once, to another of the counsellor's free slots (the same dates and times the booking modal offers). */
export function RescheduleForm({ session: s, onDone }: { session: StudentSession; onDone(): void }) {
  const [{ dates, starts }] = useState(() => bookingOptions(s));
  const slots = useQuery(bookedSlotsQuery(s.counsellorId));
  const move = useReschedule();
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<number | null>(null);
  const ids = { date: useId(), time: useId() };
  const booked = slots.data ?? [];

  const submit = async () => {
    if (date === null || time === null) return;
    try {
      toast.success((await move.mutateAsync({ id: s.id, selectedDate: date, selectedTime: slotTime(time) })).message);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'SLOT_TAKEN') setTime(null);
      toast.error(errorMessage(err, 'Could not move the session. Please try again.'));
    }
  };

  return (
    <div className="grid gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <p className="text-sm text-slate-700">You can move a session once. Choose the new date and time (IST).</p>
      <fieldset>
        <legend id={ids.date} className="text-sm font-semibold text-slate-900">
          New date
        </legend>
        <div className="mt-2 grid grid-cols-4 gap-2 sm:grid-cols-7">
          {dates.map((d) => {
            const p = dateParts(d);
            return (
              <button
                key={d}
                type="button"
                aria-pressed={date === d}
                aria-label={p.long}
                onClick={() => {
                  setDate(d);
                  setTime(null);
                }}
                className={clsx(
                  'flex flex-col items-center rounded-xl border px-2 py-2 text-sm',
                  date === d ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-900 hover:border-brand-600',
                )}
              >
                <span className="font-medium">{p.short}</span>
                <span className="text-lg font-bold">{p.day}</span>
                <span>{p.month}</span>
              </button>
            );
          })}
        </div>
      </fieldset>
      {date !== null ? (
        <fieldset>
          <legend id={ids.time} className="text-sm font-semibold text-slate-900">
            New time
          </legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {starts.map((m) => {
              const taken = isBooked(booked, date, m);
              return (
                <button
                  key={m}
                  type="button"
                  disabled={taken}
                  aria-pressed={time === m}
                  onClick={() => setTime(m)}
                  className={clsx(
                    'rounded-lg border px-2 py-2 text-sm font-medium disabled:cursor-not-allowed',
                    taken
                      ? 'border-slate-200 bg-slate-100 text-slate-600 line-through'
                      : time === m
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
        </fieldset>
      ) : null}
      <div className="flex gap-2">
        <Button onClick={submit} disabled={date === null || time === null || move.isPending}>
          Move the session
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={move.isPending}>
          Back
        </Button>
      </div>
    </div>
  );
}
