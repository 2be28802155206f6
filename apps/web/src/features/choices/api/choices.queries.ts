import { choiceEndpoints, type ChoiceItem, type Counselling } from '@rankwise/contract/choices';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** The student's saved lists (issue 23). */
export const listsQuery = () => queryOptions({ queryKey: ['choices', 'lists'], queryFn: ({ signal }) => api(choiceEndpoints.lists, { signal }) });

export const listQuery = (id: string) =>
  queryOptions({ queryKey: ['choices', 'list', id], queryFn: ({ signal }) => api(choiceEndpoints.get, { params: { id }, signal }), staleTime: 0 });

/** What the list gives as chances; the previous answer stays while a new order is computed. */
export const outcomesQuery = (counselling: Counselling, student: Record<string, unknown>, ids: string[], sortBy?: 'rank' | 'package' | 'fees') =>
  queryOptions({
    queryKey: ['choices', 'outcomes', counselling, student, ids, sortBy ?? null],
    queryFn: ({ signal }) => api(choiceEndpoints.outcomes, { body: { counselling, student, choices: ids, sortBy }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60 * 1000,
  });

export const catalogueQuery = (q: { counselling: Counselling; q: string; page: number; category?: string; gender?: 'Male' | 'Female'; homeState?: string }) =>
  queryOptions({
    queryKey: ['choices', 'catalogue', q],
    queryFn: ({ signal }) => api(choiceEndpoints.catalogue, { query: q as never, signal }),
    placeholderData: keepPreviousData,
  });

export const sharedQuery = (token: string) =>
  queryOptions({ queryKey: ['choices', 'shared', token], queryFn: ({ signal }) => api(choiceEndpoints.shared, { params: { token }, signal }), retry: false });

export const saveList = (id: string, body: { items?: ChoiceItem[]; name?: string; student?: Record<string, unknown>; version: number }) =>
  api(choiceEndpoints.update, { params: { id }, body });
export const createList = (body: { name: string; counselling: Counselling; student: Record<string, unknown>; items?: ChoiceItem[] }) =>
  api(choiceEndpoints.create, { body });
export const deleteList = (id: string) => api(choiceEndpoints.remove, { params: { id } });
export const shareList = (id: string) => api(choiceEndpoints.share, { params: { id } });
export const unshareList = (id: string) => api(choiceEndpoints.unshare, { params: { id } });

/** `csab`: a JoSAA list's rehearsal continues into CSAB's rounds on the student's CSAB list. */
export const rehearseQuery = (
  counselling: Counselling,
  student: Record<string, unknown>,
  ids: string[],
  enabled: boolean,
  csab?: { student: Record<string, unknown>; choices: string[] },
) =>
  queryOptions({
    queryKey: ['choices', 'rehearse', counselling, student, ids, csab ?? null],
    queryFn: ({ signal }) => api(choiceEndpoints.rehearse, { body: { counselling, student, choices: ids, ...(csab ? { csab } : {}) }, signal }),
    enabled,
    staleTime: 5 * 60 * 1000,
  });

export const askAdvice = (body: { counselling: Counselling; student: Record<string, unknown>; choices: string[]; round: number; heldChoice: number }) =>
  api(choiceEndpoints.advice, { body });
