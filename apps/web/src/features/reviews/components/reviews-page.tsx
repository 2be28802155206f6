import { zodResolver } from '@hookform/resolvers/zod';
import {
  REVIEW_MAX_LENGTH,
  reviewFormSchema,
  reviewMessages,
  reviewPageTexts as T,
  type Review,
  type ReviewForm as ReviewValues,
  type ReviewFormInput,
  type ReviewsResponse,
} from '@rankwise/contract/reviews';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useEffect, useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonStyles } from '@/components/ui/button.tsx';
import { inputStyles } from '@/components/ui/form-field.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { useModal } from '@/lib/stores/modals.ts';
import { useSession } from '@/lib/stores/session.ts';
import { reviewsQuery, useSendReview } from '../api/reviews.queries.ts';

const DATE = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** Spec §2 Reviews (query counsellorId): the average, the list, and the form for a student who may review. */
export function ReviewsPage() {
  const [params] = useSearchParams();
  const counsellorId = params.get('counsellorId')?.trim() ?? '';
  const token = useSession((s) => s.accessToken);
  const navigate = useNavigate();
  // Spec §4: the reviews are fetched again whenever the token changes (sign-in, refresh, sign-out).
  const reviews = useQuery({ ...reviewsQuery(counsellorId, token), enabled: counsellorId !== '' });
  const goBack = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate('/connect-students'));

  useEffect(() => {
    if (reviews.error) toast.error(reviewMessages.fetchFailed);
  }, [reviews.error]);

  const failure = !counsellorId ? reviewMessages.counsellorRequired : reviews.isError ? errorMessage(reviews.error, reviewMessages.fetchFailed) : null;

  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{T.title}</h1>
      {failure !== null ? (
        <div className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
          <h2 className="text-2xl font-semibold text-slate-900">{T.errorTitle}</h2>
          <p className="mt-2 text-slate-700">{failure}</p>
          <Button className="mt-6" onClick={goBack}>
            {T.errorGoBack}
          </Button>
        </div>
      ) : !reviews.data ? (
        <div role="status" aria-label="Loading reviews" className="flex justify-center py-16">
          <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" />
        </div>
      ) : (
        <Loaded data={reviews.data.data} counsellorId={counsellorId} signedIn={token !== null} onBack={goBack} />
      )}
    </main>
  );
}

function Loaded({ data, counsellorId, signedIn, onBack }: { data: ReviewsResponse['data']; counsellorId: string; signedIn: boolean; onBack(): void }) {
  return (
    <>
      <p className="mt-2 text-lg text-slate-700">
        {data.counsellor.Name}, {data.counsellor.College}
      </p>
      <Summary average={data.averageRating} count={data.count} college={data.counsellor.College} />
      <WriteReview counsellorId={counsellorId} canReview={data.canReview} signedIn={signedIn} onBack={onBack} />
      <ReviewList reviews={data.reviews} />
    </>
  );
}

/** Five stars, as many filled as the rating rounds to; the exact figure is in the label. */
function Stars({ value, className }: { value: number; className?: string }) {
  const filled = Math.round(value);
  return (
    <span aria-hidden="true" className={clsx('tracking-wider', className)}>
      <span className="text-amber-500">{'★'.repeat(filled)}</span>
      <span className="text-slate-300">{'★'.repeat(5 - filled)}</span>
    </span>
  );
}

function Summary({ average, count, college }: { average: number | null; count: number; college: string }) {
  return (
    <section
      aria-label="Average rating"
      className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-center gap-4">
        {/* No reviews: NA, never a made-up 0.0. */}
        <p className="text-4xl font-bold text-slate-900">{average === null ? 'NA' : average.toFixed(1)}</p>
        <div>
          <Stars value={average ?? 0} className="text-2xl" />
          <p className="text-sm text-slate-700">
            <span className="sr-only">{average === null ? 'Not rated yet, ' : `Rated ${average.toFixed(1)} out of 5, `}</span>
            <span>
              {count} {count === 1 ? 'review' : 'reviews'}
            </span>
          </p>
        </div>
      </div>
      <Link to={`/connect-students?collegeName=${encodeURIComponent(college)}`} className={buttonStyles.secondary}>
        {T.back}
      </Link>
    </section>
  );
}

function WriteReview({ counsellorId, canReview, signedIn, onBack }: { counsellorId: string; canReview: boolean; signedIn: boolean; onBack(): void }) {
  const open = useModal((s) => s.open);
  const headingId = useId();
  let body;
  if (!signedIn) {
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-slate-700">{T.signInToWrite}</p>
        <Button variant="secondary" onClick={() => open('login')}>
          Login
        </Button>
      </div>
    );
  } else if (!canReview) {
    body = (
      <p className="text-slate-700">
        {T.cannotReview}{' '}
        <a
          href="/connect-students"
          onClick={(e) => {
            e.preventDefault();
            onBack();
          }}
          className="font-medium text-brand-700 underline"
        >
          {T.goBackLink}
        </a>
      </p>
    );
  } else {
    body = <ReviewForm counsellorId={counsellorId} canReview={canReview} />;
  }
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {T.formTitle}
      </h2>
      <div className="mt-3">{body}</div>
    </section>
  );
}

/** Spec §4 Review form: stars 1-5 (default 5) and the text; after sending, the text clears and the list reloads. */
function ReviewForm({ counsellorId, canReview }: { counsellorId: string; canReview: boolean }) {
  const send = useSendReview(counsellorId);
  const ids = { text: useId(), textError: useId(), rating: useId(), count: useId() };
  const form = useForm<ReviewFormInput, unknown, ReviewValues>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: { counsellorId, rating: 5, review: '' },
  });
  const { register, handleSubmit, control, formState, reset, setError } = form;
  const e = formState.errors;
  const length = useWatch({ control, name: 'review' })?.length ?? 0;

  const onSubmit = handleSubmit(async (values) => {
    // Spec §5, as the server also checks: signed in, and allowed by the server's answer.
    if (!useSession.getState().accessToken) return void toast.error(reviewMessages.signIn);
    if (!canReview) return void toast.error(reviewMessages.notAllowed);
    try {
      const res = await send.mutateAsync(values);
      toast.success(res.message);
      // Ready for the next session's review: the text cleared, the stars back to 5.
      reset({ counsellorId, rating: 5, review: '' });
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.fieldErrors.review) setError('review', { type: 'server', message: err.fieldErrors.review[0] });
      else toast.error(errorMessage(err, reviewMessages.submitFailed));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {e.counsellorId ? (
        <p role="alert" className="text-sm text-red-700">
          {e.counsellorId.message}
        </p>
      ) : null}
      <Controller
        control={control}
        name="rating"
        render={({ field }) => (
          <fieldset aria-describedby={e.rating ? ids.rating : undefined}>
            <legend className="text-sm font-medium text-slate-800">Your rating</legend>
            <div className="mt-1 flex gap-1">
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className="cursor-pointer">
                  <input
                    type="radio"
                    name={field.name}
                    value={n}
                    checked={field.value === n}
                    onChange={() => field.onChange(n)}
                    onBlur={field.onBlur}
                    className="peer sr-only"
                  />
                  <span
                    aria-hidden="true"
                    className={clsx(
                      'block rounded text-3xl leading-none peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-brand-700',
                      n <= (field.value ?? 0) ? 'text-amber-500' : 'text-slate-300',
                    )}
                  >
                    ★
                  </span>
                  <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
                </label>
              ))}
            </div>
            {e.rating ? (
              <p id={ids.rating} role="alert" className="mt-1 text-sm text-red-700">
                {e.rating.message}
              </p>
            ) : null}
          </fieldset>
        )}
      />
      <div className="grid gap-1.5">
        <label htmlFor={ids.text} className="text-sm font-medium text-slate-800">
          Your review
        </label>
        <textarea
          id={ids.text}
          rows={4}
          {...register('review')}
          aria-invalid={Boolean(e.review)}
          aria-describedby={[e.review ? ids.textError : null, ids.count].filter(Boolean).join(' ')}
          placeholder="What did the session help you with?"
          className={inputStyles}
        />
        <p id={ids.count} className={clsx('text-xs', length > REVIEW_MAX_LENGTH ? 'text-red-700' : 'text-slate-600')}>
          {length} / {REVIEW_MAX_LENGTH} characters
        </p>
        {e.review ? (
          <p id={ids.textError} role="alert" className="text-sm text-red-700">
            {e.review.message}
          </p>
        ) : null}
      </div>
      <div>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? T.submitting : T.submit}
        </Button>
      </div>
    </form>
  );
}

function ReviewList({ reviews }: { reviews: Review[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        Reviews
      </h2>
      {reviews.length === 0 ? (
        <p className="mt-3 text-slate-700">{T.empty}</p>
      ) : (
        <ul className="mt-3 grid gap-4">
          {reviews.map((r) => {
            const name = r.userId?.username || T.anonymous;
            return (
              <li key={r._id}>
                <article aria-label={`Review by ${name}`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-semibold text-slate-900">{name}</p>
                    <p className="text-sm text-slate-600">{DATE.format(new Date(r.createdAt))}</p>
                  </div>
                  <p className="mt-1">
                    <Stars value={r.rating} className="text-lg" />
                    <span className="sr-only">Rated {r.rating} out of 5</span>
                  </p>
                  {/* Plain text, as written: React escapes it, and line breaks are kept. */}
                  <p className="mt-2 whitespace-pre-wrap break-words text-slate-800">{r.review}</p>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
