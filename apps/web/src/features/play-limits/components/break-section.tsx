/**
 * Taking a break: a cool-off (24 hours, 7 days, 6 weeks) or a self-exclusion (6 months, 1 year, 5
 * years), confirmed first because nobody can lift it before it ends. A running break is shown instead
 * of nothing to undo; a longer one can still be taken.
 */
import type { PlayLimitsOverview } from '@tradehall/contracts';
import { PLAY_BREAKS, type PlayBreak } from '@tradehall/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceList } from '../../../components/ui/choice-list.tsx';
import { confirmDialog } from '../../../components/ui/confirm-dialog.ts';
import { formatTime } from '../../../lib/format.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useTakeBreak } from '../api/take-break.ts';

export function BreakSection({ running }: { running: PlayLimitsOverview['break'] }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<PlayBreak | null>(null);
  const mutation = useTakeBreak();

  const take = async () => {
    if (!kind || mutation.isPending) return;
    const sure = await confirmDialog({
      content: t('playLimits.breaks.confirm', { kind: t(`playLimits.breaks.kinds.${kind}`) }),
      confirmText: t('playLimits.breaks.confirmYes'),
      cancelText: t('common.cancel'),
    });
    if (!sure) return;
    mutation.mutate(
      { kind },
      {
        onSuccess: (overview) => {
          setKind(null);
          if (overview.break) {
            showToast(t('playLimits.breaks.running', { time: formatTime(overview.break.endsAt) }), 'success');
          }
        },
        onError: toastError,
      },
    );
  };

  return (
    <section className="play-limits__section" aria-labelledby="play-breaks-title">
      <h2 className="play-limits__title" id="play-breaks-title">
        {t('playLimits.breaks.title')}
      </h2>
      <p className="page__intro">{t('playLimits.breaks.intro')}</p>
      {running ? (
        <p className="notice" role="status" data-testid="play-break-running">
          {t('playLimits.breaks.running', { time: formatTime(running.endsAt) })}
        </p>
      ) : null}
      <ChoiceList
        legend={t('playLimits.breaks.choose')}
        choices={PLAY_BREAKS.map((value) => ({
          value,
          label: t(`playLimits.breaks.kinds.${value}`),
          testId: `play-break-${value}`,
        }))}
        value={kind}
        onChange={setKind}
      />
      <button
        type="button"
        className="primary-button primary-button--outline"
        disabled={!kind || mutation.isPending}
        onClick={() => void take()}
        data-testid="play-break-take"
      >
        {t('playLimits.breaks.take')}
      </button>
    </section>
  );
}
