import { SESSION_MARKER_COOKIE } from '@rankwise/contract/auth';
import { describe, expect, it } from 'vitest';
import { mayHaveSession, SESSION_MARKER, useSession, whenSessionKnown } from './session.ts';

describe('the session marker', () => {
  it('is the cookie the server sets', () => {
    expect(SESSION_MARKER).toBe(SESSION_MARKER_COOKIE);
  });
  it('is the rw_session=1 cookie among any others', () => {
    expect(mayHaveSession('')).toBe(false);
    expect(mayHaveSession('rw_session=1')).toBe(true);
    expect(mayHaveSession('a=b; rw_session=1; c=d')).toBe(true);
    expect(mayHaveSession('rw_session=')).toBe(false);
    expect(mayHaveSession('xrw_session=1')).toBe(false);
  });
});

describe('whenSessionKnown', () => {
  it('runs at once when no start-up refresh is pending, else when it answers', () => {
    const ran: string[] = [];
    useSession.getState().setRestoring(false);
    whenSessionKnown(() => ran.push('now'));
    useSession.getState().setRestoring(true);
    whenSessionKnown(() => ran.push('later'));
    expect(ran).toEqual(['now']);
    useSession.getState().setRestoring(false);
    useSession.getState().setRestoring(true);
    useSession.getState().setRestoring(false);
    expect(ran).toEqual(['now', 'later']);
  });
});
