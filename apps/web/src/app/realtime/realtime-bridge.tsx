/** What the realtime channels add to every page: the network notice and the user's own live updates. */
import { NetworkLostNotice } from './network-lost-notice.tsx';
import { UserEvents } from './user-events.tsx';

export function RealtimeBridge() {
  return (
    <>
      <NetworkLostNotice />
      <UserEvents />
    </>
  );
}
