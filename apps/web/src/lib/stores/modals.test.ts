import { beforeEach, describe, expect, it } from 'vitest';
import { useModal } from './modals.ts';

describe('the modal registry', () => {
  beforeEach(() => useModal.getState().close());

  it('keeps each modal with its own props, and forgets them on close', () => {
    const { open, close } = useModal.getState();
    open('verificationOtp', { username: 'asha_k', email: 'asha@example.in', password: 'long-password' });
    expect(useModal.getState().current).toEqual({
      name: 'verificationOtp',
      props: { username: 'asha_k', email: 'asha@example.in', password: 'long-password' },
    });
    open('register');
    expect(useModal.getState().current).toEqual({ name: 'register', props: {} });
    close();
    expect(useModal.getState().current).toBeNull();
  });

  it('is typed per modal: the checker refuses a modal opened without its props or with another modal’s', () => {
    const { open } = useModal.getState();
    // Each line below must fail `tsc -p apps/web` (an unused @ts-expect-error fails it too).
    // @ts-expect-error the code modal needs the sign-up values
    expect(() => open('verificationOtp')).not.toThrow();
    // @ts-expect-error the password is a string
    expect(() => open('verificationOtp', { username: 'a', email: 'b', password: 1 })).not.toThrow();
    // @ts-expect-error login takes only onDismiss
    expect(() => open('login', { counsellor: null })).not.toThrow();
    expect(() => open('login', { onDismiss: () => {} })).not.toThrow();
  });
});
