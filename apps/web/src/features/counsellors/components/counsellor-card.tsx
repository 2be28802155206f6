import type { Counsellor } from '@rankwise/contract/counsellors';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import defaultPhoto from '../assets/default-counsellor.svg';
import { VerifiedStudent } from './verified-student.tsx';

/** Spec §2 Counsellors: one counsellor, with Book a Session. */
export function CounsellorCard({ counsellor: c, onBook }: { counsellor: Counsellor; onBook(): void }) {
  const headingId = `counsellor-${c._id}`;
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row">
      <img
        src={c.Image ?? defaultPhoto}
        srcSet={c.Image ? `${c.Image} 1x, ${c.Image.replace(/-320\.webp$/, '-640.webp')} 2x` : undefined}
        alt={c.Image ? `Photo of ${c.Name}` : ''}
        width={112}
        height={112}
        loading="lazy"
        className="h-28 w-28 shrink-0 rounded-full object-cover"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={headingId} className="text-xl font-semibold wrap-anywhere text-slate-900">
            {c.Name}
          </h2>
          {c.isDemo ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" title="A made-up profile to try booking">
              Demo
            </span>
          ) : null}
        </div>
        <p className="text-sm text-slate-700">
          <Link to={`/about-college?collegeName=${encodeURIComponent(c.College)}`} className="font-medium text-brand-700 underline">
            {c.College}
          </Link>
          {' · '}
          {c.Year}, {c.program}
        </p>
        <VerifiedStudent counsellor={c} />
        <p className="text-slate-800">{c.About}</p>
        {c.achievements ? (
          <div>
            <h3 className="text-sm font-semibold text-slate-900">Achievements</h3>
            <p className="text-sm text-slate-700">{c.achievements}</p>
          </div>
        ) : null}
        {c.experience ? (
          <div>
            <h3 className="text-sm font-semibold text-slate-900">Experience</h3>
            <p className="text-sm text-slate-700">{c.experience}</p>
          </div>
        ) : null}
        <p className="text-sm text-slate-700">
          Available {c.AvailableDays}, {c.AvailableTimeSlots} (IST)
        </p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3">
          <Link to={`/reviews?counsellorId=${encodeURIComponent(c._id)}`} className="text-sm font-medium text-brand-700 underline">
            {c.averageRating !== null ? (
              <>
                <span aria-hidden="true">★ </span>
                {c.averageRating.toFixed(1)} ({c.reviewCount} {c.reviewCount === 1 ? 'review' : 'reviews'})
              </>
            ) : (
              'No reviews yet'
            )}
            <span className="sr-only"> for {c.Name}</span>
          </Link>
          <Button onClick={onBook} aria-label={`Book a Session with ${c.Name}`}>
            Book a Session
          </Button>
        </div>
      </div>
    </article>
  );
}
