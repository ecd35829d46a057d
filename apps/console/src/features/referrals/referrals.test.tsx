import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json, writes } from '../../test/fake-api.ts';
import { renderScreen } from '../../test/render.tsx';
import { ReferralsPage } from './referrals-page.tsx';

const PROGRAMME_PATH = '/admin/referrals/programme';
const OFF = { mode: 'off', level1RateBps: 0, level2RateBps: 0, dailyCapCents: 0 };
const RULE = { today: '2026-11-27', inForce: OFF, next: null };
const REPORT = { perDay: [], topReferrers: [] };

function server(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    [`GET ${PROGRAMME_PATH}`]: () => json(200, RULE),
    'GET /admin/referrals/report': () => json(200, REPORT),
    ...extra,
  });
}

const change = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function openEditor() {
  const edit = screen.getByTestId('referral-programme-edit');
  await waitFor(() => expect(edit.hasAttribute('disabled')).toBe(false));
  fireEvent.click(edit);
  return screen.findByTestId('referral-level1');
}

describe('referral programme', () => {
  it('is read-only for an operator who is not an admin', async () => {
    server();
    renderScreen(<ReferralsPage />, { role: 'operator', totpEnabled: true });
    await screen.findByText('In force today (2026-11-27)');
    expect(screen.getByTestId('referral-programme-edit').hasAttribute('disabled')).toBe(true);
  });

  it('sends percentages as exact basis points and dollars as exact cents, with the code', async () => {
    const two = { mode: 'two_levels', level1RateBps: 2_500, level2RateBps: 500, dailyCapCents: 10_000 };
    const calls = server({
      [`GET ${PROGRAMME_PATH}`]: () => json(200, { ...RULE, inForce: two }),
      [`PUT ${PROGRAMME_PATH}`]: () => json(200, RULE),
    });
    renderScreen(<ReferralsPage />, { role: 'admin', totpEnabled: true });
    await openEditor();
    change('referral-level1', '25.5');
    change('referral-level2', '4.75');
    change('referral-cap', '100.10');
    change('referral-programme-totp', '123456');
    fireEvent.click(screen.getByTestId('referral-programme-save'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.body).toEqual({
      mode: 'two_levels',
      level1RateBps: 2_550,
      level2RateBps: 475,
      dailyCapCents: 10_010,
      totpCode: '123456',
    });
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    server({
      [`PUT ${PROGRAMME_PATH}`]: () => apiError(400, 'VALIDATION_FAILED', 'The rates exceed the edge'),
    });
    renderScreen(<ReferralsPage />, { role: 'admin', totpEnabled: true });
    await openEditor();
    change('referral-programme-totp', '123456');
    fireEvent.click(screen.getByTestId('referral-programme-save'));
    expect(await screen.findByText('The rates exceed the edge')).toBeTruthy();
    expect(screen.getByTestId('referral-programme-save')).toBeTruthy();
  });
});
