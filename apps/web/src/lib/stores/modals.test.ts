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

  it('keeps a sign-in destination while one modal leads to another, and forgets it when the chain closes', () => {
    const { open, close } = useModal.getState();
    open('login', {}, { next: '/colleges?rank=1' });
    open('register');
    open('verificationOtp', { username: 'a_b', email: 'a@b.in', password: 'long-password' });
    open('login');
    expect(useModal.getState()).toMatchObject({ current: { name: 'login' }, next: '/colleges?rank=1' });
    close();
    expect(useModal.getState()).toMatchObject({ current: null, next: null });
    open('login');
    expect(useModal.getState().next).toBeNull();
  });

  it('remembers the control that opened the first modal of a chain, to give focus back', () => {
    const button = document.createElement('button');
    const inside = document.createElement('button');
    document.body.append(button, inside);
    button.focus();
    useModal.getState().open('login');
    inside.focus();
    useModal.getState().open('register');
    expect(useModal.getState().opener).toBe(button);
    useModal.getState().close();
    inside.focus();
    useModal.getState().open('start');
    expect(useModal.getState().opener).toBe(inside);
  });
});
