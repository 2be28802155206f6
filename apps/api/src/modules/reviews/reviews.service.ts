import { reviewFormSchema, reviewMessages, type Review, type ReviewsResponse, type SendReviewBody } from '@rankwise/contract/reviews';
import { AppError } from '../../lib/app-error.ts';
import { UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-error.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { CounsellorsRepository } from '../counsellors/counsellors.service.ts';
import type { ReviewRecord, ReviewsRepository } from './reviews.repository.ts';

export type ReviewsDeps = { uow: UnitOfWork<{ reviews: ReviewsRepository; counsellors: CounsellorsRepository }>; now: () => Date };

function toReview(r: ReviewRecord): Review {
  return { _id: r.id, rating: r.rating, review: r.review, createdAt: r.createdAt.toISOString(), userId: { username: r.username || null } };
}

/** An approved counsellor (reviews are about listed counsellors); a missing id is the spec's message. */
async function counsellorOf(d: ReviewsDeps, counsellorId: string | undefined) {
  const id = counsellorId?.trim();
  if (!id) throw new AppError('VALIDATION_FAILED', reviewMessages.counsellorRequired, { counsellorId: [reviewMessages.counsellorRequired] });
  const c = await d.uow.store.counsellors.findById(id);
  if (!c || c.status !== 'approved') throw new AppError('NOT_FOUND', reviewMessages.counsellorNotFound);
  return c;
}

/** `GET /reviews/get-reviews?counsellorId=`: the reviews, their average and count, and whether the caller may review. */
export async function getReviews(d: ReviewsDeps, user: AuthUser | null, counsellorId: string | undefined): Promise<ReviewsResponse> {
  const c = await counsellorOf(d, counsellorId);
  const [list, ratings, reviewable] = await Promise.all([
    d.uow.store.reviews.listFor(c.id),
    d.uow.store.reviews.ratings([c.id]),
    user ? d.uow.store.reviews.reviewableSessions(user.id, c.id, d.now()) : Promise.resolve([]),
  ]);
  const rating = ratings.get(c.id);
  return {
    data: {
      reviews: list.map(toReview),
      averageRating: rating ? Math.round(rating.average * 10) / 10 : null,
      count: rating?.count ?? 0,
      canReview: reviewable.length > 0,
      counsellor: { _id: c.id, Name: c.name, College: c.instituteName },
    },
    message: reviewMessages.fetched,
  };
}

/**
 * `POST /reviews/send-review`: spec §5 in its order (signed in, then the fields, then permission).
 * The review is of the student's oldest unreviewed session with this counsellor that really took
 * place; the session row is locked, and `reviews.booking_id` is unique, so two submissions at once
 * make one review.
 */
export async function sendReview(d: ReviewsDeps, user: AuthUser | null, body: SendReviewBody): Promise<{ message: string; data: Review }> {
  if (!user) throw new AppError('SIGN_IN_REQUIRED', reviewMessages.signIn);
  const parsed = reviewFormSchema.safeParse(body);
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0] ?? 'body')] ??= []).push(issue.message);
    const first = ['counsellorId', 'review', 'rating'].find((f) => fieldErrors[f]) ?? Object.keys(fieldErrors)[0];
    throw new AppError('VALIDATION_FAILED', fieldErrors[first][0], fieldErrors);
  }
  const v = parsed.data;
  const c = await counsellorOf(d, v.counsellorId);
  const now = d.now();
  try {
    const saved = await d.uow.transaction(async ({ reviews }) => {
      const [bookingId] = await reviews.reviewableSessions(user.id, c.id, now, { lock: true });
      if (!bookingId) throw new AppError('FORBIDDEN', reviewMessages.notAllowed);
      return reviews.insert({ bookingId, counsellorId: c.id, studentId: user.id, rating: v.rating, review: v.review, createdAt: now });
    });
    if (!saved) throw new AppError('FORBIDDEN', reviewMessages.notAllowed);
    return { message: reviewMessages.submitted, data: toReview(saved) };
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new AppError('FORBIDDEN', reviewMessages.notAllowed);
    throw err;
  }
}
