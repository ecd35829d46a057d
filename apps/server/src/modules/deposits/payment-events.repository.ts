/** Every gateway event acted on, by event id: the replay guard and the record of what happened. */
import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

export class PaymentEventsRepository {
  /** False when this event id was already recorded (a replay): then nothing is written. */
  async record(
    trx: Transaction<DB>,
    provider: string,
    event: { eventId: string; type: string; checkoutId: string; amount: number },
    at: Date,
  ): Promise<boolean> {
    const row = await trx
      .insertInto('payment_events')
      .values({
        event_id: event.eventId,
        provider,
        type: event.type,
        checkout_id: event.checkoutId,
        amount: event.amount,
        outcome: 'received',
        received_at: at,
      })
      .onConflict((conflict) => conflict.column('event_id').doNothing())
      .returning('event_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async setOutcome(trx: Transaction<DB>, eventId: string, outcome: string): Promise<void> {
    await trx.updateTable('payment_events').set({ outcome }).where('event_id', '=', eventId).execute();
  }
}
