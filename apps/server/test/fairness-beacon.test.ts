/**
 * Fairness v2 with a real beacon: a local drand-API server on loopback signing with real BLS keys
 * (@noble/curves), the round engine under the test's manual clock (the beacon emits by the same clock).
 * A valid beacon draws the round and its proof verifies offline; a forged signature and a mirror that
 * answers an earlier round are refused (the round waits in drawing); a beacon that never arrives voids
 * the round at the deadline and refunds every stake exactly once, with the reason in the round view.
 */
import { type FairnessProof, fairnessProofSchema, type RoundView, roundSchema } from '@tradehall/contracts';
import { firstBeaconRoundAtOrAfter, verifyRound } from '@tradehall/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalBeacon } from '../src/modules/beacon/local-beacon.ts';
import { migrateToLatest } from '../src/platform/db/migrate.ts';
import { call, createTestApp, DRIVERS, type TestApp } from './harness.ts';
import { balanceOf, expectLedgerOk, quickUser } from './money.ts';
import {
  credit,
  openRound,
  place,
  type RoundRecord,
  roomId,
  stepTo,
  tick,
  transfersOfPosition,
} from './trading.ts';

const TIMEOUT_SECONDS = 5;

interface Setup {
  t: TestApp;
  beacon: LocalBeacon;
  token: string;
}

/** A test app whose engine fetches from `serving` but trusts the key and chain of `trusted`. */
async function setup(
  driver: (typeof DRIVERS)[number],
  options: { forge?: boolean; unreachable?: boolean; answerEarlier?: boolean } = {},
): Promise<Setup> {
  const clock: { now: () => number } = { now: () => Date.now() };
  const serving = new LocalBeacon({
    now: () => clock.now(),
    ...(options.answerEarlier ? { answerRound: (asked: number) => asked - 1 } : {}),
  });
  const url = await serving.start();
  if (options.unreachable) await serving.close();
  // A forger serves values signed with its own key under the trusted chain's name.
  const trusted = options.forge ? new LocalBeacon() : serving;
  const t = await createTestApp({
    driver,
    env: {
      FAIRNESS_BEACON: 'local',
      FAIRNESS_BEACON_URLS: url,
      FAIRNESS_BEACON_CHAIN_HASH: serving.network.chainHash,
      FAIRNESS_BEACON_PUBLIC_KEY: trusted.network.publicKey,
      FAIRNESS_BEACON_GENESIS: String(serving.network.genesis),
      FAIRNESS_BEACON_PERIOD_SECONDS: String(serving.network.period),
      FAIRNESS_BEACON_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
    },
  });
  clock.now = () => t.clock.now().getTime();
  // A no-op normally; brings a database template built by a concurrent older run up to date.
  await migrateToLatest(t.database.kysely);
  const viewer = await quickUser(t, { prefix: 'viewer' });
  return { t, beacon: serving, token: viewer.token };
}

async function roundView({ t, token }: Setup, id: string): Promise<RoundView> {
  const response = await call<{ round: RoundView }>(t, 'GET', `/rounds/${id}`, { token });
  expect(response.status).toBe(200);
  return roundSchema.parse(response.body.round);
}

async function staked(t: TestApp, round: RoundRecord) {
  const user = await quickUser(t, { prefix: 'beacon' });
  await credit(t, user.id, 10_000);
  const placed = await place(t, user, round.id, { category: 'both_sides', type: 'long' }, 2_500);
  expect(placed.status).toBe(201);
  return { user, positionId: placed.body.id };
}

describe.each(DRIVERS)('fairness v2 with a local beacon on %s', (driver) => {
  let current: Setup | null = null;
  afterEach(async () => {
    await current?.t.close();
    await current?.beacon.close();
    current = null;
  });

  it('plans the first beacon round at or after the seal, draws with the verified value, and the proof verifies offline', async () => {
    current = await setup(driver);
    const { t, beacon } = current;
    const room = await roomId(t, 'normal');
    const round = await openRound(t, room);
    const open = await roundView(current, round.id);
    const planned = firstBeaconRoundAtOrAfter(beacon.network, open.sealsAt);
    expect(open.fairness).toEqual({ scheme: 'v2', beacon: 'local', beaconRound: planned });
    const { user } = await staked(t, round);

    await stepTo(t, round.sealsAt);
    await stepTo(t, round.drawsAt);
    const drawn = await roundView(current, round.id);
    expect(drawn.status).toBe('drawing');
    expect(drawn.digits).not.toBeNull();
    await stepTo(t, round.settlesAt);
    expect((await roundView(current, round.id)).status).toBe('settled');

    const response = await call<FairnessProof>(t, 'GET', `/fairness/rounds/${round.id}`);
    const proof = fairnessProofSchema.parse(response.body);
    expect(proof).toMatchObject({ scheme: 'v2', beacon: { kind: 'local', round: planned } });
    const result = verifyRound(proof);
    expect(result).toMatchObject({
      ok: true,
      scheme: 'v2',
      beacon: { signatureOk: true, roundOk: true, source: 'other' },
    });
    expect(result.computedDigits).toEqual(proof.digits);
    expect(proof.beacon?.signature).toBe(beacon.value(planned).signature);
    expect(await balanceOf(t, user.id)).toBeGreaterThanOrEqual(7_500);
    await expectLedgerOk(t);
  });

  it('refuses a forged signature: the round waits in drawing with no result', async () => {
    current = await setup(driver, { forge: true });
    const { t } = current;
    const round = await openRound(t, await roomId(t, 'normal'));
    await stepTo(t, round.sealsAt);
    await stepTo(t, round.drawsAt);
    await stepTo(t, round.settlesAt);
    const view = await roundView(current, round.id);
    expect(view).toMatchObject({ status: 'drawing', digits: null, sum: null });
    expect((await call(t, 'GET', `/fairness/rounds/${round.id}`)).status).toBe(404);
  });

  it('refuses a mirror answering an earlier beacon round than the first after the seal', async () => {
    current = await setup(driver, { answerEarlier: true });
    const { t } = current;
    const round = await openRound(t, await roomId(t, 'normal'));
    await stepTo(t, round.sealsAt);
    await stepTo(t, round.drawsAt);
    await tick(t);
    expect(await roundView(current, round.id)).toMatchObject({ status: 'drawing', digits: null });
  });

  it('voids the round when no verified beacon arrives in time, refunding every stake exactly once', async () => {
    current = await setup(driver, { unreachable: true });
    const { t } = current;
    const round = await openRound(t, await roomId(t, 'normal'));
    const { user, positionId } = await staked(t, round);
    expect(await balanceOf(t, user.id)).toBe(7_500);
    await stepTo(t, round.sealsAt);
    await stepTo(t, round.drawsAt);
    await stepTo(t, round.settlesAt);
    expect(await roundView(current, round.id)).toMatchObject({ status: 'drawing', digits: null });

    await stepTo(t, new Date(round.drawsAt.getTime() + (TIMEOUT_SECONDS + 1) * 1000));
    const voided = await roundView(current, round.id);
    expect(voided).toMatchObject({ status: 'void', voidReason: 'beacon_timeout', digits: null });
    expect(await balanceOf(t, user.id)).toBe(10_000);

    // Again, by the engine and directly: nothing more is refunded.
    await tick(t);
    expect(await t.services.settlement.void(round.id, 'beacon_timeout')).toBeNull();
    const refunds = (await transfersOfPosition(t, positionId)).filter(
      (transfer) => transfer.key === 'refund',
    );
    expect(refunds).toHaveLength(1);
    expect(await balanceOf(t, user.id)).toBe(10_000);
    await expectLedgerOk(t);
    // The room goes on: a new round opens.
    expect((await openRound(t, round.roomId)).id).not.toBe(round.id);
  });
});
