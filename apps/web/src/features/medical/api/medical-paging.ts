import { MEDICAL_PAGE_SIZE_FETCH, MEDICAL_PAGE_SIZE_SUBMIT } from '@rankwise/contract/medical';

/**
 * Spec §7: the first medical page has 10 rows, later fetches 30. The API pages by number, so page 2
 * of size 30 starts at row 31: after the first 10 rows we fetch page 1 of size 30 and keep rows
 * 11-30 (`skip` 10), then pages 2, 3, ... of size 30. No row is skipped or shown twice.
 */
export type MedicalPageParam = { page: number; pageSize: number; skip: number };

export const firstMedicalPage: MedicalPageParam = { page: 1, pageSize: MEDICAL_PAGE_SIZE_SUBMIT, skip: 0 };

/** The page after `last`, or undefined when `last` reached the end of `total` rows. */
export function nextMedicalPage(last: MedicalPageParam, total: number): MedicalPageParam | undefined {
  const loaded = last.page * last.pageSize;
  if (loaded >= total) return undefined;
  const page = Math.floor(loaded / MEDICAL_PAGE_SIZE_FETCH) + 1;
  return { page, pageSize: MEDICAL_PAGE_SIZE_FETCH, skip: loaded - (page - 1) * MEDICAL_PAGE_SIZE_FETCH };
}
