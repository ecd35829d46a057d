/** How often the room reminds me of the time and money of my session: never (the default) or every N minutes. */
import { REALITY_CHECK_MINUTES, type RealityCheckMinutes } from '@tradehall/domain';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../lib/toast.ts';
import { useSetRealityCheck } from '../api/reality-check.ts';

export function RealityCheckSetting({ minutes }: { minutes: number | null }) {
  const { t } = useTranslation();
  const mutation = useSetRealityCheck();
  const choose = (value: string) => {
    const chosen = REALITY_CHECK_MINUTES.find((option) => String(option) === value) ?? null;
    mutation.mutate({ minutes: chosen as RealityCheckMinutes | null }, { onError: toastError });
  };
  return (
    <section className="play-limits__section" aria-labelledby="reality-check-title">
      <h2 className="play-limits__title" id="reality-check-title">
        {t('playLimits.realityCheck.title')}
      </h2>
      <p className="page__intro">{t('playLimits.realityCheck.intro')}</p>
      <select
        className="play-limits__select"
        aria-label={t('playLimits.realityCheck.title')}
        value={minutes === null ? '' : String(minutes)}
        disabled={mutation.isPending}
        onChange={(event) => choose(event.target.value)}
        data-testid="reality-check-minutes"
      >
        <option value="">{t('playLimits.realityCheck.off')}</option>
        {REALITY_CHECK_MINUTES.map((option) => (
          <option key={option} value={String(option)}>
            {t('playLimits.realityCheck.every', { count: option })}
          </option>
        ))}
      </select>
    </section>
  );
}
