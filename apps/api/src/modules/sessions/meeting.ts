import { randomBytes } from 'node:crypto';

/**
 * One private meeting room per booking: a room name no one can guess (128 random bits), under the
 * configured meeting service (default Jitsi Meet; README: public meet.jit.si asks a moderator to
 * sign in, so production should use a self-hosted Jitsi).
 */
export function meetingRoomUrl(baseUrl: string): string {
  const name = `rankwise-${randomBytes(16).toString('hex')}`;
  return `${baseUrl.replace(/\/+$/, '')}/${name}`;
}
