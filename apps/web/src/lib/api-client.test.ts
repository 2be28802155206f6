import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from './api-client.ts';

describe('errorMessage', () => {
  const fallback = 'Error loading colleges...';
  it("shows the server's message for a refused request and the page's own text for a fault or no answer", () => {
    expect(errorMessage(new ApiError(400, 'rank: must be a whole number', 'VALIDATION_FAILED'), fallback)).toBe('rank: must be a whole number');
    expect(errorMessage(new ApiError(500, 'An unexpected error occurred. Please refresh the page.', 'INTERNAL'), fallback)).toBe(fallback);
    expect(errorMessage(new ApiError(0, 'Failed to fetch', 'NETWORK'), fallback)).toBe(fallback);
    expect(errorMessage(new Error('boom'), fallback)).toBe(fallback);
  });
  it('says why when the database or the mail server is down', () => {
    const outage = 'The service is temporarily unavailable. Please try again in a minute.';
    expect(errorMessage(new ApiError(503, outage, 'UNAVAILABLE'), fallback)).toBe(outage);
    expect(errorMessage(new ApiError(503, 'We cannot send e-mail right now.', 'MAIL_UNAVAILABLE'), fallback)).toBe('We cannot send e-mail right now.');
    expect(errorMessage(new ApiError(502, 'Upstream', 'UPSTREAM_FAILED'), fallback)).toBe(fallback);
  });
});
