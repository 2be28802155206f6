import { choiceEndpoints, counsellingLabels } from '@rankwise/contract/choices';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '@/lib/api-client.ts';

/** For the counsellor of a booked session: the choice lists the student has shared (read-only links). */
export function SessionChoiceLists({ bookingId }: { bookingId: string }) {
  const lists = useQuery({
    queryKey: ['choices', 'session', bookingId],
    queryFn: ({ signal }) => api(choiceEndpoints.sessionLists, { params: { bookingId }, signal }),
    retry: false,
  });
  if (!lists.data?.data.length) return null;
  return (
    <p className="text-sm text-slate-700">
      Shared choice lists:{' '}
      {lists.data.data.map((l, i) => (
        <span key={l.id}>
          {i ? ', ' : ''}
          <Link className="font-medium text-brand-700 underline" to={`/choices/shared/${l.token}`}>
            {l.name}
          </Link>{' '}
          ({counsellingLabels[l.counselling]}, {l.items.length} choices)
        </span>
      ))}
    </p>
  );
}
