import { beforeEach, describe, expect, it } from 'vitest';
import { useModal } from './modals.ts';

describe('the modal registry', () => {
  beforeEach(() => useModal.getState().close());

  it('keeps a sign-in destination while one modal leads to another, and forgets it when the chain closes', () => {
    const { open, close } = useModal.getState();
    open('login', {}, { next: '/colleges?rank=1' });
    open('register');
    open('verificationOtp', { email: 'a@b.in' });
    open('login');
    expect(useModal.getState()).toMatchObject({ name: 'login', next: '/colleges?rank=1' });
    close();
    expect(useModal.getState()).toMatchObject({ name: null, next: null });
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
