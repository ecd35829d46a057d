/**
 * The notification settings (announcements, round results, funding updates): each switch saves at once
 * (PUT with that one setting) and shows the server's answer; a failure says why and leaves it as it was.
 */
import type { NotificationSettings } from '@tradehall/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { ToggleSwitch } from '../../../components/ui/toggle-switch.tsx';
import { toastError } from '../../../lib/toast.ts';
import { useNotificationSettings } from '../api/notification-settings.ts';
import { useUpdateNotificationSettings } from '../api/update-notification-settings.ts';

const SETTINGS: ReadonlyArray<keyof NotificationSettings> = ['announcement', 'round_result', 'funding'];

export function NotificationSettingsForm() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const [saving, setSaving] = useState<keyof NotificationSettings | null>(null);

  if (settings.isError && !settings.data) {
    return <ErrorNotice error={settings.error} onRetry={() => void settings.refetch().catch(() => {})} />;
  }
  if (!settings.data) return <DataPlaceholder lines={3} />;
  const values = settings.data;

  const change = (key: keyof NotificationSettings, value: boolean) => {
    if (update.isPending) return;
    setSaving(key);
    update.mutate(
      { [key]: value },
      {
        onError: toastError,
        onSettled: () => setSaving(null),
      },
    );
  };

  return (
    <section className="settings-card" aria-labelledby="notification-settings-title">
      <h2 className="section-title" id="notification-settings-title">
        {t('notifications.settings.title')}
      </h2>
      <p className="field__hint">{t('notifications.settings.intro')}</p>
      {SETTINGS.map((key) => (
        <ToggleSwitch
          key={key}
          label={t(`notifications.settings.${key}`)}
          hint={t(`notifications.settings.${key}Hint`)}
          checked={values[key]}
          busy={saving === key}
          onChange={(value) => change(key, value)}
          testId={`notification-setting-${key}`}
        />
      ))}
    </section>
  );
}
