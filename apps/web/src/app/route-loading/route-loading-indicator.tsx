/**
 * The loading view while the router loads the next page (its lazy chunk): shown only once loading has
 * lasted ROUTE_LOADING_VIEW_DELAY_MS (200 ms), so a fast load never flashes it.
 */
import { ROUTE_LOADING_VIEW_DELAY_MS } from '@tradehall/domain';
import { useNavigation } from 'react-router';
import { LoadingView } from '../../components/ui/loading-view.tsx';
import { useDelayedFlag } from './use-delayed-flag.ts';

export function RouteLoadingIndicator() {
  const navigation = useNavigation();
  const visible = useDelayedFlag(navigation.state === 'loading', ROUTE_LOADING_VIEW_DELAY_MS);
  return visible ? <LoadingView overlay /> : null;
}

/** The same rule for the very first page, before the router has rendered anything. */
export function DelayedLoadingView() {
  const visible = useDelayedFlag(true, ROUTE_LOADING_VIEW_DELAY_MS);
  return visible ? <LoadingView overlay /> : null;
}
