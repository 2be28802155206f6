import type { Counsellor } from '@rankwise/contract/counsellors';

/** 'Verified student of IIT Bombay, year 3', how and when (docs/decisions 0026); nothing when not verified. */
export function VerifiedStudent({ counsellor: c }: { counsellor: Counsellor }) {
  if (!c.verifiedStudent || !c.verifiedAt) return null;
  const when = new Date(c.verifiedAt).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });
  const how = c.verifiedBy === 'email' ? 'college e-mail' : 'student ID card checked by Rankwise';
  return (
    <p className="text-sm font-medium text-green-800">
      <span aria-hidden="true">✓ </span>
      {c.verifiedStudent}{' '}
      <span className="font-normal text-slate-700">
        ({how}, {when})
      </span>
    </p>
  );
}
