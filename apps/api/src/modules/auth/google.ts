import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';

type Discovery = { authorization_endpoint: string; token_endpoint: string; jwks_uri: string; issuer: string };

export type GoogleIdentity = { sub: string; email: string; name: string | null; picture: string | null };

/** Google sign-in over OpenID Connect (authorization-code flow); issuer configurable for tests. */
export function createGoogleClient(config: Config) {
  let discovery: Promise<Discovery> | null = null;
  let jwks: JWTVerifyGetKey | null = null;
  const configured = Boolean(config.GOOGLE_ISSUER && config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
  const redirectUri = `${config.PUBLIC_URL.replace(/\/$/, '')}/auth/google/callback`;

  const discover = () => {
    discovery ??= fetch(`${config.GOOGLE_ISSUER!.replace(/\/$/, '')}/.well-known/openid-configuration`)
      .then(async (r) => {
        if (!r.ok) throw new Error(`discovery answered ${r.status}`);
        return (await r.json()) as Discovery;
      })
      .catch((err) => {
        discovery = null;
        throw err;
      });
    return discovery;
  };

  return {
    configured,
    redirectUri,
    async publicConfig(): Promise<{ authorizationUrl: string; clientId: string } | null> {
      if (!configured) return null;
      try {
        return { authorizationUrl: (await discover()).authorization_endpoint, clientId: config.GOOGLE_CLIENT_ID! };
      } catch {
        return null;
      }
    },
    /** Exchanges the sign-in code and verifies the ID token; throws AppError on any failure. */
    async identify(code: string): Promise<GoogleIdentity> {
      if (!configured) throw new AppError('NOT_CONFIGURED', 'Google sign-in is not available on this site.');
      const failed = () => new AppError('UNAUTHORIZED', 'Failed to login with google. Please try again later.');
      let d: Discovery;
      try {
        d = await discover();
      } catch {
        throw new AppError('UPSTREAM_FAILED', 'Failed to login with google. Please try again later.');
      }
      const res = await fetch(d.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: config.GOOGLE_CLIENT_ID!,
          client_secret: config.GOOGLE_CLIENT_SECRET!,
        }),
      }).catch(() => null);
      if (!res?.ok) throw failed();
      const body = (await res.json().catch(() => ({}))) as { id_token?: string };
      if (!body.id_token) throw failed();
      jwks ??= createRemoteJWKSet(new URL(d.jwks_uri));
      try {
        const { payload } = await jwtVerify(body.id_token, jwks, { issuer: d.issuer, audience: config.GOOGLE_CLIENT_ID });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string' || payload.email_verified !== true) throw new Error('unverified');
        return {
          sub: payload.sub,
          email: payload.email.toLowerCase(),
          name: typeof payload.name === 'string' ? payload.name : null,
          picture: typeof payload.picture === 'string' ? payload.picture : null,
        };
      } catch {
        throw failed();
      }
    },
  };
}
export type GoogleClient = ReturnType<typeof createGoogleClient>;
