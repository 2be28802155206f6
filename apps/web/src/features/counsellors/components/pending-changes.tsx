import type { OwnCounsellorProfile } from '@rankwise/contract/counsellors';

/** An approved counsellor's edit waiting for an admin, or the admin's note on the last one turned down. */
export function PendingChanges({ profile }: { profile: OwnCounsellorProfile }) {
  const p = profile.pendingChanges;
  if (p) {
    return (
      <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-amber-950 ring-1 ring-amber-200">
        Your changes of {new Date(p.submittedAt).toLocaleString('en-IN')} are waiting for an admin. Students see your profile as it was until then
        {p.name !== profile.name ? ` (your name stays ${profile.name})` : ''}.
      </p>
    );
  }
  if (profile.changeReviewNote) {
    return (
      <p role="status" className="rounded-lg bg-red-50 px-4 py-3 text-red-900 ring-1 ring-red-200">
        Your last changes were not published. The admin&apos;s note: {profile.changeReviewNote}
      </p>
    );
  }
  return null;
}
