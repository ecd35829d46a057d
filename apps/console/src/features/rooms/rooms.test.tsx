import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, heldAnswer, json, writes } from '../../test/fake-api.ts';
import { ROOM } from '../../test/fixtures.ts';
import { renderScreen } from '../../test/render.tsx';
import { RoomsPage } from './rooms-page.tsx';

const ROOM_PATH = `/admin/rooms/${ROOM.id}`;
const PAUSED = { ...ROOM, id: '0b8f3c1e-1111-4a6b-9c2d-00000000f002', tier: 'dia', paused: true } as const;

function server(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({ 'GET /admin/rooms': () => json(200, { items: [ROOM, PAUSED] }), ...extra });
}

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const change = (testId: string, value: string) => fireEvent.change(field(testId), { target: { value } });
const saveEdit = () => fireEvent.click(screen.getByTestId('room-edit-confirm'));

async function openEdit() {
  fireEvent.click(await screen.findByTestId('room-edit-vip'));
  return screen.findByTestId('room-stake-maximum');
}

describe('rooms', () => {
  it('lists limits in dollars and the edge in percent; pause for a running room, resume for a paused one', async () => {
    server();
    renderScreen(<RoomsPage />);
    await screen.findByTestId('room-edit-vip');
    expect(screen.getAllByText('$5,000.00')).toHaveLength(2);
    expect(screen.getAllByText('3.00%')).toHaveLength(2);
    expect(screen.getByTestId('room-pause-vip')).toBeTruthy();
    expect(screen.queryByTestId('room-resume-vip')).toBeNull();
    expect(screen.getByTestId('room-resume-dia')).toBeTruthy();
    expect(screen.queryByTestId('room-pause-dia')).toBeNull();
  });

  it('only an admin may edit, pause or resume', async () => {
    server();
    renderScreen(<RoomsPage />, { role: 'operator' });
    await screen.findByTestId('room-edit-vip');
    for (const testId of ['room-edit-vip', 'room-pause-vip', 'room-edit-dia', 'room-resume-dia']) {
      expect(screen.getByTestId(testId).hasAttribute('disabled')).toBe(true);
    }
  });

  it('opens the edit with the limits in dollars, refuses amounts that are not dollars and a maximum under the minimum', async () => {
    const calls = server();
    renderScreen(<RoomsPage />);
    await openEdit();
    expect(field('room-entry-minimum').value).toBe('1000.00');
    expect(field('room-stake-minimum').value).toBe('10.00');
    expect(field('room-stake-maximum').value).toBe('5000.00');
    change('room-entry-minimum', '12.345');
    change('room-stake-maximum', '5');
    change('room-edit-reason', 'Tighter limits');
    saveEdit();
    expect(await screen.findByText('An amount in dollars with at most 2 decimals')).toBeTruthy();
    expect(await screen.findByText('The stake maximum must be at least the stake minimum')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
  });

  it('refuses a stake above the ceiling every payout is exact under, and says what the ceiling is', async () => {
    const calls = server();
    renderScreen(<RoomsPage />);
    await openEdit();
    change('room-stake-maximum', '100000000.01');
    change('room-edit-reason', 'Whale room');
    saveEdit();
    expect(
      await screen.findByText('At most $100,000,000.00: larger stakes could not be paid out exactly'),
    ).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
  });

  it('sends only the changed fields, the amounts in exact cents, with the reason', async () => {
    const calls = server({ [`PATCH ${ROOM_PATH}`]: () => json(200, { ...ROOM, stakeMaximum: 750_050 }) });
    renderScreen(<RoomsPage />);
    await openEdit();
    change('room-stake-maximum', '7500.5');
    change('room-edge', '250');
    change('room-edit-reason', ' Bigger stakes ');
    saveEdit();
    expect(await screen.findByText('Room updated; the change applies from the next round')).toBeTruthy();
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        path: ROOM_PATH,
        body: { stakeMaximum: 750_050, houseEdgeBps: 250, reason: 'Bigger stakes' },
      }),
    ]);
  });

  it('sends nothing when nothing but the reason was given, and says so', async () => {
    const calls = server();
    renderScreen(<RoomsPage />);
    await openEdit();
    change('room-stake-maximum', '5000');
    change('room-edit-reason', 'Just looking');
    saveEdit();
    expect(await screen.findByText('Nothing changed')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
  });

  it('pauses a running room with a reason, the confirm disabled until the server answers', async () => {
    const answer = heldAnswer();
    const calls = server({ [`POST ${ROOM_PATH}/pause`]: answer.handler });
    renderScreen(<RoomsPage />);
    fireEvent.click(await screen.findByTestId('room-pause-vip'));
    fireEvent.change(await screen.findByTestId('room-toggle-dialog-reason'), {
      target: { value: 'Maintenance' },
    });
    fireEvent.click(screen.getByTestId('room-toggle-dialog-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('room-toggle-dialog-confirm').hasAttribute('disabled')).toBe(true),
    );
    await act(async () => answer.release(json(200, { ...ROOM, paused: true })));
    expect(await screen.findByText('Room paused: no new round will open')).toBeTruthy();
    expect(writes(calls)).toEqual([
      expect.objectContaining({ path: `${ROOM_PATH}/pause`, body: { reason: 'Maintenance' } }),
    ]);
  });

  it('resumes a paused room', async () => {
    const calls = server({
      [`POST /admin/rooms/${PAUSED.id}/resume`]: () => json(200, { ...PAUSED, paused: false }),
    });
    renderScreen(<RoomsPage />);
    fireEvent.click(await screen.findByTestId('room-resume-dia'));
    expect(await screen.findByText('Resume this room')).toBeTruthy();
    fireEvent.change(await screen.findByTestId('room-toggle-dialog-reason'), { target: { value: 'Done' } });
    fireEvent.click(screen.getByTestId('room-toggle-dialog-confirm'));
    expect(await screen.findByText('Room resumed')).toBeTruthy();
    expect(writes(calls).map((call) => call.path)).toEqual([`/admin/rooms/${PAUSED.id}/resume`]);
  });
});
