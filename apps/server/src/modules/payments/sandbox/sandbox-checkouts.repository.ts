/** The sandbox gateway's own state: its checkouts (a real gateway keeps these on its side). */
import type { Executor } from '../../../platform/db/executor.ts';
import type { CheckoutStatusColumn, PaymentCheckoutRow } from '../../../platform/db/schema.ts';

export class SandboxCheckoutsRepository {
  async insert(
    executor: Executor,
    checkout: {
      id: string;
      provider: string;
      merchant: string;
      orderReference: string;
      amount: number;
      currency: string;
      returnUrl: string;
      at: Date;
    },
  ): Promise<void> {
    await executor
      .insertInto('payment_checkouts')
      .values({
        id: checkout.id,
        provider: checkout.provider,
        merchant: checkout.merchant,
        order_reference: checkout.orderReference,
        amount: checkout.amount,
        currency: checkout.currency,
        return_url: checkout.returnUrl,
        created_at: checkout.at,
        completed_at: null,
        delivered_at: null,
      })
      .execute();
  }

  find(executor: Executor, id: string): Promise<PaymentCheckoutRow | undefined> {
    return executor.selectFrom('payment_checkouts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** open -> paid/failed/cancelled, once: only the caller that gets the row back sends the event. */
  complete(
    executor: Executor,
    id: string,
    status: Exclude<CheckoutStatusColumn, 'open'>,
    at: Date,
  ): Promise<PaymentCheckoutRow | undefined> {
    return executor
      .updateTable('payment_checkouts')
      .set({ status, completed_at: at })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .returningAll()
      .executeTakeFirst();
  }

  async markDelivered(executor: Executor, id: string, at: Date): Promise<void> {
    await executor.updateTable('payment_checkouts').set({ delivered_at: at }).where('id', '=', id).execute();
  }
}
