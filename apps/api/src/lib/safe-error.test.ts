import { describe, expect, it } from 'vitest';
import { safeError, safeText } from './safe-error.ts';

describe('errors as they may be logged', () => {
  it('drops e-mail addresses (an SMTP refusal names the recipient) but keeps scoped package paths', () => {
    expect(safeText("Can't send mail - all recipients were rejected: 550 5.1.1 <asha.k@example.in>: Recipient address rejected")).toBe(
      "Can't send mail - all recipients were rejected: 550 5.1.1 <[e-mail]>: Recipient address rejected",
    );
    expect(safeText('    at f (/srv/node_modules/@fastify/cookie/plugin.js:1:2)')).toBe('    at f (/srv/node_modules/@fastify/cookie/plugin.js:1:2)');
  });

  it('keeps an already safe error as it is, and cleans a plain object given as one', () => {
    const once = safeError(new Error('value "9812345670" is out of range for type integer'));
    expect(once.message).toBe('value "…" is out of range for type integer');
    expect(safeError(once)).toEqual(once);
    expect(safeError({ type: 'X', message: 'for a@b.in', params: ['secret'] })).toEqual({ type: 'X', message: 'for [e-mail]' });
  });
});
