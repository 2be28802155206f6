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
