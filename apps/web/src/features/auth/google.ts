const STATE_KEY = 'rankwise.googleState';
const RETURN_KEY = 'rankwise.googleReturn';

/**
 * Sends the browser to the provider (authorization-code flow); the state guards against CSRF.
 * It comes back to `next` when the sign-in prompt has a destination, else to this page.
 */
export function startGoogleSignIn(google: { authorizationUrl: string; clientId: string }, persist: boolean, next?: string | null): void {
  const state = crypto.randomUUID();
  sessionStorage.setItem(STATE_KEY, JSON.stringify({ state, persist }));
  sessionStorage.setItem(RETURN_KEY, next ?? window.location.pathname + window.location.search);
  const url = new URL(google.authorizationUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: google.clientId,
    redirect_uri: `${window.location.origin}/auth/google/callback`,
    scope: 'openid email profile',
    state,
  }).toString();
  window.location.assign(url.toString());
}

/** The pending sign-in this callback belongs to, if its state matches. */
export function takeGoogleState(state: string | null): { persist: boolean; returnTo: string } | null {
  const raw = sessionStorage.getItem(STATE_KEY);
  const returnTo = sessionStorage.getItem(RETURN_KEY) ?? '/';
  sessionStorage.removeItem(STATE_KEY);
  sessionStorage.removeItem(RETURN_KEY);
  if (!raw || !state) return null;
  const saved = JSON.parse(raw) as { state: string; persist: boolean };
  return saved.state === state ? { persist: saved.persist, returnTo } : null;
}
