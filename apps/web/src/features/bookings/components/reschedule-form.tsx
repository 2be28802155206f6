import type { StudentSession } from '@rankwise/contract/sessions';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { bookedSlotsQuery } from '../api/bookings.queries.ts';
import { useReschedule } from '../api/sessions.queries.ts';
import { bookingOptions, slotTime } from '../slots.ts';
import { noSlot, SlotPicker, type SlotChoice } from './slot-picker.tsx';

/** Moves a session once, to another of the counsellor's free slots (the same dates and times the booking modal offers). */
export function RescheduleForm({ session: s, onDone }: { session: StudentSession; onDone(): void }) {
  const [{ dates, starts }] = useState(() => bookingOptions(s));
  const slots = useQuery(bookedSlotsQuery(s.counsellorId));
  const move = useReschedule();
  const [slot, setSlot] = useState<SlotChoice>(noSlot);
  const { date, time } = slot;
  const booked = slots.data ?? [];

  const submit = async () => {
    if (date === null || time === null) return;
    try {
      toast.success((await move.mutateAsync({ id: s.id, selectedDate: date, selectedTime: slotTime(time) })).message);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'SLOT_TAKEN') setSlot({ date, time: null });
      toast.error(errorMessage(err, 'Could not move the session. Please try again.'));
    }
  };

  return (
    <div className="grid gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <p className="text-sm text-slate-700">You can move a session once. Choose the new date and time (IST).</p>
      <SlotPicker options={{ dates, starts }} booked={booked} value={slot} onChange={setSlot} legends={{ date: 'New date', time: 'New time' }} />
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
