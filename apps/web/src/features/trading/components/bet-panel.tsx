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
import type { RoomView } from '@tradehall/contracts';
import { payoutFor } from '@tradehall/domain';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { readAmount } from '../../../lib/amount.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { formatCents, formatMultiplier } from '../../../lib/format.ts';
import { useFormSubmit } from '../../../lib/forms/use-form-submit.ts';
import { usePlacePosition } from '../api/place-position.ts';
import { type BetKey, betKey, betLabel, betOdds } from '../bets.ts';
import { type PositionForm, positionSchema } from '../forms.ts';
import { BetOption } from './bet-option.tsx';

export interface BetPanelProps {
  room: Pick<RoomView, 'stakeMinimum' | 'stakeMaximum' | 'houseEdgeBps'>;
  roundId: string;
  /** Whether the round takes positions now (by the server's clock). */
  open: boolean;
  /** The server refused a position because the round is no longer open. */
  onRoundClosed: () => void;
}

export function BetPanel({ room, roundId, open, onRoundClosed }: BetPanelProps) {
  const { t } = useTranslation();
  const name = useId();
  const mutation = usePlacePosition(roundId);
  const [closedMessage, setClosedMessage] = useState<string | null>(null);
  const { stakeMinimum, stakeMaximum } = room;
  const schema = useMemo(() => positionSchema({ stakeMinimum, stakeMaximum }), [stakeMinimum, stakeMaximum]);
  const { field, onSubmit, pending, restart } = useFormSubmit({
    schema,
    defaultValues: { bet: null, amount: '' } as PositionForm,
    serverFields: ['amount', 'bet'],
    codeFields: { STAKE_BELOW_MINIMUM: 'amount', STAKE_ABOVE_MAXIMUM: 'amount' },
    canSubmit: () => open,
    send: (request, idempotencyKey) => {
      setClosedMessage(null);
      return mutation.mutateAsync({ ...request, idempotencyKey });
    },
    successToast: t('trading.bet.placed'),
    onError: (error) => {
      if (!isApiError(error) || error.code !== 'ROUND_NOT_OPEN') return false;
      setClosedMessage(error.message);
      onRoundClosed();
      return true;
    },
  });
  const betField = field('bet');
  const amountField = field('amount');
  const bet = betField.value;
  const amount = amountField.value;

  const odds = useMemo(() => betOdds(room.houseEdgeBps), [room.houseEdgeBps]);
  const multipliers = useMemo(
    () => new Map<BetKey, number>(odds.map((row) => [row.key, row.multiplier])),
    [odds],
  );
  const selectedKey = bet ? betKey(bet) : null;
  const selectedMultiplier = selectedKey ? multipliers.get(selectedKey) : undefined;

  // A refusal belongs to the round it happened in, and a position in a new round is a new request.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the round changes
  useEffect(() => {
    setClosedMessage(null);
    restart();
  }, [roundId]);

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
      onSelect={() => betField.onChange(row.bet)}
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
        {betField.error ? (
          <p className="field__error" role="alert">
            {betField.error}
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
            {...amountField}
            testId="bet-amount"
          />
          <SubmitButton
            label={t('trading.bet.submit')}
            busyLabel={t('trading.bet.submitting')}
            busy={pending}
            disabled={!open}
            testId="bet-submit"
          />
        </div>
        {potential !== null && !amountField.error ? (
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
