import type { ChanceBand } from '@rankwise/contract/chance';
import { MAX_COMPARE, type CompareItem, type FamilyIncomeBand } from '@rankwise/contract/colleges';
import type { EngineeringCategory } from '@rankwise/contract/engineering';
import type { HomeState } from '@rankwise/contract/reference';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The chance the results page showed for an entry, with the rank and exam it was judged on: two
 * entries may come from two searches (docs/decisions/0028), so each keeps its own.
 */
export type CompareChance = { percent: number; band: ChanceBand; rank: number; exam: string };

/** An entry of the list: what the compare call takes, always with the result's id and its college (and, from a results page, its chance). */
export type CompareEntry = CompareItem & { id: string; collegeName: string; chance?: CompareChance };

/** What the compare screen measures from: the student's home state (or a PIN code), category and family income. */
export type CompareStudent = {
  homeState?: HomeState;
  category?: EngineeringCategory;
  pinCode?: string;
  familyIncome?: FamilyIncomeBand;
  /** The results page the colleges were chosen on (its query string), for Browse Colleges. */
  resultsSearch?: string;
};

/** Spec §4 comparison list: 0 to 3 colleges. */
type CompareState = {
  colleges: CompareEntry[];
  student: CompareStudent;
  /** Adds or removes; returns 'full' when a fourth would be added. */
  toggle(item: CompareEntry, student?: CompareStudent): 'added' | 'removed' | 'full';
  setStudent(patch: Partial<CompareStudent>): void;
  clear(): void;
};

/**
 * Kept in session storage, so the list survives reloads and new searches in this tab until the
 * student clears it, and is gone with the tab (docs/decisions/0028: spec §4 cleared it whenever
 * results opened afresh, so an IIT from JEE Advanced results could not meet an NIT from JEE Main).
 */
export const useCompare = create<CompareState>()(
  persist(
    (set, get) => ({
      colleges: [],
      student: {},
      toggle(item, student) {
        const { colleges } = get();
        if (colleges.some((c) => c.id === item.id)) {
          set({ colleges: colleges.filter((c) => c.id !== item.id) });
          return 'removed';
        }
        if (colleges.length >= MAX_COMPARE) return 'full';
        set({ colleges: [...colleges, item], ...(student ? { student: { ...get().student, ...student } } : {}) });
        return 'added';
      },
      setStudent: (patch) => set({ student: { ...get().student, ...patch } }),
      clear: () => set({ colleges: [] }),
    }),
    {
      name: 'rankwise.compare',
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s) => ({ colleges: s.colleges, student: s.student }),
    },
  ),
);
