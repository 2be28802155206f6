import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { requestToaster } from './toaster.tsx';

/** Spec §4 Update check: every 60 s. */
export const VERSION_CHECK_MS = 60_000;
export const NEW_VERSION_MESSAGE = 'A new version is available';

async function fetchVersion(): Promise<string | null> {
  // The timestamp query defeats any cache between us and the server.
  const res = await fetch(`/version.json?t=${Date.now()}`, { cache: 'no-store' });
  if (!res.ok) return null;
  const body = (await res.json()) as { version?: unknown };
  return typeof body.version === 'string' ? body.version : null;
}

function isNewer(remote: string | null | undefined): boolean {
  if (!remote || remote === __APP_VERSION__) return false;
  const [a, b] = [Number(remote), Number(__APP_VERSION__)];
  return Number.isFinite(a) && Number.isFinite(b) ? a > b : true;
}

/** Polls /version.json and, when a newer build is deployed, offers a refresh that clears caches. */
export function UpdateNotice() {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: ['app', 'version'],
    queryFn: fetchVersion,
    refetchInterval: VERSION_CHECK_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
  const newer = isNewer(data);
  useEffect(() => {
    if (!newer) return;
    requestToaster();
    // sonner is loaded when first needed (toaster.tsx).
    void import('sonner').then(({ toast }) =>
      toast(NEW_VERSION_MESSAGE, {
        id: 'new-version',
        duration: Infinity,
        action: {
          label: 'Refresh',
          onClick: async () => {
            if ('caches' in window) await Promise.all((await caches.keys()).map((k) => caches.delete(k)));
            queryClient.clear();
            window.location.reload();
          },
        },
      }),
    );
  }, [newer, queryClient]);
  return null;
}
