import { create } from 'zustand';

export const MAX_COMPARE = 3;

export type CompareItem = { id: string; collegeName: string; programName?: string };

/** Spec §4 comparison list: 0 to 3 colleges. */
type CompareState = {
  colleges: CompareItem[];
  /** Adds or removes; returns 'full' when a fourth would be added. */
  toggle(item: CompareItem): 'added' | 'removed' | 'full';
  clear(): void;
};

export const useCompare = create<CompareState>((set, get) => ({
  colleges: [],
  toggle(item) {
    const { colleges } = get();
    if (colleges.some((c) => c.id === item.id)) {
      set({ colleges: colleges.filter((c) => c.id !== item.id) });
      return 'removed';
    }
    if (colleges.length >= MAX_COMPARE) return 'full';
    set({ colleges: [...colleges, item] });
    return 'added';
  },
  clear: () => set({ colleges: [] }),
}));
