import { SUBMISSION_LIMIT_MESSAGE } from '@rankwise/contract/predictor';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client.ts';
import { useModal } from '@/lib/stores/modals.ts';

export const NO_PREFERENCES_MESSAGE = 'No preferences received. Please submit the form first.';

/** Spec §4: a results page opened without preferences goes to /start with a toast. */
export function useNoPreferencesRedirect(hasPreferences: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (hasPreferences) return;
    toast.error(NO_PREFERENCES_MESSAGE);
    navigate('/start', { replace: true });
  }, [hasPreferences, navigate]);
}

/**
 * Spec §8: the submission limit shows for 6 seconds and opens the register modal; any other
 * results error shows `loadErrorMessage` and goes back to /start.
 */
export function useResultsErrorHandler(error: Error | null, loadErrorMessage: string): void {
  const navigate = useNavigate();
  const openModal = useModal((s) => s.open);
  useEffect(() => {
    if (!error) return;
    if (error instanceof ApiError && error.message === SUBMISSION_LIMIT_MESSAGE) {
      toast.error(SUBMISSION_LIMIT_MESSAGE, { duration: 6000 });
      openModal('register');
      return;
    }
    toast.error(loadErrorMessage);
    navigate('/start');
  }, [error, navigate, openModal, loadErrorMessage]);
}

/** Search and sort live in the URL beside the preferences; an empty value removes the key. */
export function useResultsParams() {
  const [params, setParams] = useSearchParams();
  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  return { params, setParam };
}
