/**
 * The `user` topic events a money change publishes (DESIGN §7): the new balance and the order whose
 * status moved. Called after the transaction commits, so a listener never hears of something that was
 * rolled back; the event bus never throws into the caller.
 */
import type { DomainEvents } from './events.ts';

export type OrderKind = 'position' | 'deposit' | 'withdrawal';

export interface UserMoneyChange {
  userId: string;
  /** The balance after the change; null when the change did not touch it (a deposit request, a payout). */
  balance: number | null;
  order?: { kind: OrderKind; id: string; status: string } | undefined;
}

export function publishUserMoneyChange(events: DomainEvents, change: UserMoneyChange): void {
  if (change.balance !== null) {
    events.publishTopic({
      topic: 'user',
      userId: change.userId,
      event: 'balance.changed',
      data: { balance: change.balance },
    });
  }
  if (change.order) {
    events.publishTopic({ topic: 'user', userId: change.userId, event: 'order.updated', data: change.order });
  }
}
