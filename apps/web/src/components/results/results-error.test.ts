import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { resultsErrorAction } from './results-error.ts';

describe('what a results page does with a failed call', () => {
  const limit = new ApiError(429, 'Max submissions limit per user Breached', 'SUBMISSION_LIMIT');
  it('the submission limit: the message only for a signed-in student, and the register modal for a visitor (spec §8)', () => {
    expect(resultsErrorAction(limit, true)).toBe('limit');
    expect(resultsErrorAction(limit, false)).toBe('limit-register');
  });
  it('a session that could not be renewed: nothing more (the session layer said it once and opened sign-in)', () => {
    expect(resultsErrorAction(new ApiError(403, 'Access token expired', 'ACCESS_TOKEN_EXPIRED'), false)).toBe('none');
  });
  it('anything else: the load error and /start', () => {
    expect(resultsErrorAction(new ApiError(400, 'courses: unknown', 'VALIDATION_FAILED'), true)).toBe('load-error');
    expect(resultsErrorAction(new ApiError(0, 'A network or processing error occurred.', 'NETWORK'), true)).toBe('load-error');
    expect(resultsErrorAction(new Error('boom'), false)).toBe('load-error');
  });
});
