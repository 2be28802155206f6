import { create } from 'zustand';

/** The spec's modal registry (§2 Layout): any of these can be opened from anywhere. */
export const modalNames = ['login', 'register', 'forgotPassword', 'start', 'verificationOtp', 'collegesAlert', 'connectWithStudents'] as const;
export type ModalName = (typeof modalNames)[number];

type OpenOptions = {
  /**
   * Where to go once the student signs in through this prompt (a signed-out preference submit
   * carries on to its results). Kept while one modal leads to another (login → signup → code → login).
   */
  next?: string;
};

type ModalState = {
  name: ModalName | null;
  props: Record<string, unknown>;
  /** See OpenOptions.next; null when the prompt has nowhere to go. */
  next: string | null;
  /** The control that opened the first modal of a chain, given focus back when the chain closes. */
  opener: HTMLElement | null;
  open(name: ModalName, props?: Record<string, unknown>, options?: OpenOptions): void;
  close(): void;
};

function focusedControl(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const el = document.activeElement;
  return el instanceof HTMLElement && el !== document.body ? el : null;
}

export const useModal = create<ModalState>((set) => ({
  name: null,
  props: {},
  next: null,
  opener: null,
  open: (name, props = {}, options = {}) =>
    set((s) =>
      s.name
        ? // One modal leading to another: the chain keeps its opener and its destination.
          { name, props, next: options.next ?? s.next }
        : { name, props, next: options.next ?? null, opener: focusedControl() },
    ),
  close: () => set({ name: null, props: {}, next: null }),
}));
