/** GET /play-limits/session?since=: the net result of the positions placed this session. */
import { playLimitEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';

export function fetchSessionResult(sinceSeconds: number) {
  return call(playLimitEndpoints.session, { query: { since: sinceSeconds } });
}
