import { z } from 'zod';
import { DIRECTION_OVERRIDES, directionMessage } from './text.ts';
import { defineEndpoints } from './endpoint.ts';

/** Longest review accepted (the database checks it too). */
export const REVIEW_MAX_LENGTH = 2000;

/** Spec §5 Review and §8 Reviews, and the other messages of the review calls. */
export const reviewMessages = {
  signIn: 'Please sign in to submit a review',
  enterReview: 'Please enter a review',
  notAllowed: 'You can only review counsellors after booking a session with them',
  counsellorRequired: 'Counsellor ID is required',
  rating: 'Please choose a rating from 1 to 5',
  tooLong: `A review can be at most ${REVIEW_MAX_LENGTH} characters`,
  control: 'The review contains characters that are not allowed',
  counsellorNotFound: 'Counsellor not found',
  fetchFailed: 'Failed to fetch reviews',
  submitFailed: 'Failed to submit review',
  fetched: 'Reviews fetched successfully',
  submitted: 'Review submitted successfully',
} as const;

/** Spec §2 Reviews: every text of the page. */
export const reviewPageTexts = {
  title: 'Ratings & Reviews',
  back: 'Back to counsellor',
  formTitle: 'Write a Review',
  submit: 'Submit Review',
  submitting: 'Submitting…',
  signInToWrite: 'Please sign in to write a review',
  cannotReview: 'You can only submit one review after booking a session with this counsellor.',
  goBackLink: 'Go back',
  anonymous: 'Anonymous User',
  empty: 'No reviews yet. Be the first to review!',
  errorTitle: 'Error Loading Reviews',
  errorGoBack: 'Go Back',
} as const;

/** Control characters (other than tab and line breaks) have no place in a review. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * What a review must be (spec §5): the form and the server check the same rules, in the spec's
 * order, so the server answers with the spec's exact message.
 */
export const reviewFormSchema = z.object({
  counsellorId: z
    .string({ error: reviewMessages.counsellorRequired })
    .trim()
    .min(1, reviewMessages.counsellorRequired)
    .max(100, reviewMessages.counsellorNotFound),
  review: z
    .string({ error: reviewMessages.enterReview })
    .trim()
    .min(1, reviewMessages.enterReview)
    .max(REVIEW_MAX_LENGTH, reviewMessages.tooLong)
    .refine((v) => !CONTROL.test(v), reviewMessages.control)
    .refine((v) => !DIRECTION_OVERRIDES.test(v), directionMessage('Review')),
  rating: z.number({ error: reviewMessages.rating }).int(reviewMessages.rating).min(1, reviewMessages.rating).max(5, reviewMessages.rating),
});
export type ReviewFormInput = z.input<typeof reviewFormSchema>;
export type ReviewForm = z.output<typeof reviewFormSchema>;

/**
 * `POST /reviews/send-review` as sent (spec §7): each field is checked by the service with
 * `reviewFormSchema` after the sign-in check, so a missing one gets the spec's own message.
 */
export const sendReviewBodySchema = z.object({
  rating: z.number().optional(),
  review: z.string().max(20_000, reviewMessages.tooLong).optional(),
  counsellorId: z.string().max(200, reviewMessages.counsellorNotFound).optional(),
});
export type SendReviewBody = z.input<typeof sendReviewBodySchema>;

export const getReviewsQuerySchema = z.object({ counsellorId: z.string().max(200, reviewMessages.counsellorNotFound).optional() });

/** Spec §3 Review: the reviewer's username (null when the account has none to show: 'Anonymous User'). */
export const reviewSchema = z.object({
  _id: z.string(),
  rating: z.number().int().min(1).max(5),
  review: z.string(),
  createdAt: z.string(),
  userId: z.object({ username: z.string().nullable() }).nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** Spec §3 Review response, under `data` with `message` beside it (spec §7). */
export const reviewsResponseSchema = z.object({
  data: z.object({
    reviews: z.array(reviewSchema),
    /** Mean rating of every review, null when there is none (never shown as a made-up 0). */
    averageRating: z.number().nullable(),
    count: z.number().int(),
    /** A signed-in student with a completed session with this counsellor that has no review yet. */
    canReview: z.boolean(),
    /** Who the reviews are about (beside the spec's fields: the page names the counsellor and links back). */
    counsellor: z.object({ _id: z.string(), Name: z.string(), College: z.string() }),
  }),
  message: z.string(),
});
export type ReviewsResponse = z.infer<typeof reviewsResponseSchema>;

export const sendReviewResponseSchema = z.object({ message: z.string(), data: reviewSchema });

export const reviewEndpoints = defineEndpoints('reviews', {
  list: {
    method: 'GET',
    path: '/reviews/get-reviews',
    summary: "A counsellor's reviews, average and count, and whether the caller may review (a completed session without a review)",
    access: 'optional',
    query: getReviewsQuerySchema,
    responses: { 200: reviewsResponseSchema },
  },
  send: {
    method: 'POST',
    path: '/reviews/send-review',
    summary: 'Review a counsellor after a completed session with them: one review per session (rating 1-5, plain text)',
    access: 'optional',
    body: sendReviewBodySchema,
    responses: { 201: sendReviewResponseSchema },
  },
});
