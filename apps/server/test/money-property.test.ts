/**
 * Property: whatever sequence of money operations three users and an operator perform — deposits by
 * every method, approvals, rejections, gateway events, withdrawals, payments, refunds, retries with the
 * same idempotency key — the server agrees with a simple in-memory model (a balance per user, a status
 * per request), and after every single step the ledger invariant holds and no balance is negative.
 * Driven over HTTP (inject) on the embedded database.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_HEADER, signatureHeader } from '../src/modules/payments/sandbox/sandbox-signature.ts';
import { toCents } from '../src/platform/db/cents.ts';
import { API, call, createTestApp, type JsonResponse, type TestApp } from './harness.ts';
import {
  bindCard,
  expectLedgerOk,
  fund,
  type MoneyUser,
  newKey,
  operatorToken,
  PAYMENT_PASSWORD,
  quickUser,
} from './money.ts';

const USERS = 3;
const MIN_DEPOSIT = 1000;
const MIN_WITHDRAWAL = 2000;

type DepositStep = { kind: 'deposit'; user: number; method: 'offline' | 'crypto' | 'card'; amount: number };
type WithdrawStep = { kind: 'withdraw'; user: number; amount: number };
type Step =
  | DepositStep
  | WithdrawStep
  | { kind: 'approveDeposit' | 'rejectDeposit'; pick: number }
  | { kind: 'gatewayEvent'; pick: number; succeeded: boolean }
  | { kind: 'payWithdrawal' | 'rejectWithdrawal'; pick: number }
  | { kind: 'retryLast' };

const user = fc.integer({ min: 0, max: USERS - 1 });
const pick = fc.nat();
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      user,
      method: fc.constantFrom('offline' as const, 'crypto' as const, 'card' as const),
      amount: fc.integer({ min: 500, max: 200_000 }),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('approveDeposit' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rejectDeposit' as const), pick }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('gatewayEvent' as const), pick, succeeded: fc.boolean() }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      user,
      amount: fc.integer({ min: 1000, max: 60_000 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('payWithdrawal' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('rejectWithdrawal' as const), pick }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'retryLast' as const }) },
);

interface ModelDeposit {
  id: string;
  user: number;
  amount: number;
  checkoutId: string | null;
  status: 'pending' | 'approved' | 'rejected';
}

interface ModelWithdrawal {
  id: string;
  user: number;
  amount: number;
  status: 'pending' | 'paid' | 'rejected';
}

/**
 * The item a decision step acts on: an even pick chooses among the pending ones (so most decisions
 * change something), an odd pick among all (so repeated and conflicting decisions happen too).
 */
function choose<T extends { status: string }>(items: T[], pick: number): T | undefined {
  const pool = pick % 2 === 0 ? items.filter((item) => item.status === 'pending') : items;
  return pool[Math.floor(pick / 2) % Math.max(1, pool.length)];
}

/** What the runs actually exercised, printed so a reader can see the property is not vacuous. */
const effects: Record<string, number> = {};
const count = (name: string) => {
  effects[name] = (effects[name] ?? 0) + 1;
};

/** One run: three fresh users, the model of their money, and the steps applied to server and model. */
class MoneyRun {
  readonly deposits: ModelDeposit[] = [];
  readonly withdrawals: ModelWithdrawal[] = [];
  /** The last client request (deposit or withdrawal), as sent, for a retry to send again. */
  last: { step: DepositStep | WithdrawStep; body: Record<string, unknown>; response: JsonResponse } | null =
    null;

  constructor(
    private readonly t: TestApp,
    private readonly operator: string,
    readonly users: MoneyUser[],
    private readonly cards: string[],
    readonly balances: number[],
  ) {}

  async apply(step: Step): Promise<void> {
    switch (step.kind) {
      case 'deposit':
        return this.deposit(step, this.depositBody(step));
      case 'withdraw':
        return this.withdraw(step, {
          amount: step.amount,
          destinationType: 'bank_card',
          destinationId: this.cards[step.user],
          paymentPassword: PAYMENT_PASSWORD,
          idempotencyKey: newKey(),
        });
      case 'approveDeposit':
      case 'rejectDeposit':
        return this.decideDeposit(step.kind === 'approveDeposit', step.pick);
      case 'gatewayEvent':
        return this.gatewayEvent(step.pick, step.succeeded);
      case 'payWithdrawal':
      case 'rejectWithdrawal':
        return this.decideWithdrawal(step.kind === 'payWithdrawal', step.pick);
      case 'retryLast':
        return this.retryLast();
    }
  }

  private depositBody(step: DepositStep): Record<string, unknown> {
    const common = { amount: step.amount, idempotencyKey: newKey() };
    if (step.method === 'offline') return { method: 'offline', depositorName: 'Li Wei', ...common };
    if (step.method === 'crypto') {
      return { method: 'crypto', network: 'USDT-TRC20', txHash: randomBytes(32).toString('hex'), ...common };
    }
    return { method: 'card', ...common };
  }

  /** Sends a deposit and checks the answer against the model; `replayOf` is the first answer of a retry. */
  private async deposit(step: DepositStep, body: Record<string, unknown>, replayOf?: JsonResponse) {
    const response = await call(this.t, 'POST', '/deposits', { token: this.who(step.user).token, body });
    if (replayOf) {
      expect(response.status).toBe(replayOf.status);
      expect(response.body).toEqual(replayOf.body);
      count('retry of a deposit answered identically');
      return;
    }
    this.last = { step, body, response };
    if (step.amount < MIN_DEPOSIT) {
      expect(response.body.error?.code).toBe('DEPOSIT_BELOW_MINIMUM');
      return;
    }
    expect(response.status).toBe(201);
    count(`deposit ${step.method}`);
    const checkoutUrl = response.body.checkoutUrl as string | null;
    this.deposits.push({
      id: String(response.body.id),
      user: step.user,
      amount: step.amount,
      checkoutId: checkoutUrl ? (checkoutUrl.split('/').at(-1) ?? null) : null,
      status: 'pending',
    });
  }

  private async withdraw(step: WithdrawStep, body: Record<string, unknown>, replayOf?: JsonResponse) {
    const response = await call(this.t, 'POST', '/withdrawals', { token: this.who(step.user).token, body });
    if (replayOf) {
      expect(response.status).toBe(replayOf.status);
      expect(response.body).toEqual(replayOf.body);
      count('retry of a withdrawal answered identically');
      return;
    }
    this.last = { step, body, response };
    const balance = this.balances[step.user] ?? 0;
    if (step.amount < MIN_WITHDRAWAL) {
      expect(response.body.error?.code).toBe('WITHDRAWAL_BELOW_MINIMUM');
    } else if (step.amount > balance) {
      expect(response.body.error?.code).toBe('EXCEEDS_WITHDRAWABLE');
    } else {
      expect(response.status).toBe(201);
      this.balances[step.user] = balance - step.amount;
      count('withdrawal held');
      this.withdrawals.push({
        id: String(response.body.id),
        user: step.user,
        amount: step.amount,
        status: 'pending',
      });
    }
  }

  /**
   * The client lost the answer and sends the very same request (same key) again. A request that took
   * effect answers exactly as the first time and changes nothing; one that was refused changed nothing,
   * so its retry is judged afresh against the model as it is now.
   */
  private async retryLast() {
    const last = this.last;
    if (!last) return;
    const replayOf = last.response.status < 300 ? last.response : undefined;
    if (last.step.kind === 'deposit') await this.deposit(last.step, last.body, replayOf);
    else await this.withdraw(last.step, last.body, replayOf);
  }

  private async decideDeposit(approve: boolean, pick: number) {
    const deposit = choose(this.deposits, pick);
    if (!deposit) return;
    const response = await call(
      this.t,
      'POST',
      `/admin/deposits/${deposit.id}/${approve ? 'approve' : 'reject'}`,
      {
        token: this.operator,
        ...(approve ? {} : { body: { reason: 'Not received' } }),
      },
    );
    const target = approve ? 'approved' : 'rejected';
    if (deposit.status === 'pending') {
      expect(response.status).toBe(200);
      deposit.status = target;
      count(`deposit ${target}`);
      if (approve) this.credit(deposit.user, deposit.amount);
    } else if (deposit.status === target) {
      expect(response.status).toBe(200);
    } else {
      expect(response.body.error?.code).toBe('NOT_PENDING');
    }
  }

  /** A correctly signed event from the gateway, for one of the run's card deposits. */
  private async gatewayEvent(pick: number, succeeded: boolean) {
    const deposit = choose(
      this.deposits.filter((item) => item.checkoutId !== null),
      pick,
    );
    if (!deposit?.checkoutId) return;
    const now = Math.floor(this.t.clock.now().getTime() / 1000);
    const body = JSON.stringify({
      eventId: `evt_${randomBytes(8).toString('hex')}`,
      type: succeeded ? 'payment.succeeded' : 'payment.failed',
      checkoutId: deposit.checkoutId,
      amount: deposit.amount,
      currency: 'USD',
      occurredAt: now,
    });
    const response = await this.t.app.inject({
      method: 'POST',
      url: `${API}/payments/sandbox/webhook`,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signatureHeader(this.t.config.funding.webhookSecret, now, body),
      },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    const outcome = (JSON.parse(response.body) as { outcome: string }).outcome;
    if (deposit.status === 'pending') {
      expect(outcome).toBe(succeeded ? 'approved' : 'rejected');
      deposit.status = succeeded ? 'approved' : 'rejected';
      count(`deposit ${deposit.status} by the gateway`);
      if (succeeded) this.credit(deposit.user, deposit.amount);
    } else {
      expect(outcome).toBe('already_decided');
    }
  }

  private async decideWithdrawal(pay: boolean, pick: number) {
    const withdrawal = choose(this.withdrawals, pick);
    if (!withdrawal) return;
    const response = await call(
      this.t,
      'POST',
      `/admin/withdrawals/${withdrawal.id}/${pay ? 'pay' : 'reject'}`,
      {
        token: this.operator,
        body: pay ? { paymentReference: 'REF' } : { reason: 'Wrong account' },
      },
    );
    const target = pay ? 'paid' : 'rejected';
    if (withdrawal.status === 'pending') {
      expect(response.status).toBe(200);
      withdrawal.status = target;
      count(`withdrawal ${target}`);
      if (!pay) this.credit(withdrawal.user, withdrawal.amount);
    } else if (withdrawal.status === target) {
      expect(response.status).toBe(200);
    } else {
      expect(response.body.error?.code).toBe('NOT_PENDING');
    }
  }

  /** After every step: the invariant, and each balance exactly as the model says, none negative. */
  async check(): Promise<void> {
    await expectLedgerOk(this.t);
    const rows = await this.t.database.kysely
      .selectFrom('ledger_accounts')
      .select(['user_id', 'balance'])
      .where(
        'user_id',
        'in',
        this.users.map((u) => u.id),
      )
      .execute();
    const actual = this.users.map((u) => toCents(rows.find((row) => row.user_id === u.id)?.balance));
    expect(actual).toEqual(this.balances);
    expect(actual.every((balance) => balance >= 0)).toBe(true);
  }

  /** At the end of a run: each user's assets page agrees with the model too. */
  async checkAssets(): Promise<void> {
    const sum = (items: Array<{ amount: number }>) => items.reduce((total, item) => total + item.amount, 0);
    for (const [index, who] of this.users.entries()) {
      const deposits = this.deposits.filter((item) => item.user === index);
      const withdrawals = this.withdrawals.filter((item) => item.user === index);
      const assets = await call(this.t, 'GET', '/me/assets', { token: who.token });
      expect(assets.body).toMatchObject({
        balance: this.balances[index],
        held: sum(withdrawals.filter((item) => item.status === 'pending')),
        totalDeposited: sum(deposits.filter((item) => item.status === 'approved')),
        totalWithdrawn: sum(withdrawals.filter((item) => item.status === 'paid')),
        pendingDeposits: deposits.filter((item) => item.status === 'pending').length,
        pendingWithdrawals: withdrawals.filter((item) => item.status === 'pending').length,
      });
    }
  }

  private credit(index: number, amount: number) {
    this.balances[index] = (this.balances[index] ?? 0) + amount;
  }

  private who(index: number): MoneyUser {
    const found = this.users[index];
    if (!found) throw new Error(`no user ${index}`);
    return found;
  }
}

describe('the money model (property-based, PGlite)', () => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await createTestApp({
      driver: 'pglite',
      env: { TURNOVER_MULTIPLIER: '0', WITHDRAWALS_PER_DAY: '100000' },
    });
    operator = await operatorToken(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('agrees with the model, keeps the invariant and never goes negative', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: MIN_DEPOSIT, max: 200_000 }), { minLength: USERS, maxLength: USERS }),
        fc.array(stepArbitrary, { minLength: 10, maxLength: 30, size: 'max' }),
        async (openingDeposits, steps) => {
          // Fresh users per run, each starting with one approved deposit so withdrawals have money.
          const users: MoneyUser[] = [];
          const cards: string[] = [];
          for (let i = 0; i < USERS; i += 1) {
            const created = await quickUser(t, { realName: 'Li Wei', prefix: 'prop' });
            users.push(created);
            cards.push(await bindCard(t, created));
          }
          const run = new MoneyRun(t, operator, users, cards, [...openingDeposits]);
          for (const [index, amount] of openingDeposits.entries()) {
            const id = await fund(t, operator, users[index] as MoneyUser, amount);
            run.deposits.push({ id, user: index, amount, checkoutId: null, status: 'approved' });
          }
          await run.check();
          for (const step of steps) {
            await run.apply(step);
            await run.check();
          }
          await run.checkAssets();
        },
      ),
      { numRuns: 25 },
    );
    console.log('money property: effects over 25 runs', effects);
  }, 120_000);
});
