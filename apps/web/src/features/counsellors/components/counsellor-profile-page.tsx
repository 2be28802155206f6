import { PHOTO_MAX_BYTES, PHOTO_TYPES, type OwnCounsellorProfile } from '@rankwise/contract/counsellors';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Page, Section } from '@/components/ui/page.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import defaultPhoto from '../assets/default-counsellor.svg';
import { ownProfileQuery, useUploadPhoto } from '../api/counsellors.queries.ts';
import { CounsellorDashboard } from './counsellor-dashboard.tsx';
import { CounsellorForm } from './counsellor-form.tsx';
import { PendingChanges } from './pending-changes.tsx';

const statusText: Record<OwnCounsellorProfile['status'], string> = {
  pending: 'Your application is under review. You can still edit it; students see you once an admin approves it.',
  approved: 'You are listed as a counsellor. Students can book sessions in the hours below.',
  rejected: 'Your application was not approved.',
};

/** The start dialog's Counsellor entry point: apply, follow the application, then edit profile and hours. */
export function CounsellorProfilePage() {
  const me = useQuery(ownProfileQuery);
  if (me.isPending) {
    return (
      <Page title="Counsellor profile">
        <p role="status">Loading…</p>
      </Page>
    );
  }
  if (me.isError) {
    return (
      <Page title="Counsellor profile">
        <p role="alert">{errorMessage(me.error, 'Could not load your profile. Please try again.')}</p>
      </Page>
    );
  }
  const profile = me.data.data;
  if (!profile || profile.status === 'rejected') {
    return (
      <Page
        title="Become a counsellor"
        lead="Current students of a college guide students who are choosing theirs, in paid 12- or 25-minute video sessions. Tell them about yourself and when you are free."
      >
        {profile?.status === 'rejected' ? (
          <p role="status" className="rounded-lg bg-red-50 px-4 py-3 text-red-900 ring-1 ring-red-200">
            {statusText.rejected}
            {profile.reviewNote ? ` Note from the reviewer: ${profile.reviewNote}` : ''} You can apply again below.
          </p>
        ) : null}
        <CounsellorForm mode="apply" profile={profile} />
      </Page>
    );
  }
  return (
    <Page title={profile.status === 'approved' ? 'Counsellor dashboard' : 'Your counsellor profile'}>
      <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-brand-900 ring-1 ring-brand-100">
        {statusText[profile.status]}
        {profile.status === 'approved' ? (
          <>
            {' '}
            <Link to={`/connect-students?collegeName=${encodeURIComponent(profile.college)}`} className="font-medium underline">
              See your listing
            </Link>
          </>
        ) : null}
      </p>
      <PendingChanges profile={profile} />
      {profile.status === 'approved' ? <CounsellorDashboard /> : null}
      <Section title="Your profile and hours">
        <PhotoUpload profile={profile} />
        <CounsellorForm key={profile.id} mode="edit" profile={profile} />
      </Section>
    </Page>
  );
}

function PhotoUpload({ profile }: { profile: OwnCounsellorProfile }) {
  const upload = useUploadPhoto();
  const id = useId();
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return toast.error('The photo must be a JPEG, PNG or WebP image.');
    if (file.size > PHOTO_MAX_BYTES) return toast.error('The photo must be at most 5 MB.');
    try {
      await upload.mutateAsync(file);
      toast.success('Photo saved');
    } catch (err) {
      toast.error(errorMessage(err, 'The photo could not be saved. Please try again.'));
    }
  };
  return (
    <div className="flex items-center gap-4">
      <img src={profile.image ?? defaultPhoto} alt={profile.image ? 'Your photo' : ''} width={96} height={96} className="h-24 w-24 rounded-full object-cover" />
      {/* min-w-0 and a full-width file box: the browser's own file box is wider than what is left beside the photo on a phone. */}
      <div className="grid min-w-0 flex-1 gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {profile.image ? 'Change your photo' : 'Add a photo'}
        </label>
        <input
          id={id}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          disabled={upload.isPending}
          onChange={(e) => void onFile(e.target.files?.[0])}
          className="w-full min-w-0 text-sm text-slate-700"
        />
        <p className="text-xs text-slate-600">JPEG, PNG or WebP, at most 5 MB. Shown square.</p>
      </div>
    </div>
  );
}
