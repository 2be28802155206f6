import { create } from 'zustand';

/** The spec's modal registry (§2 Layout): any of these can be opened from anywhere. */
export const modalNames = ['login', 'register', 'forgotPassword', 'start', 'verificationOtp', 'collegesAlert', 'connectWithStudents'] as const;
export type ModalName = (typeof modalNames)[number];

type ModalState = {
  name: ModalName | null;
  props: Record<string, unknown>;
  open(name: ModalName, props?: Record<string, unknown>): void;
  close(): void;
};

export const useModal = create<ModalState>((set) => ({
  name: null,
  props: {},
  open: (name, props = {}) => set({ name, props }),
  close: () => set({ name: null, props: {} }),
}));
