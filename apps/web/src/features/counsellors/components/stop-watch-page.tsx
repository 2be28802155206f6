import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { stopWatchQuery } from '../api/counsellors.queries.ts';

/** The one-click stop link of a 'tell me when a counsellor joins' e-mail: opening it stops the e-mail. */
export function StopWatchPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const stop = useQuery({ ...stopWatchQuery(token), enabled: token.length >= 10 });
  return (
    <Page title="Stop e-mails about a college">
      {token.length < 10 ? (
        <p role="alert">This link is not valid. Copy the whole link from the e-mail.</p>
      ) : stop.isPending ? (
        <p role="status">Stopping…</p>
      ) : stop.isError ? (
        <p role="alert">{errorMessage(stop.error, 'Could not stop the e-mail. Please try the link again.')}</p>
      ) : (
        <p role="status">{stop.data.message}</p>
      )}
    </Page>
  );
}
