import { useSession } from './stores/session.ts';

export const API_BASE = '/api/v1';
export const ACCESS_TOKEN_EXPIRED = 'Access token expired';
export const NETWORK_ERROR_MESSAGE = 'A network or processing error occurred.';

/** A failed call, carrying the server's `{ message, code, fieldErrors }` (spec §7: message, error or errors). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

type Refresher = () => Promise<string | null>;
let refresher: Refresher | null = null;
let refreshing: Promise<string | null> | null = null;

/** The auth feature registers how to refresh the access token; concurrent 403s share one refresh. */
export function setTokenRefresher(fn: Refresher | null): void {
  refresher = fn;
}

function refreshOnce(): Promise<string | null> {
  if (!refresher) return Promise.resolve(null);
  refreshing ??= refresher().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export type RequestOptions = {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** Skip the refresh-and-retry (the refresh call itself, login, ...). */
  noRetry?: boolean;
};

export async function apiRequest<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, opts: RequestOptions = {}): Promise<T> {
  const send = async (token: string | null) => {
    const url = new URL(API_BASE + path, window.location.origin);
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    try {
      return await fetch(url, {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        credentials: 'include',
        signal: opts.signal,
      });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK');
    }
  };

  let res = await send(useSession.getState().accessToken);
  let body = await readBody(res);
  if (res.status === 403 && messageOf(body) === ACCESS_TOKEN_EXPIRED && !opts.noRetry) {
    const token = await refreshOnce();
    if (token) {
      res = await send(token);
      body = await readBody(res);
    }
  }
  if (!res.ok) {
    const b = (body ?? {}) as { code?: string; fieldErrors?: Record<string, string[]> };
    throw new ApiError(res.status, messageOf(body) ?? NETWORK_ERROR_MESSAGE, b.code ?? 'UNKNOWN', b.fieldErrors ?? {});
  }
  return body as T;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function messageOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as { message?: unknown; error?: unknown; errors?: unknown };
  if (typeof b.message === 'string') return b.message;
  if (typeof b.error === 'string') return b.error;
  if (Array.isArray(b.errors) && typeof b.errors[0] === 'string') return b.errors[0];
  return undefined;
}

/** Spec §8: the server's message for a refused request, otherwise the situation's own message. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.message : fallback;
}
