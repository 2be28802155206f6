import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test';

export type RecordedCall = { body: Record<string, unknown>; auth: string | undefined };

/** Records the body and bearer token of every results call (POST `path`) the page makes. */
export function recordCalls(page: Page, path: string): RecordedCall[] {
  const calls: RecordedCall[] = [];
  page.on('request', (r: Request) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === path)
      calls.push({ body: r.postDataJSON() as Record<string, unknown>, auth: r.headers().authorization });
  });
  return calls;
}

/** The server's own answer for a preference set, asked directly (100 rows unless `body` says otherwise). */
export async function askApi<T>(
  request: APIRequestContext,
  path: string,
  auth: string | undefined,
  body: Record<string, unknown>,
): Promise<{ colleges: T[]; totalDocuments: number }> {
  const res = await request.post(path, {
    data: { page: 1, pageSize: 100, sortBy: 'rank', searchQuery: '', ...body },
    headers: auth ? { authorization: auth } : {},
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { colleges: T[]; totalDocuments: number } }).data;
}

/** Brings the infinite-scroll sentinel into view. */
export async function scrollToEnd(page: Page): Promise<void> {
  await page.getByTestId('results-end').scrollIntoViewIfNeeded();
}
