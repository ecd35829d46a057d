/**
 * One limit: the amount in force (or none), a raise or removal waiting with its time, what its period
 * counted so far, and a field to ask for a new one. A lower one applies at once; the server decides.
 */
import type { PlayLimitsOverview, PlayLimitView } from '@tradehall/contracts';
import { periodOfLimit } from '@tradehall/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readAmount } from '../../../lib/amount.ts';
import { formatCents, formatTime } from '../../../lib/format.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useSetPlayLimit } from '../api/set-limit.ts';

export function LimitRow({ limit, usage }: { limit: PlayLimitView; usage: PlayLimitsOverview['usage'] }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useSetPlayLimit();
  const period = periodOfLimit(limit.kind);
  const figures = period ? usage[period] : null;
  const used = figures ? (limit.kind.startsWith('deposit') ? figures.deposited : figures.loss) : null;

  const send = (amount: number | null) => {
    if (mutation.isPending) return;
    mutation.mutate(
      { kind: limit.kind, amount },
      {
        onSuccess: (overview) => {
          setInput('');
          const saved = overview.limits.find((entry) => entry.kind === limit.kind);
          showToast(
            saved?.pending
              ? t('playLimits.scheduled', { time: formatTime(saved.pending.from) })
              : t('playLimits.saved'),
            'success',
          );
        },
        onError: toastError,
      },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const reading = readAmount(input, 'validation.amountInvalid');
    if (!reading.ok) {
      setError(t(reading.message.key, reading.message.values));
      return;
    }
    setError(null);
    send(reading.cents);
  };

  return (
    <form className="play-limit" onSubmit={onSubmit} noValidate data-testid={`play-limit-${limit.kind}`}>
      <div className="play-limit__head">
        <span className="play-limit__name">{t(`playLimits.kinds.${limit.kind}`)}</span>
        <span className="play-limit__amount" data-testid={`play-limit-${limit.kind}-amount`}>
          {limit.amount === null ? t('playLimits.noLimit') : formatCents(limit.amount)}
        </span>
      </div>
      {limit.pending ? (
        <p className="play-limit__pending" data-testid={`play-limit-${limit.kind}-pending`}>
          {limit.pending.amount === null
            ? t('playLimits.pendingRemoval', { time: formatTime(limit.pending.from) })
            : t('playLimits.pendingRaise', {
                amount: formatCents(limit.pending.amount),
                time: formatTime(limit.pending.from),
              })}
        </p>
      ) : null}
      {figures && used !== null ? (
        <p className="play-limit__used">
          {t('playLimits.used', { amount: formatCents(used), time: formatTime(figures.resetsAt) })}
        </p>
      ) : null}
      <div className="play-limit__edit">
        <input
          className="play-limit__input"
          inputMode="decimal"
          value={input}
          placeholder={t('playLimits.amountPlaceholder')}
          aria-label={t(`playLimits.kinds.${limit.kind}`)}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setInput(event.target.value)}
          data-testid={`play-limit-${limit.kind}-input`}
        />
        <button
          type="submit"
          className="primary-button"
          disabled={mutation.isPending}
          data-testid={`play-limit-${limit.kind}-save`}
        >
          {t('playLimits.save')}
        </button>
        {limit.amount !== null && limit.pending?.amount !== null ? (
          <button
            type="button"
            className="text-button"
            disabled={mutation.isPending}
            onClick={() => send(null)}
            data-testid={`play-limit-${limit.kind}-remove`}
          >
            {t('playLimits.remove')}
          </button>
        ) : null}
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
