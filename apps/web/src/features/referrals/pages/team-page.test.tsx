import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { TEAM_PATH } from '../../../lib/paths.ts';
import { saveSession } from '../../../lib/storage.ts';
import { fakeApi, json, renderPage } from '../../../test/fake-api.tsx';
import TeamPage from './team-page.tsx';

const PROGRAMME = { mode: 'two_levels', level1RateBps: 2_500, level2RateBps: 500, dailyCapCents: 10_000 };
const TEAM = {
  invitationCode: 'ABCD2345',
  rule: { today: '2026-11-28', inForce: PROGRAMME, next: null },
  levels: [
    { level: 1, invitees: 3, turnoverToday: 12_345, turnoverTotal: 99_000 },
    { level: 2, invitees: 0, turnoverToday: 0, turnoverTotal: 0 },
  ],
  rewardsPaidTotal: 150,
};

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

describe('the team page', () => {
  it('shares a registration link with my code, states the rule with its example, and lists rewards', async () => {
    fakeApi({
      'GET /referrals/team': () => json(200, TEAM),
      'GET /referrals/invitees': ({ query }) =>
        json(200, {
          items:
            query.get('level') === '1'
              ? [
                  {
                    account: 'al*****26',
                    joinedAt: 1_764_000_000,
                    turnoverToday: 12_345,
                    turnoverTotal: 99_000,
                  },
                ]
              : [],
          nextCursor: null,
        }),
      'GET /referrals/rewards': () =>
        json(200, {
          items: [
            { day: '2026-11-28', level: 1, invitees: 3, status: 'accruing', amount: 0 },
            { day: '2026-11-27', level: 1, invitees: 3, status: 'paid', amount: 150 },
          ],
        }),
    });
    renderPage(TeamPage, TEAM_PATH);
    expect((await screen.findByTestId('team-code')).textContent).toBe('ABCD2345');
    expect(screen.getByTestId('team-link').textContent).toMatch(
      /\/#\/pages\/register\/index\?code=ABCD2345$/,
    );
    expect(screen.getByTestId('team-rule-level1').textContent).toContain('25.00%');
    // $100 at x1.96 on a 1-in-2 chance: $2.00 of edge, 25 % of it is $0.50.
    expect(screen.getByTestId('team-rule-example').textContent).toContain('$2.00');
    expect(screen.getByTestId('team-rule-example').textContent).toContain('$0.50');
    const level1 = screen.getByTestId('team-level-1');
    expect(within(level1).getByText('$123.45')).toBeTruthy();
    expect((await within(level1).findByTestId('team-invitee')).textContent).toContain('al*****26');
    const rewards = await screen.findAllByTestId('team-reward');
    expect(rewards.map((row) => row.getAttribute('data-status'))).toEqual(['accruing', 'paid']);
    expect(rewards[1]?.textContent).toContain('$1.50');
    expect(rewards[1]?.textContent).toContain('Level 1 · 3 invitees');
    expect(screen.getByTestId('team-paid-total').textContent).toBe('Rewards paid: $1.50');
  });
});
