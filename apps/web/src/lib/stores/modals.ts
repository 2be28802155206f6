import type { Counsellor } from '@rankwise/contract/counsellors';
import { create } from 'zustand';

/** A modal opened without props. */
export type NoProps = Record<never, never>;

/** The spec's modal registry (§2 Layout): any of these can be opened from anywhere, each with its own props. */
export type ModalPropsMap = {
  /** `onDismiss` runs when the modal closes without signing in (a protected route goes back). */
  login: { onDismiss?: () => void };
  register: NoProps;
  forgotPassword: NoProps;
  start: NoProps;
  /** The sign-up form's values, for the register call once the e-mailed code is typed. */
  verificationOtp: { username: string; email: string; password: string };
  collegesAlert: NoProps;
  /** The counsellor to book with (without one the modal points to the counsellor list). */
  connectWithStudents: { counsellor?: Counsellor };
};
export type ModalName = keyof ModalPropsMap;
export const modalNames = [
  'login',
  'register',
  'forgotPassword',
  'start',
  'verificationOtp',
  'collegesAlert',
  'connectWithStudents',
] as const satisfies readonly ModalName[];

export type OpenOptions = {
  /**
   * Where to go once the student signs in through this prompt (a signed-out preference submit
   * carries on to its results). Kept while one modal leads to another (login → signup → code → login).
   */
  next?: string;
};

/** Props are optional only for a modal whose props are all optional. */
type OpenArgs<N extends ModalName> = object extends ModalPropsMap[N]
  ? [props?: ModalPropsMap[N], options?: OpenOptions]
  : [props: ModalPropsMap[N], options?: OpenOptions];

/** The open modal and its props, typed together. */
export type OpenModal = { [N in ModalName]: { name: N; props: ModalPropsMap[N] } }[ModalName];

type ModalState = {
  current: OpenModal | null;
  /** See OpenOptions.next; null when the prompt has nowhere to go. */
  next: string | null;
  /** The control that opened the first modal of a chain, given focus back when the chain closes. */
  opener: HTMLElement | null;
  open<N extends ModalName>(name: N, ...args: OpenArgs<N>): void;
  close(): void;
};

function focusedControl(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const el = document.activeElement;
  return el instanceof HTMLElement && el !== document.body ? el : null;
}

export const useModal = create<ModalState>((set) => ({
  current: null,
  next: null,
  opener: null,
  open: (name, ...[props, options = {}]) =>
    set((s) => {
      const current = { name, props: props ?? {} } as OpenModal;
      return s.current
        ? // One modal leading to another: the chain keeps its opener and its destination.
          { current, next: options.next ?? s.next }
        : { current, next: options.next ?? null, opener: focusedControl() };
    }),
  close: () => set({ current: null, next: null }),
}));
