/**
 * PUT /notification-settings with the settings that changed; the answer (all of them, as the server now
 * has them) replaces the cached settings. The server honours them from its next push on.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@tradehall/contracts';
import { notificationEndpoints } from '@tradehall/contracts/endpoints';
import { call } from '../../../lib/api-client.ts';
import { notificationKeys } from '../query-keys.ts';

export function updateNotificationSettings(
  changes: Partial<NotificationSettings>,
): Promise<NotificationSettings> {
  return call(notificationEndpoints.updateSettings, { body: changes });
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (settings) => queryClient.setQueryData(notificationKeys.settings, settings),
  });
}
