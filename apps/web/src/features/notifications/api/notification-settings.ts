/** GET /notification-settings: which kinds of notification the user wants pushed. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationSettings } from '@tradehall/contracts';
import { notificationEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { notificationKeys } from '../query-keys.ts';

export function fetchNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return call(notificationEndpoints.settings, { signal });
}

export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.settings,
    queryFn: ({ signal }) => fetchNotificationSettings(signal),
  });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}
