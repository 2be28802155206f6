import type { SessionOption } from '@rankwise/contract/bookings';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** '2026-12-31' -> '31 December 2026' */
export const offerDate = (d: string) => `${Number(d.slice(8, 10))} ${MONTHS[Number(d.slice(5, 7)) - 1]} ${d.slice(0, 4)}`;

/**
 * A session's price. The struck list price and the offer's end show only while a real offer with an
 * end date is configured (PRICE_OFFER_ENDS); otherwise the plain price (issue 24: no false urgency).
 */
export function SessionPrice({ option, offer }: { option: SessionOption; offer: { endsOn: string } | null }) {
  if (!offer) {
    return (
      <span className="col-start-2 text-sm">
        <span className="text-lg font-bold text-slate-900">₹{option.price}</span>
      </span>
    );
  }
  return (
    <>
      <span className="col-start-2 text-sm">
        <span className="text-lg font-bold text-slate-900">₹{option.price}</span> <span className="sr-only">instead of </span>
        <s className="text-slate-600">₹{option.listPrice}</s> <span className="font-medium text-green-800">Save ₹{option.save}</span>
      </span>
      <span className="col-start-2 w-fit rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Offer ends {offerDate(offer.endsOn)}</span>
    </>
  );
}
