import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { oddsTable } from '@tradehall/domain';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMultiplier } from '../../../lib/format.ts';
import { initI18n } from '../../../lib/i18n.ts';
import { ROUND_PLAY_PATH } from '../../../lib/paths.ts';
import { saveSession } from '../../../lib/storage.ts';
import { apiError, fakeApi, json, renderPage } from '../../../test/fake-api.tsx';
import { position, room, roundId } from '../../../test/trading-fixtures.ts';
import { betKey } from '../bets.ts';
import { BetPanel } from './bet-panel.tsx';

const ROOM = room({ stakeMinimum: 100, stakeMaximum: 100_000, houseEdgeBps: 200 });

function renderPanel(options: { edgeBps?: number; open?: boolean; onRoundClosed?: () => void } = {}) {
  const Panel = () => (
    <BetPanel
      room={{ ...ROOM, houseEdgeBps: options.edgeBps ?? ROOM.houseEdgeBps }}
      roundId={roundId(1)}
      open={options.open ?? true}
      onRoundClosed={options.onRoundClosed ?? (() => {})}
    />
  );
  renderPage(Panel, ROUND_PLAY_PATH);
}

const submit = () => fireEvent.click(screen.getByTestId('bet-submit'));
const typeAmount = (value: string) =>
  fireEvent.input(screen.getByTestId('bet-amount'), { target: { value } });
const alerts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);
const settle = () => act(async () => {});

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  localStorage.clear();
  saveSession('token', { username: 'demo', id: 'u-1' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('bet panel', () => {
  it.each([200, 500])(
    'offers every bet of both categories with its multiplier from oddsTable at the room edge (%i bps)',
    async (edgeBps) => {
      fakeApi({});
      renderPanel({ edgeBps });
      await screen.findByTestId('bet-panel');
      const table = oddsTable(edgeBps);
      expect(table).toHaveLength(10 + 28);
      for (const row of table) {
        const option = screen.getByTestId(`bet-${betKey(row.bet)}`);
        expect(screen.getByTestId(`bet-${betKey(row.bet)}-odds`).textContent).toBe(
          formatMultiplier(row.multiplier),
        );
        expect(option.querySelector('input[type="radio"]')).not.toBeNull();
      }
      expect(screen.getByTestId('bet-both-long').textContent).toBe(
        edgeBps === 200 ? 'Longx1.96' : 'Longx1.90',
      );
      expect(screen.getByTestId('bet-both-close_short').textContent).toContain('Close short');
      expect(screen.getByTestId('bet-special-13').textContent).toBe(
        edgeBps === 200 ? '13x13.06' : '13x12.66',
      );
      expect(screen.getByTestId('bet-special-0').textContent).toBe(edgeBps === 200 ? '0x980.00' : '0x950.00');
      expect(screen.getByRole('group', { name: 'Both sides' })).toBeTruthy();
      expect(screen.getByRole('group', { name: 'Special number' })).toBeTruthy();
    },
  );

  it("shows the room's minimum and maximum on the form", async () => {
    fakeApi({});
    renderPanel();
    expect((await screen.findByTestId('bet-limits')).textContent).toBe('Minimum $1.00, maximum $1,000.00');
  });

  it("validates the choice and the amount against the room's limits, sending nothing", async () => {
    const calls = fakeApi({});
    renderPanel();
    await screen.findByTestId('bet-panel');
    submit();
    await waitFor(() =>
      expect(alerts()).toEqual(['Please choose a valid position', 'Please enter the investment amount']),
    );
    await settle();

    fireEvent.click(screen.getByTestId('bet-both-single'));
    typeAmount('0.99');
    submit();
    await waitFor(() => expect(alerts()).toEqual(['The minimum investment amount is $1.00']));
    await settle();

    typeAmount('1000.01');
    submit();
    await waitFor(() => expect(alerts()).toEqual(['The maximum investment amount is $1,000.00']));
    await settle();

    typeAmount('10.555');
    submit();
    await waitFor(() => expect(alerts()).toEqual(['Amounts have at most two decimal places']));
    await settle();

    typeAmount('abc');
    submit();
    await waitFor(() => expect(alerts()).toEqual(['Please enter a valid amount']));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('places the chosen position in cents with an idempotency key, showing what it pays if it wins', async () => {
    const calls = fakeApi({
      [`POST /rounds/${roundId(1)}/positions`]: () =>
        json(
          201,
          position(1, { bet: { category: 'special_number', number: 13 }, amount: 1050, multiplier: 1306 }),
        ),
    });
    renderPanel();
    await screen.findByTestId('bet-panel');
    fireEvent.click(screen.getByTestId('bet-special-13'));
    expect(screen.getByTestId('bet-selected').textContent).toBe('Selected: Special 13 x13.06');
    typeAmount('10.50');
    expect(screen.getByTestId('bet-potential').textContent).toBe('Pays $137.13 if it wins');
    typeAmount('1000');
    expect(alerts()).toEqual([]);
    typeAmount('10.50');
    submit();
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      bet: { category: 'special_number', number: 13 },
      amount: 1050,
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
    });
  });

  it("shows the server's stake limit message on the amount", async () => {
    fakeApi({
      [`POST /rounds/${roundId(1)}/positions`]: () =>
        apiError(400, 'STAKE_ABOVE_MAXIMUM', 'The maximum investment amount is $500.00', {
          params: { amount: '$500.00' },
        }),
    });
    renderPanel();
    await screen.findByTestId('bet-panel');
    fireEvent.click(screen.getByTestId('bet-both-long'));
    typeAmount('600');
    submit();
    await waitFor(() => expect(alerts()).toContain('The maximum investment amount is $500.00'));
  });

  it('takes no position while the round is not open', async () => {
    const onRoundClosed = vi.fn();
    const calls = fakeApi({});
    renderPanel({ open: false, onRoundClosed });
    await screen.findByTestId('bet-panel');
    expect((screen.getByTestId('bet-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Positions reopen with the next round')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
