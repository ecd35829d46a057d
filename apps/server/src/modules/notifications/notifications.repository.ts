/**
 * Notifications: the only SQL about them. A user sees the announcements (audience `all`) and their own
 * (audience `user`); their list merges the two newest-first index ranges, each cut at the page size, so a
 * page costs the same however many notifications exist. A notification is read when the user opened it
 * (a notification_reads row) or it is at or before their "read all" mark.
 */
import { type ExpressionBuilder, sql, type Transaction } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import type {
  NotificationAudienceColumn,
  NotificationCategoryColumn,
  NotificationParams,
  NotificationRow,
} from '../../platform/db/schema-realtime.ts';
import { type PageCursor, paginate } from '../../platform/pagination.ts';

/** The newest notification covered by a user's "read all". */
export interface ReadMark {
  at: Date;
  id: string;
}

export interface NewNotification {
  id: string;
  audience: NotificationAudienceColumn;
  userId: string | null;
  category: NotificationCategoryColumn;
  /** Literal text (an operator's), or null with a template key and params (a system notification). */
  title: string | null;
  content: string | null;
  template: string | null;
  params: NotificationParams | null;
  /** What a system notification is about (`deposit:<id>:approved`): stored once however often it is told. */
  sourceKey: string | null;
  createdBy: string | null;
  at: Date;
}

export type ListedNotification = NotificationRow & { read: boolean };
export type SentNotificationRow = NotificationRow & { account: string | null };

/** A user's notification state; absent means every setting on, no language known, nothing read-all'd. */
export interface NotificationStateRow {
  announcement: boolean;
  round_result: boolean;
  funding: boolean;
  locale: string | null;
  read_through_at: Date | null;
  read_through_id: string | null;
}

export interface SettingsPatch {
  announcement?: boolean | undefined;
  round_result?: boolean | undefined;
  funding?: boolean | undefined;
}

/** One participant of a settled round who wants round results: what they staked and got back. */
export interface RoundOutcomeRow {
  userId: string;
  stake: number;
  payout: number;
  locale: string | null;
}

export interface FundingFacts {
  reference: string;
  amount: number;
  reason: string | null;
}

type Visibility = 'announcements' | 'personal';

export class NotificationsRepository {
  insert(executor: Executor, notification: NewNotification): Promise<NotificationRow> {
    return executor
      .insertInto('notifications')
      .values(toValues(notification))
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Inserts unless a notification with the same source key exists; undefined when it did. */
  insertOnce(executor: Executor, notification: NewNotification): Promise<NotificationRow | undefined> {
    return executor
      .insertInto('notifications')
      .values(toValues(notification))
      .onConflict((conflict) => conflict.column('source_key').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /** One page of a user's notifications, newest first, `limit + 1` rows (see keysetPage). */
  listForUser(
    executor: Executor,
    userId: string,
    scope: 'all' | 'personal',
    mark: ReadMark | null,
    cursor: PageCursor | undefined,
    limit: number,
  ): Promise<ListedNotification[]> {
    const personal = this.branch(executor, userId, 'personal', cursor, limit + 1);
    const visible =
      scope === 'personal'
        ? personal
        : executor
            .selectFrom(this.branch(executor, userId, 'announcements', cursor, limit + 1).as('a'))
            .selectAll()
            .unionAll(executor.selectFrom(personal.as('p')).selectAll());
    return executor
      .selectFrom(visible.as('n'))
      .leftJoin('notification_reads as r', (join) =>
        join.onRef('r.notification_id', '=', 'n.id').on('r.user_id', '=', userId),
      )
      .selectAll('n')
      .select((eb) =>
        eb
          .or([
            eb('r.user_id', 'is not', null),
            ...(mark ? [eb(eb.refTuple('n.created_at', 'n.id'), '<=', eb.tuple(mark.at, mark.id))] : []),
          ])
          .as('read'),
      )
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(limit + 1)
      .execute()
      .then((rows) => rows.map((row) => ({ ...row, read: Boolean(row.read) })));
  }

  async countUnread(executor: Executor, userId: string, mark: ReadMark | null): Promise<number> {
    let query = executor
      .selectFrom('notifications as n')
      .select(sql<number>`count(*)`.as('unread'))
      .where((eb) => eb.or([eb('n.audience', '=', 'all'), eb('n.user_id', '=', userId)]))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('notification_reads as r')
              .select(sql`1`.as('one'))
              .whereRef('r.notification_id', '=', 'n.id')
              .where('r.user_id', '=', userId),
          ),
        ),
      );
    if (mark) {
      query = query.where((eb) => eb(eb.refTuple('n.created_at', 'n.id'), '>', eb.tuple(mark.at, mark.id)));
    }
    const row = await query.executeTakeFirstOrThrow();
    return row.unread;
  }

  /** The notification if this user may see it. */
  findVisible(executor: Executor, userId: string, id: string): Promise<NotificationRow | undefined> {
    return executor
      .selectFrom('notifications')
      .selectAll()
      .where('id', '=', id)
      .where((eb) => eb.or([eb('audience', '=', 'all'), eb('user_id', '=', userId)]))
      .executeTakeFirst();
  }

  async markRead(executor: Executor, userId: string, notificationId: string, at: Date): Promise<void> {
    await executor
      .insertInto('notification_reads')
      .values({ user_id: userId, notification_id: notificationId, read_at: at })
      .onConflict((conflict) => conflict.columns(['user_id', 'notification_id']).doNothing())
      .execute();
  }

  /** The newest notification the user can see, the mark "read all" sets. */
  async newestVisible(executor: Executor, userId: string): Promise<ReadMark | null> {
    const row = await executor
      .selectFrom(
        executor
          .selectFrom(this.branch(executor, userId, 'announcements', undefined, 1).as('a'))
          .selectAll()
          .unionAll(
            executor.selectFrom(this.branch(executor, userId, 'personal', undefined, 1).as('p')).selectAll(),
          )
          .as('n'),
      )
      .select(['n.created_at', 'n.id'])
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? { at: row.created_at, id: row.id } : null;
  }

  /**
   * Sets the "read all" mark; the individual reads it now covers are dropped (they say nothing more).
   * Two statements, so a transaction: a read dropped without its mark would show as unread again.
   */
  async setReadMark(trx: Transaction<DB>, userId: string, mark: ReadMark, at: Date): Promise<void> {
    await trx
      .insertInto('notification_settings')
      .values({ user_id: userId, read_through_at: mark.at, read_through_id: mark.id, updated_at: at })
      .onConflict((conflict) =>
        conflict
          .column('user_id')
          .doUpdateSet({ read_through_at: mark.at, read_through_id: mark.id, updated_at: at }),
      )
      .execute();
    await trx
      .deleteFrom('notification_reads')
      .where('notification_reads.user_id', '=', userId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('notifications as n')
            .select(sql`1`.as('one'))
            .whereRef('n.id', '=', 'notification_reads.notification_id')
            .where((inner) =>
              inner(inner.refTuple('n.created_at', 'n.id'), '<=', inner.tuple(mark.at, mark.id)),
            ),
        ),
      )
      .execute();
  }

  state(executor: Executor, userId: string): Promise<NotificationStateRow | undefined> {
    return executor
      .selectFrom('notification_settings')
      .select(['announcement', 'round_result', 'funding', 'locale', 'read_through_at', 'read_through_id'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  updateSettings(
    executor: Executor,
    userId: string,
    patch: SettingsPatch,
    at: Date,
  ): Promise<NotificationStateRow> {
    const values = definedOnly(patch);
    return executor
      .insertInto('notification_settings')
      .values({ user_id: userId, ...values, updated_at: at })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ ...values, updated_at: at }))
      .returning(['announcement', 'round_result', 'funding', 'locale', 'read_through_at', 'read_through_id'])
      .executeTakeFirstOrThrow();
  }

  async setLocale(executor: Executor, userId: string, locale: string, at: Date): Promise<void> {
    await executor
      .insertInto('notification_settings')
      .values({ user_id: userId, locale, updated_at: at })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ locale, updated_at: at }))
      .execute();
  }

  /** The account by its name, ignoring case (`accountKey` is already lower-cased). */
  findUserByAccountKey(
    executor: Executor,
    accountKey: string,
  ): Promise<{ id: string; username: string } | undefined> {
    return executor
      .selectFrom('users')
      .select(['id', 'username'])
      .where(sql<string>`lower(username)`, '=', accountKey)
      .executeTakeFirst();
  }

  /** What operators sent, newest first, `limit + 1` rows. */
  listSent(
    executor: Executor,
    cursor: PageCursor | undefined,
    limit: number,
  ): Promise<SentNotificationRow[]> {
    const query = executor
      .selectFrom('notifications as n')
      .leftJoin('users as u', 'u.id', 'n.user_id')
      .selectAll('n')
      .select('u.username as account')
      .where('n.created_by', 'is not', null);
    return paginate(query, cursor, limit, ['n.created_at', 'n.id']).execute();
  }

  /** The deposit or withdrawal a funding notification describes, if it is this user's. */
  async fundingFacts(
    executor: Executor,
    kind: 'deposit' | 'withdrawal',
    id: string,
    userId: string,
  ): Promise<FundingFacts | undefined> {
    const table = kind === 'deposit' ? 'deposits' : 'withdrawals';
    const row = await executor
      .selectFrom(table)
      .select(['reference', 'amount', 'reject_reason'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? { reference: row.reference, amount: row.amount, reason: row.reject_reason } : undefined;
  }

  /** Each participant of a round who has round results on: their stakes and what came back. */
  async roundOutcomes(executor: Executor, roundId: string): Promise<RoundOutcomeRow[]> {
    const rows = await executor
      .selectFrom('positions as p')
      .leftJoin('notification_settings as s', 's.user_id', 'p.user_id')
      .select([
        'p.user_id',
        's.locale',
        sql<number>`sum(p.amount)::int8`.as('stake'),
        sql<number>`sum(coalesce(p.payout, 0))::int8`.as('payout'),
      ])
      .where('p.round_id', '=', roundId)
      // Round results are opt-in: no settings row means off.
      .where('s.round_result', '=', true)
      .groupBy(['p.user_id', 's.locale'])
      .execute();
    return rows.map((row) => ({
      userId: row.user_id,
      stake: row.stake,
      payout: row.payout,
      locale: row.locale,
    }));
  }

  /** One side of a user's list: announcements, or those addressed to them; newest first, cut at `limit`. */
  private branch(
    executor: Executor,
    userId: string,
    which: Visibility,
    cursor: PageCursor | undefined,
    limit: number,
  ) {
    let query = executor
      .selectFrom('notifications')
      .selectAll()
      .where((eb: ExpressionBuilder<DB, 'notifications'>) =>
        which === 'announcements' ? eb('audience', '=', 'all') : eb('user_id', '=', userId),
      );
    if (cursor) {
      query = query.where((eb) =>
        eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(cursor.createdAt, cursor.id)),
      );
    }
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
  }
}

function toValues(notification: NewNotification) {
  return {
    id: notification.id,
    audience: notification.audience,
    user_id: notification.userId,
    category: notification.category,
    title: notification.title,
    content: notification.content,
    template: notification.template,
    params: notification.params === null ? null : JSON.stringify(notification.params),
    source_key: notification.sourceKey,
    created_by: notification.createdBy,
    created_at: notification.at,
  };
}

function definedOnly(patch: SettingsPatch): {
  announcement?: boolean;
  round_result?: boolean;
  funding?: boolean;
} {
  return {
    ...(patch.announcement === undefined ? {} : { announcement: patch.announcement }),
    ...(patch.round_result === undefined ? {} : { round_result: patch.round_result }),
    ...(patch.funding === undefined ? {} : { funding: patch.funding }),
  };
}
