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

/** Props are optional only for a modal whose props are all optional. */
type OpenArgs<N extends ModalName> = object extends ModalPropsMap[N] ? [props?: ModalPropsMap[N]] : [props: ModalPropsMap[N]];

/** The open modal and its props, typed together. */
export type OpenModal = { [N in ModalName]: { name: N; props: ModalPropsMap[N] } }[ModalName];

type ModalState = {
  current: OpenModal | null;
  open<N extends ModalName>(name: N, ...props: OpenArgs<N>): void;
  close(): void;
};

export const useModal = create<ModalState>((set) => ({
  current: null,
  open: (name, ...[props]) => set({ current: { name, props: props ?? {} } as OpenModal }),
  close: () => set({ current: null }),
}));
