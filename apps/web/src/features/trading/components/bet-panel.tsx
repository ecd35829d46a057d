/**
 * The bet panel of the round page. Two categories, both sides (long, short, single, double and their
 * combinations) and special number (0-27), every position with its multiplier from the domain's
 * oddsTable at the room's house edge; the amount with the room's minimum and maximum shown; submit
 * places the position with an idempotency key kept across retries of the same submission.
 *
 * The server has the last word on time: a position that arrives after the seal is refused with
 * ROUND_NOT_OPEN ("Disk sealed, wait for result"), which the panel shows and reports to the page so it
 * asks for the round again.
 */
import type { BetInput, RoomView } from '@tradehall/contracts';
import { payoutFor } from '@tradehall/domain';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { readAmount } from '../../../lib/amount.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useDebouncedCallback } from '../../../lib/debounce.ts';
import { type FieldErrors, serverFieldErrors } from '../../../lib/form-errors.ts';
import { formatCents, formatMultiplier } from '../../../lib/format.ts';
import { useIdempotencyKeeper } from '../../../lib/idempotency.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useFormMessages } from '../../../lib/use-form-messages.ts';
import { usePlacePosition } from '../api/place-position.ts';
import { type BetKey, betKey, betLabel, betOdds } from '../bets.ts';
import { type PositionField, validatePosition } from '../validation.ts';
import { BetOption } from './bet-option.tsx';

export interface BetPanelProps {
  room: Pick<RoomView, 'stakeMinimum' | 'stakeMaximum' | 'houseEdgeBps'>;
  roundId: string;
  /** Whether the round takes positions now (by the server's clock). */
  open: boolean;
  /** The server refused a position because the round is no longer open. */
  onRoundClosed: () => void;
}

const STAKE_LIMIT_CODES = new Set(['STAKE_BELOW_MINIMUM', 'STAKE_ABOVE_MAXIMUM']);

export function BetPanel({ room, roundId, open, onRoundClosed }: BetPanelProps) {
  const { t } = useTranslation();
  const translate = useFormMessages();
  const name = useId();
  const keeper = useIdempotencyKeeper();
  const mutation = usePlacePosition(roundId);
  const [bet, setBet] = useState<BetInput | null>(null);
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<FieldErrors<PositionField>>({});
  const [closedMessage, setClosedMessage] = useState<string | null>(null);

  const odds = useMemo(() => betOdds(room.houseEdgeBps), [room.houseEdgeBps]);
  const multipliers = useMemo(
    () => new Map<BetKey, number>(odds.map((row) => [row.key, row.multiplier])),
    [odds],
  );
  const selectedKey = bet ? betKey(bet) : null;
  const selectedMultiplier = selectedKey ? multipliers.get(selectedKey) : undefined;

  // A refusal belongs to the round it happened in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the round changes
  useEffect(() => setClosedMessage(null), [roundId]);

  const choose = (next: BetInput) => {
    keeper.edited();
    setBet(next);
    setErrors((current) => ({ ...current, bet: undefined }));
  };
  const changeAmount = (value: string) => {
    keeper.edited();
    setAmount(value);
    setErrors((current) => ({ ...current, amount: undefined }));
  };

  const submit = useDebouncedCallback(async () => {
    if (mutation.isPending || !open) return;
    const result = validatePosition({ bet, amount }, room);
    if (!result.ok) {
      setErrors(translate(result.errors));
      return;
    }
    const request = { ...result.value, idempotencyKey: keeper.keyFor({ roundId, ...result.value }) };
    setClosedMessage(null);
    return mutation.mutateAsync(request).then(
      () => {
        keeper.succeeded();
        showToast(t('trading.bet.placed'), 'success');
      },
      (error: unknown) => {
        toastError(error);
        if (isApiError(error) && error.code === 'ROUND_NOT_OPEN') {
          setClosedMessage(error.message);
          onRoundClosed();
          return;
        }
        const fieldErrors = serverFieldErrors(error, ['amount', 'bet'] as const);
        if (isApiError(error) && STAKE_LIMIT_CODES.has(error.code)) fieldErrors.amount = error.message;
        setErrors(fieldErrors);
      },
    );
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const reading = readAmount(amount, 'validation.investmentAmountRequired');
  const potential =
    reading.ok && selectedMultiplier !== undefined ? payoutFor(reading.cents, selectedMultiplier) : null;
  const limits = t('trading.bet.limits', {
    min: formatCents(room.stakeMinimum),
    max: formatCents(room.stakeMaximum),
  });

  const option = (row: (typeof odds)[number]) => (
    <BetOption
      key={row.key}
      name={name}
      betKey={row.key}
      label={row.bet.category === 'both_sides' ? betLabel(row.bet, t) : String(row.bet.number)}
      multiplier={row.multiplier}
      selected={row.key === selectedKey}
      onSelect={() => choose(row.bet)}
    />
  );

  return (
    <form className="form bet-panel" onSubmit={onSubmit} noValidate data-testid="bet-panel">
      <h2 className="section-title">{t('trading.bet.title')}</h2>
      <fieldset className="bet-group">
        <legend className="bet-group__legend">{t('trading.categories.both_sides')}</legend>
        <div className="bet-grid bet-grid--both">
          {odds.filter((row) => row.bet.category === 'both_sides').map(option)}
        </div>
      </fieldset>
      <fieldset className="bet-group">
        <legend className="bet-group__legend">{t('trading.categories.special_number')}</legend>
        <div className="bet-grid bet-grid--special">
          {odds.filter((row) => row.bet.category === 'special_number').map(option)}
        </div>
      </fieldset>
      {/* The room's limits stay on the form whatever message shows under the field. */}
      <p className="bet-panel__limits" data-testid="bet-limits">
        {limits}
      </p>
      {/* Pinned to the bottom of the screen while the options scroll: the choice, the amount and the
          confirm button stay in reach (and in view) while a bet is chosen. */}
      <div className="bet-bar">
        {errors.bet ? (
          <p className="field__error" role="alert">
            {errors.bet}
          </p>
        ) : (
          <p className="bet-panel__selected" data-testid="bet-selected">
            {bet && selectedMultiplier !== undefined
              ? t('trading.bet.selected', {
                  bet: betLabel(bet, t),
                  odds: formatMultiplier(selectedMultiplier),
                })
              : t('trading.bet.noneSelected')}
          </p>
        )}
        <div className="bet-bar__row">
          <TextField
            label={t('trading.bet.amount')}
            placeholder={t('trading.bet.amountPlaceholder')}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={changeAmount}
            error={errors.amount}
            testId="bet-amount"
          />
          <SubmitButton
            label={t('trading.bet.submit')}
            busyLabel={t('trading.bet.submitting')}
            busy={mutation.isPending}
            disabled={!open}
            testId="bet-submit"
          />
        </div>
        {potential !== null && !errors.amount ? (
          <p className="bet-panel__payout" data-testid="bet-potential">
            {t('trading.bet.potentialPayout', { amount: formatCents(potential) })}
          </p>
        ) : null}
        {closedMessage ? (
          <p className="notice notice--invalid" role="alert" data-testid="bet-error">
            {closedMessage}
          </p>
        ) : null}
        {!open ? <p className="field__hint">{t('trading.bet.closed')}</p> : null}
      </div>
    </form>
  );
}
