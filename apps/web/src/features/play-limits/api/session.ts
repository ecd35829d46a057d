/**
 * GET /play-limits/session: the player's stakes and payouts of all time. The reality check keeps the
 * reading taken when its session started and shows the difference.
 */
import { playLimitEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';

export function fetchPlayCounters() {
  return call(playLimitEndpoints.session);
}
