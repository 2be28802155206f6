import { SUBMISSION_LIMIT_MESSAGE } from '@rankwise/contract/engineering';
import { useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useModal } from '@/lib/stores/modals.ts';
import { useSession } from '@/lib/stores/session.ts';
import { showToast } from '@/lib/toast.ts';
import { resultsErrorAction } from './results-error.ts';

export const NO_PREFERENCES_MESSAGE = 'No preferences received. Please submit the form first.';

/** Spec §4: a results page opened without preferences goes to /start with a toast. */
function useNoPreferencesRedirect(hasPreferences: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (hasPreferences) return;
    showToast('error', NO_PREFERENCES_MESSAGE);
    navigate('/start', { replace: true });
  }, [hasPreferences, navigate]);
}

/**
 * Spec §8 with the session's state (results-error.ts): the submission limit shows for 6 seconds
 * (and opens the register modal for a visitor); a session that could not be renewed leaves the
 * page as it is under the sign-in prompt; any other error shows `loadErrorMessage` and goes back
 * to /start.
 */
export function useResultsErrorHandler(error: Error | null, loadErrorMessage: string): void {
  const navigate = useNavigate();
  const openModal = useModal((s) => s.open);
  useEffect(() => {
    if (!error) return;
    const action = resultsErrorAction(error, useSession.getState().accessToken !== null);
    if (action === 'limit' || action === 'limit-register') {
      showToast('error', SUBMISSION_LIMIT_MESSAGE, { duration: 6000 });
      if (action === 'limit-register') openModal('register');
    } else if (action === 'load-error') {
      showToast('error', loadErrorMessage);
      navigate('/start');
    }
  }, [error, navigate, openModal, loadErrorMessage]);
}

/**
 * What both results pages share: preferences, sort and search read from the URL (search and sort
 * live beside the preferences; an empty value removes the key), the session and the
 * no-preferences redirect. The comparison list is kept across searches and reloads until the
 * student clears it (docs/decisions/0028, a departure from spec §4). `parse` must be a stable function;
 * the first sort option is the default.
 */
export function useResultsPage<P, S extends string>(parse: (params: URLSearchParams) => P | null, sortOptions: readonly { value: S }[]) {
  const [params, setParams] = useSearchParams();
  const signedIn = useSession((s) => s.accessToken !== null);
  // Until the start-up refresh answers, a signed-in student is not yet known: wait rather than fetch as a visitor.
  const restoring = useSession((s) => s.restoring);
  const prefs = useMemo(() => parse(params), [parse, params]);
  const defaultSort = sortOptions[0].value;
  const sortBy = sortOptions.find((o) => o.value === params.get('sortBy'))?.value ?? defaultSort;
  const search = params.get('q') ?? '';
  // 'Show reach seats' (docs/decisions/0014): off unless the URL says reach=1.
  const includeReach = params.get('reach') === '1';

  useNoPreferencesRedirect(prefs !== null);

  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  return {
    prefs,
    sortBy,
    search,
    includeReach,
    signedIn,
    /** Fetch only with preferences and once the session is known. */
    ready: prefs !== null && !restoring,
    setSearch: (q: string) => setParam('q', q),
    setSort: (v: S) => setParam('sortBy', v === defaultSort ? '' : v),
    setIncludeReach: (on: boolean) => setParam('reach', on ? '1' : ''),
  };
}

export type ResultsPage<P, S extends string> = ReturnType<typeof useResultsPage<P, S>>;
