import { ANY_CHANCE, seatChanceJson, type SeatChanceColumns, type SeatChanceJson } from './chance.ts';
import type { ChanceFields } from '@rankwise/contract/chance';

/**
 * An answer the service has already written as JSON, standing for a value of type T: exactly the
 * bytes JSON.stringify would write for that value (the predictors' read models build their pages
 * from pieces serialized once per seat, docs/decisions/0018). `route` sends it as it is.
 */
export class JsonText<T> {
  declare readonly value?: T;
  constructor(readonly text: string) {}
}

/** `{"data":{"colleges":[…],"currentPage":…,"totalDocuments":…,"totalPages":…,"referenceLabel":…},"message":…}`, as the paged schema orders it. */
export function pagedJson<T>(
  items: string[],
  page: { currentPage: number; totalDocuments: number; totalPages: number; referenceLabel?: string; message: string },
): JsonText<T> {
  const label = page.referenceLabel === undefined ? '' : `,"referenceLabel":${JSON.stringify(page.referenceLabel)}`;
  return new JsonText(
    `{"data":{"colleges":[${items.join(',')}],"currentPage":${page.currentPage},"totalDocuments":${page.totalDocuments},"totalPages":${page.totalPages}${label}},"message":${JSON.stringify(page.message)}}`,
  );
}

/**
 * A predictor's result written once per seat (docs/decisions/0018): `head`, the JSON of the result
 * up to the key `before` (written by `result` with no chance: ANY_CHANCE; a key's quotes cannot
 * occur unescaped inside a value), and the seat's kept chance parts (seatChanceJson), from which
 * each request adds the fields that depend on the rank. Kept per row object: a read model's rows
 * are new objects after a rebuild, so the old ones are forgotten with it.
 */
export function resultParts<R extends object>(
  result: (row: R, chance: ChanceFields) => object,
  before: string,
  columns: (row: R) => SeatChanceColumns,
): (row: R) => { head: string; chance: SeatChanceJson } {
  const kept = new WeakMap<R, { head: string; chance: SeatChanceJson }>();
  return (row) => {
    let parts = kept.get(row);
    if (!parts) {
      const whole = JSON.stringify(result(row, ANY_CHANCE));
      parts = { head: whole.slice(1, whole.indexOf(before)), chance: seatChanceJson(columns(row)) };
      kept.set(row, parts);
    }
    return parts;
  };
}
