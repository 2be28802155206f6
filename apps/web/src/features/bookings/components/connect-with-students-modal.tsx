import type { PublicConfig } from '@rankwise/contract/app';
import { BOOKING_PHONE_MAX_LENGTH, bookingMessages, bookingPhone, sessionOptions, type SessionDuration } from '@rankwise/contract/bookings';
import type { Counsellor } from '@rankwise/contract/counsellors';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { inputStyles } from '@/components/ui/form-field.tsx';
import { Modal, type ModalProps } from '@/components/ui/modal.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { appConfigQuery } from '@/lib/app-config.ts';
import type { ModalPropsMap } from '@/lib/stores/modals.ts';
import { useSession } from '@/lib/stores/session.ts';
import { bookedSlotsQuery, bookingKeys, useStartPayment, useVerifyPayment } from '../api/bookings.queries.ts';
import { loadCashfree } from '../cashfree.ts';
import { bookingOptions, dateParts, slotTime, timeLabel } from '../slots.ts';
import { SessionPrice } from './session-price.tsx';
import { noSlot, SlotPicker, type SlotChoice } from './slot-picker.tsx';

/** Cashfree.js, fetched once, when the first booking modal opens (never on other pages). */
function cashfreeQuery(payments: PublicConfig['payments']) {
  return queryOptions({
    queryKey: ['cashfree', payments.sdkUrl, payments.mode],
    queryFn: () => loadCashfree(payments),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
    structuralSharing: false,
  });
}

/** Spec §2 Session booking modal (Connect With Student), opened from a counsellor card with `{ counsellor }`. */
export function ConnectWithStudentsModal({ onClose, props }: ModalProps<ModalPropsMap['connectWithStudents']>) {
  const { counsellor } = props;
  if (!counsellor) {
    return (
      <Modal open onOpenChange={(o) => !o && onClose()} title="Connect With Student">
        <p className="text-slate-700">Choose a counsellor to book a session with.</p>
        <Link to="/connect-students" onClick={onClose} className="mt-4 inline-block font-medium text-brand-700 underline">
          See counsellors
        </Link>
      </Modal>
    );
  }
  return <BookingForm counsellor={counsellor} onClose={onClose} />;
}

function BookingForm({ counsellor, onClose }: { counsellor: Counsellor; onClose(): void }) {
  const ids = { length: useId(), phone: useId(), phoneError: useId(), summary: useId() };
  const queryClient = useQueryClient();
  const username = useSession((s) => s.user?.username ?? '');
  const config = useQuery(appConfigQuery).data;
  const slots = useQuery(bookedSlotsQuery(counsellor._id));
  // Load Cashfree.js as the modal opens, once the configuration says which script and mode.
  useQuery({ ...cashfreeQuery(config?.payments ?? { mode: 'production', sdkUrl: '', testPayments: false }), enabled: Boolean(config) });
  const start = useStartPayment();
  const verify = useVerifyPayment(counsellor._id);

  const [{ dates, starts, fallback }] = useState(() => bookingOptions(counsellor));
  const [slot, setSlot] = useState<SlotChoice>(noSlot);
  const { date, time } = slot;
  const [duration, setDuration] = useState<SessionDuration>(12);
  const [phone, setPhone] = useState('');
  const [phoneTouched, setPhoneTouched] = useState(false);
  const [paying, setPaying] = useState(false);
  const [handOver, setHandOver] = useState(false);

  const booked = slots.data ?? [];
  const option = sessionOptions.find((o) => o.duration === duration)!;
  const phoneValid = bookingPhone(phone) !== null;
  const showPhoneError = (phoneTouched || phone.replace(/\D/g, '').length >= 10) && !phoneValid;
  const canPay = date !== null && time !== null && phoneValid && !paying;

  const refreshSlots = () => queryClient.invalidateQueries({ queryKey: bookingKeys.slots(counsellor._id) });

  const pay = async () => {
    if (date === null || time === null || !phoneValid || !config) return;
    setPaying(true);
    try {
      let order;
      try {
        order = await start.mutateAsync({
          phone,
          username,
          amount: option.price,
          counsellorId: counsellor._id,
          selectedDate: date,
          selectedTime: slotTime(time),
          duration,
        });
      } catch (err) {
        if (err instanceof ApiError && err.code === 'SLOT_TAKEN') {
          toast.error(err.message);
          setSlot({ date, time: null });
          void refreshSlots();
        } else if (err instanceof ApiError && err.status === 400) toast.error(err.message);
        else toast.error(bookingMessages.failed);
        return;
      }
      let cashfree;
      try {
        cashfree = await queryClient.fetchQuery(cashfreeQuery(config.payments));
      } catch {
        toast.error(bookingMessages.failed);
        return;
      }
      setHandOver(true);
      const result = await cashfree.checkout({ paymentSessionId: order.payment_session_id, redirectTarget: '_modal' });
      setHandOver(false);
      if (result.redirect) return;
      if (result.error || !result.paymentDetails) {
        toast.error(bookingMessages.cancelled);
        void refreshSlots();
        return;
      }
      try {
        await verify.mutateAsync({
          ...result,
          order_id: order.order_id,
          selectedDate: date,
          selectedTime: slotTime(time),
          email: counsellor.Email,
          userName: username,
        });
        toast.success(bookingMessages.success);
        onClose();
      } catch (err) {
        if (err instanceof ApiError && err.code === 'PAYMENT_NOT_COMPLETED') toast.error(bookingMessages.cancelled);
        else if (err instanceof ApiError && err.code === 'PAYMENT_REFUNDED') toast.error(err.message, { duration: 15_000 });
        else toast.error(bookingMessages.failed);
      }
    } catch {
      toast.error(bookingMessages.failed);
    } finally {
      setHandOver(false);
      setPaying(false);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(o) => !o && !paying && onClose()}
      title="Connect With Student"
      description={`Book a video session with ${counsellor.Name} (${counsellor.College})`}
      size="lg"
      handOver={handOver}
    >
      <div className="grid gap-6">
        {config?.payments.testPayments ? (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
            Test payment: this site takes payments in Cashfree&apos;s test mode. No real money is charged.
          </p>
        ) : null}

        <SlotPicker
          options={{ dates, starts }}
          booked={booked}
          value={slot}
          onChange={setSlot}
          legends={{ date: 'Choose a date', time: 'Choose a time (IST)' }}
          note={fallback ? <p className="mt-1 text-xs text-slate-600">Showing the usual hours: this counsellor&apos;s own hours could not be read.</p> : null}
          noDateHint="Choose a date to see the times."
        />

        <fieldset>
          <legend id={ids.length} className="text-sm font-semibold text-slate-900">
            Session length
          </legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {sessionOptions.map((o) => (
              <label
                key={o.duration}
                className={clsx(
                  'grid cursor-pointer grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 rounded-xl border p-3 transition',
                  duration === o.duration ? 'border-brand-700 bg-brand-50' : 'border-slate-300 bg-white hover:border-brand-600',
                )}
              >
                <input
                  type="radio"
                  name="session-length"
                  value={o.duration}
                  checked={duration === o.duration}
                  onChange={() => setDuration(o.duration)}
                  className="h-4 w-4 accent-brand-700"
                />
                <span className="font-semibold text-slate-900">{o.duration} minutes</span>
                <SessionPrice option={o} offer={config?.priceOffer ?? null} />
              </label>
            ))}
          </div>
        </fieldset>

        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.phone} className="text-sm font-semibold text-slate-900">
            Phone number
          </label>
          <div className="flex">
            <span className="flex items-center rounded-l-lg border border-r-0 border-slate-300 bg-slate-50 px-3 text-slate-800">+91</span>
            <input
              id={ids.phone}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={BOOKING_PHONE_MAX_LENGTH}
              value={phone}
              onChange={(e) => setPhone(e.target.value.replace(/\D/g, '').slice(0, 10))}
              onBlur={() => setPhoneTouched(true)}
              aria-invalid={showPhoneError}
              aria-describedby={showPhoneError ? ids.phoneError : undefined}
              placeholder="98765 43210"
              className={clsx(inputStyles, 'rounded-l-none')}
            />
          </div>
          {showPhoneError ? (
            <p id={ids.phoneError} role="alert" className="text-sm text-red-700">
              {bookingMessages.phone}
            </p>
          ) : null}
        </div>

        <section aria-labelledby={ids.summary} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <h3 id={ids.summary} className="font-semibold text-slate-900">
            Session summary
          </h3>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">Counsellor</dt>
            <dd className="text-slate-900">
              {counsellor.Name}, {counsellor.College}
            </dd>
            <dt className="text-slate-600">Date</dt>
            <dd className="text-slate-900">{date ? dateParts(date).long : 'Not chosen yet'}</dd>
            <dt className="text-slate-600">Time</dt>
            <dd className="text-slate-900">{time !== null ? `${timeLabel(time)} - ${timeLabel(time + duration)} IST` : 'Not chosen yet'}</dd>
            <dt className="text-slate-600">Session</dt>
            <dd className="text-slate-900">{duration} minutes, video call (the link comes by e-mail)</dd>
            <dt className="text-slate-600">Fee</dt>
            <dd className="font-semibold text-slate-900">₹{option.price}</dd>
          </dl>
        </section>

        <div className="flex items-center justify-between gap-3">
          <p className="text-lg font-bold text-slate-900">Total ₹{option.price}</p>
          <Button onClick={pay} disabled={!canPay}>
            {paying ? 'Processing…' : 'Pay now'}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
