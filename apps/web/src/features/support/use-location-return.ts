/**
 * On the customer-service page: when choose-location comes back with a point this tab asked for, it is
 * sent as a location message (once: the request id is the idempotency key, and the state is cleared
 * after the send so a reload or a return to this entry does not send it again). A failed send says why;
 * the user can share again.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toastError } from '../../lib/toast.ts';
import { useShareSupportLocation } from './api/share-support-location.ts';
import { finishLocationRequest, readPickedLocation } from './location-share.ts';

export function useLocationReturn(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const share = useShareSupportLocation();
  const { mutate } = share;
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const picked = readPickedLocation(location.state);
    if (!picked || handled.current === picked.request) return;
    handled.current = picked.request;
    mutate(
      { location: picked.location, idempotencyKey: picked.request },
      {
        onSuccess: () => {
          finishLocationRequest(picked.request);
          void Promise.resolve(navigate(location.pathname, { replace: true, state: null })).catch(() => {});
        },
        onError: (error) => {
          handled.current = null;
          toastError(error);
        },
      },
    );
  }, [location.state, location.pathname, mutate, navigate]);
}
