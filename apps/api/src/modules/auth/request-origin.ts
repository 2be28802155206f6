import type { FastifyRequest } from 'fastify';

/** Where a request came from, as far as the browser tells: this site, another one, or unknown (no browser headers). */
export type RequestOrigin = 'same' | 'cross' | 'unknown';

/**
 * Reads Sec-Fetch-Site (every current browser sends it), else Origin, else Referer, and compares
 * with this site's origin (PUBLIC_URL, or the Host the request was sent to: a development proxy).
 */
export function requestOrigin(request: FastifyRequest, publicUrl: string): RequestOrigin {
  const own = new Set([new URL(publicUrl).origin, `${request.protocol}://${request.host}`]);
  const site = request.headers['sec-fetch-site'];
  // 'none': the person opened the address themselves (typed, bookmarked).
  if (typeof site === 'string') return site === 'same-origin' || site === 'none' ? 'same' : 'cross';
  const origin = request.headers.origin;
  if (typeof origin === 'string') return own.has(origin) ? 'same' : 'cross';
  const referer = request.headers.referer;
  if (typeof referer === 'string') return URL.canParse(referer) && own.has(new URL(referer).origin) ? 'same' : 'cross';
  return 'unknown';
}
