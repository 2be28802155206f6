import { ApiError } from '@/lib/api-client.ts';

/**
 * What a results page does with a failed results call:
 * - `limit`: the submission-limit message only (6 s), staying on the page: a signed-in student
 *   cannot register their way past it;
 * - `limit-register`: the message and the register modal (spec §8, a visitor);
 * - `none`: the session ran out and could not be renewed; the session layer has said so once and
 *   opened sign-in over this page, whose results load again once the student is back;
 * - `load-error`: spec §8, the page's load error and back to /start.
 */
export type ResultsErrorAction = 'limit' | 'limit-register' | 'none' | 'load-error';

export function resultsErrorAction(error: Error, signedIn: boolean): ResultsErrorAction {
  if (error instanceof ApiError && error.code === 'SUBMISSION_LIMIT') return signedIn ? 'limit' : 'limit-register';
  if (error instanceof ApiError && error.code === 'ACCESS_TOKEN_EXPIRED') return 'none';
  return 'load-error';
}
