import { bookingMessages } from '@rankwise/contract/bookings';
import { counsellorMessages } from '@rankwise/contract/counsellors';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useModal } from '@/lib/stores/modals.ts';
import { counsellorListQuery, returnedPaymentQuery } from '../api/counsellors.queries.ts';
import { CounsellorCard } from './counsellor-card.tsx';
import { NoCounsellorYet } from './no-counsellor-yet.tsx';

/** Spec §2 Counsellors (connect-students, optional collegeName): spinner, then the list or the error state. */
export function ConnectStudentsPage() {
  const [params, setParams] = useSearchParams();
  const collegeName = params.get('collegeName')?.trim() ?? '';
  const returnedOrder = params.get('order_id');
  const list = useQuery(counsellorListQuery(collegeName));
  const open = useModal((s) => s.open);
  const navigate = useNavigate();

  // Spec §8: a toast says why the list is empty.
  useEffect(() => {
    if (!list.error) return;
    toast.error(list.error instanceof ApiError && list.error.code === 'NOT_FOUND' ? counsellorMessages.noneFound : counsellorMessages.fetchFailed);
  }, [list.error]);

  const clearReturnedOrder = useCallback(() => setParams((p) => (p.delete('order_id'), p), { replace: true }), [setParams]);
  const goBack = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate('/'));

  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-10 sm:py-14">
      {returnedOrder ? <ReturnedPayment orderId={returnedOrder} onDone={clearReturnedOrder} /> : null}
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Connect with Students</h1>
      <p className="mt-3 text-lg text-slate-700">
        {collegeName ? `Talk to current students of ${collegeName}` : 'Talk to current students of the colleges you are considering'}: a 12- or 25-minute video
        session, the link by e-mail.
      </p>
      <div className="mt-8">
        {list.isPending ? (
          <div role="status" aria-label="Loading counsellors" className="flex justify-center py-16">
            <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" />
          </div>
        ) : list.isError ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
            <h2 className="text-2xl font-semibold text-slate-900">No Counselors Found</h2>
            <p className="mt-2 text-slate-700">We couldn&apos;t find any counselors for this college at the moment.</p>
            <Button className="mt-6" onClick={goBack}>
              Go Back
            </Button>
            {list.error instanceof ApiError && list.error.code === 'NOT_FOUND' ? <NoCounsellorYet collegeName={collegeName} /> : null}
          </div>
        ) : (
          <ul className="grid gap-5" aria-label="Counsellors">
            {list.data.data.map((c) => (
              <li key={c._id}>
                <CounsellorCard counsellor={c} onBook={() => open('connectWithStudents', { counsellor: c })} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}

/** Back from Cashfree's own page (a payment that left the modal): check the order once and say how it went. */
function ReturnedPayment({ orderId, onDone }: { orderId: string; onDone(): void }) {
  const result = useQuery(returnedPaymentQuery(orderId));
  const told = useRef(false);
  useEffect(() => {
    if (result.isPending || told.current) return;
    told.current = true;
    if (result.isSuccess) toast.success(bookingMessages.success);
    else if (result.error instanceof ApiError && result.error.code === 'PAYMENT_REFUNDED') toast.error(result.error.message, { duration: 15_000 });
    else if (result.error instanceof ApiError && result.error.code === 'PAYMENT_NOT_COMPLETED') toast.error(bookingMessages.cancelled);
    else toast.error(bookingMessages.failed);
    onDone();
  }, [result.isPending, result.isSuccess, result.error, onDone]);
  return null;
}
