import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json, writes } from '../../test/fake-api.ts';
import { renderScreen } from '../../test/render.tsx';
import { LiabilitiesPage } from './liabilities-page.tsx';

const KEY = 'ab'.repeat(32);
const SNAPSHOT = {
  id: '5b0c1a52-5f44-4a8e-8d52-2f1f7c6f0a11',
  sequence: 3,
  takenAt: '2026-11-28T12:00:00.000Z',
  root: 'cd'.repeat(32),
  total: 1_234_56,
  userCount: 42,
  previousRoot: 'ef'.repeat(32),
  signature: '01'.repeat(64),
  publicKey: KEY,
  trigger: 'schedule',
};

function server(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /liabilities': () =>
      json(200, { publicKey: KEY, scheduleMinutes: 60, latest: SNAPSHOT, reserves: null }),
    'GET /admin/liabilities/snapshots': () => json(200, { items: [SNAPSHOT], nextCursor: null }),
    ...extra,
  });
}

const change = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('proof of liabilities in the console', () => {
  it('lists the snapshots with the key users check against', async () => {
    server();
    renderScreen(<LiabilitiesPage />, { role: 'operator', totpEnabled: true });
    expect(await screen.findByText('$1,234.56')).toBeTruthy();
    expect(screen.getByText(KEY)).toBeTruthy();
    expect(screen.getByTestId('liabilities-take').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('liabilities-state-reserves').hasAttribute('disabled')).toBe(true);
  });

  it('lets an admin take a snapshot now', async () => {
    const calls = server({
      'POST /admin/liabilities/snapshots': () => json(201, { ...SNAPSHOT, sequence: 4 }),
    });
    renderScreen(<LiabilitiesPage />, { role: 'admin', totpEnabled: false });
    await waitFor(() => expect(screen.getByTestId('liabilities-take').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('liabilities-take'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.path).toBe('/admin/liabilities/snapshots');
  });

  it('states reserves in exact cents with the scope, the evidence and the code; shows a refusal', async () => {
    let refuse = true;
    const calls = server({
      'PUT /admin/liabilities/reserves': ({ body }) =>
        refuse
          ? apiError(401, 'TOTP_INVALID', 'The code is not valid')
          : json(200, { ...(body as object), statedAt: 1_790_000_000 }),
    });
    renderScreen(<LiabilitiesPage />, { role: 'admin', totpEnabled: true });
    await waitFor(() =>
      expect(screen.getByTestId('liabilities-state-reserves').hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByTestId('liabilities-state-reserves'));
    change(
      await screen.findByTestId('liabilities-reserves-amount').then(() => 'liabilities-reserves-amount'),
      '1000000.10',
    );
    change('liabilities-reserves-evidence', '  Bank letter of 27 Nov  ');
    change('liabilities-reserves-totp', '123456');
    fireEvent.click(screen.getByTestId('liabilities-reserves-save'));
    await screen.findByText('The code is not valid');
    refuse = false;
    fireEvent.click(screen.getByTestId('liabilities-reserves-save'));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]?.body).toEqual({
      amount: 100_000_010,
      scope: 'bank_attestation',
      evidence: 'Bank letter of 27 Nov',
      totpCode: '123456',
    });
  });
});
