/**
 * "Network signal lost" (spec §8) while the realtime connection is down, gone as soon as it is back.
 * A short grace period keeps a normal first connect (or a re-login after a session change) from
 * flashing it. It sits over the top of the page without taking clicks, so nothing under it is blocked.
 */
import { useTranslation } from 'react-i18next';
import { useConnectionState } from '../../lib/realtime/use-connection.ts';
import { useDelayedFlag } from '../route-loading/use-delayed-flag.ts';

export const NETWORK_NOTICE_GRACE_MS = 1_500;

export function NetworkLostNotice() {
  const { t } = useTranslation();
  const state = useConnectionState();
  const lost = useDelayedFlag(state === 'connecting' || state === 'disconnected', NETWORK_NOTICE_GRACE_MS);
  if (!lost) return null;
  return (
    <div className="network-notice" role="alert" data-testid="network-lost">
      {t('network.offline')}
    </div>
  );
}
