/**
 * The only SQL of customer service: a user's conversation (newest first), the operators' list of
 * conversations (latest activity first), and inserts.
 */
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { SupportAuthorColumn, SupportKindColumn } from '../../platform/db/schema-support.ts';
import { type PageCursor, paginate } from '../../platform/pagination.ts';

export interface SupportMessageViewRow {
  id: string;
  author: SupportAuthorColumn;
  operator_account: string | null;
  kind: SupportKindColumn;
  text: string;
  lat: number | null;
  lng: number | null;
  place_name: string | null;
  place_address: string | null;
  created_at: Date;
}

/** One conversation as the operators' list shows it; `id` and `created_at` are its latest message's. */
export interface SupportThreadRow {
  id: string;
  user_id: string;
  account: string;
  last_text: string;
  last_kind: SupportKindColumn;
  last_author: SupportAuthorColumn;
  created_at: Date;
  awaiting_reply: number;
}

export interface NewSupportMessage {
  id: string;
  userId: string;
  author: SupportAuthorColumn;
  operatorId: string | null;
  text: string;
  /** A shared location; absent for a text message. */
  location?: { lat: number; lng: number; name: string | null; address: string | null };
  at: Date;
}

export class SupportRepository {
  /** Inserts the message (a retry never reaches here: the caller's idempotency claim answers it). */
  async insert(executor: Executor, message: NewSupportMessage): Promise<void> {
    await executor
      .insertInto('support_messages')
      .values({
        id: message.id,
        user_id: message.userId,
        author: message.author,
        operator_id: message.operatorId,
        kind: message.location ? 'location' : 'text',
        text: message.text,
        lat: message.location?.lat ?? null,
        lng: message.location?.lng ?? null,
        place_name: message.location?.name ?? null,
        place_address: message.location?.address ?? null,
        // Retries are answered by the idempotency claim (module idempotency); the column is history.
        idempotency_key: null,
        created_at: message.at,
      })
      .execute();
  }

  findById(executor: Executor, id: string): Promise<SupportMessageViewRow | undefined> {
    return this.viewQuery(executor).where('m.id', '=', id).executeTakeFirst();
  }

  userExists(executor: Executor, userId: string): Promise<boolean> {
    return executor
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .executeTakeFirst()
      .then((row) => row !== undefined);
  }

  /** A user's conversation, newest first, `limit + 1` rows. */
  listForUser(
    executor: Executor,
    userId: string,
    cursor: PageCursor | undefined,
    limit: number,
  ): Promise<SupportMessageViewRow[]> {
    const query = this.viewQuery(executor).where('m.user_id', '=', userId);
    return paginate(query, cursor, limit, ['m.created_at', 'm.id']).execute();
  }

  /**
   * Every conversation by its latest message, latest first, `limit + 1` rows; with the number of user
   * messages after the latest operator answer.
   */
  async listThreads(
    executor: Executor,
    cursor: PageCursor | undefined,
    limit: number,
  ): Promise<SupportThreadRow[]> {
    const after = cursor ? sql`where (l.created_at, l.id) < (${cursor.createdAt}, ${cursor.id})` : sql``;
    const result = await sql<SupportThreadRow>`
      select l.id, l.user_id, u.username as account,
        case when l.kind = 'location' then coalesce(l.place_name, '') else l.text end as last_text,
        l.kind as last_kind, l.author as last_author,
        l.created_at,
        (select count(*)::int from support_messages w
          where w.user_id = l.user_id and w.author = 'user'
            and not exists (
              select 1 from support_messages o
              where o.user_id = w.user_id and o.author = 'operator'
                and (o.created_at, o.id) > (w.created_at, w.id))) as awaiting_reply
      from (
        select distinct on (user_id) id, user_id, kind, text, place_name, author, created_at
        from support_messages
        order by user_id, created_at desc, id desc
      ) l
      join users u on u.id = l.user_id
      ${after}
      order by l.created_at desc, l.id desc
      limit ${limit + 1}`.execute(executor);
    return result.rows.map((row) => ({
      ...row,
      created_at: new Date(row.created_at),
      awaiting_reply: Number(row.awaiting_reply),
    }));
  }

  private viewQuery(executor: Executor) {
    return executor
      .selectFrom('support_messages as m')
      .leftJoin('operators as o', 'o.id', 'm.operator_id')
      .select([
        'm.id',
        'm.author',
        'o.username as operator_account',
        'm.kind',
        'm.text',
        'm.lat',
        'm.lng',
        'm.place_name',
        'm.place_address',
        'm.created_at',
      ]);
  }
}
