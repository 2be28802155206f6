import { pathOf, type Endpoint, type RequestOf, type ResponseOf } from '@rankwise/contract/endpoint';
import type { ErrorCode } from '@rankwise/contract/errors';
import { useSession } from './stores/session.ts';

export const API_BASE = '/api/v1';
export const NETWORK_ERROR_MESSAGE = 'A network or processing error occurred.';

/** A failed call, carrying the server's `{ message, code, fieldErrors }` (spec §7: message, error or errors). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's error code, or NETWORK (no answer) / UNKNOWN (an answer without one). */
    readonly code: ErrorCode | 'NETWORK' | 'UNKNOWN',
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

/**
 * A declared endpoint named by its method, path and access alone, for code on every page's first
 * load (the session refresh, the public configuration): importing the declaration itself would
 * bring its zod schemas, and zod, into the landing page's JavaScript. The type ties the three
 * fields to the declaration, so they cannot drift from it.
 */
export function endpointRef<E extends Endpoint>(ref: Pick<E, 'method' | 'path' | 'access'>): E {
  return ref as E;
}

export type CallInput<E extends Endpoint> = RequestOf<E> & {
  signal?: AbortSignal;
  /** A file sent as the raw body with its own content type (an endpoint without a JSON body, e.g. a photo upload). */
  file?: Blob;
  /** Extra request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
};

/**
 * Calls a declared endpoint (packages/contract) and returns its declared answer. Adds the bearer
 * token; on 'Access token expired' (code ACCESS_TOKEN_EXPIRED) refreshes once and retries once.
 * A refused call throws ApiError carrying the server's `{ message, code, fieldErrors }`.
 */
export async function api<E extends Endpoint>(
  e: E,
  ...[input]: Partial<RequestOf<E>> extends RequestOf<E> ? [input?: CallInput<E>] : [input: CallInput<E>]
): Promise<ResponseOf<E>> {
  const {
    body,
    query,
    params,
    signal,
    file,
    headers: extra,
  } = (input ?? {}) as {
    body?: unknown;
    query?: Record<string, unknown>;
    params?: Record<string, unknown>;
    signal?: AbortSignal;
    file?: Blob;
    headers?: Record<string, string>;
  };
  const url = new URL(API_BASE + pathOf(e.path, params), window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));

  const send = async (token: string | null) => {
    const headers: Record<string, string> = { ...extra, accept: 'application/json' };
    if (file) headers['content-type'] = file.type || 'application/octet-stream';
    else if (body !== undefined) headers['content-type'] = 'application/json';
    // Public endpoints never read the token.
    if (token && e.access !== 'public') headers.authorization = `Bearer ${token}`;
    const payload = file ?? (body === undefined ? undefined : JSON.stringify(body));
    try {
      return await fetch(url, { method: e.method, headers, body: payload, credentials: 'include', signal });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK');
    }
  };

  const sent = useSession.getState().accessToken;
  let res = await send(sent);
  let answer = await readBody(res);
  if (!res.ok && codeOf(answer) === 'ACCESS_TOKEN_EXPIRED' && e.access !== 'public') {
    // Another call already refreshed (retry with its token) or found the session over (do not ask again).
    const current = useSession.getState().accessToken;
    const token = current !== sent ? current : await refreshOnce();
    if (token) {
      res = await send(token);
      answer = await readBody(res);
    }
  }
  if (!res.ok) {
    const b = (answer ?? {}) as { fieldErrors?: Record<string, string[]> };
    throw new ApiError(res.status, messageOf(answer) ?? NETWORK_ERROR_MESSAGE, codeOf(answer) ?? 'UNKNOWN', b.fieldErrors ?? {});
  }
  return answer as ResponseOf<E>;
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

function codeOf(body: unknown): ErrorCode | undefined {
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? (code as ErrorCode) : undefined;
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
  if (!(err instanceof ApiError) || err.status === 0) return fallback;
  // A server fault stays hidden behind the page's own text, except the two it explains on purpose:
  // the database or the mail server is down, so try again in a minute.
  return err.status < 500 || SAYS_WHY.has(err.code) ? err.message : fallback;
}
const SAYS_WHY = new Set<string>(['UNAVAILABLE', 'MAIL_UNAVAILABLE']);
