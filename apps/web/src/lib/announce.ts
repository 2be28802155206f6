import { toast } from 'sonner';
import { errorMessage } from './api-client.ts';

/** Runs a call that answers `{ message }` and shows that message, or the error's (else `fallback`); true when it succeeded. */
export async function announce(action: () => Promise<{ message: string }>, fallback: string): Promise<boolean> {
  try {
    toast.success((await action()).message);
    return true;
  } catch (err) {
    toast.error(errorMessage(err, fallback));
    return false;
  }
}
