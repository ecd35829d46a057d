/**
 * The trend tables' SQL (migration 0016): counting a settled round, and the reads of the Trend tab. A
 * round is counted in its settlement's transaction, so the figures move exactly when the result is
 * final: a crash rolls the count back with the settlement, a settlement runs once (claimFinal), and a
 * round voided at any point is never counted. Counting is three statements however long the history
 * (four for a room's first round): the room's counter, the round's index, and one UPDATE of the at most
 * three sums whose figures move (the new round's, and those of the rounds leaving the 100- and
 * 1,000-round windows).
 */
import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { type PageCursor, paginate } from '../../platform/pagination.ts';

export interface StoredTrendRow {
  sum: number;
  lastSeen: number;
  in100: number;
  in1000: number;
}

export interface TrendRoundRow {
  id: string;
  issue: string;
  status: 'drawing' | 'settled' | 'void';
  digits: number[] | null;
  sum: number | null;
  draws_at: Date;
  created_at: Date;
}

export class TrendsRepository {
  /** Counts a round that has just been settled with `sum`; answers its 1-based index in the room. */
  async record(trx: Transaction<DB>, round: { id: string; roomId: string; sum: number }): Promise<number> {
    const counted = await sql<{ drawn: number }>`
      insert into trend_rooms as t (room_id, drawn) values (${round.roomId}, 1)
      on conflict (room_id) do update set drawn = t.drawn + 1
      returning drawn
    `.execute(trx);
    const seq = counted.rows[0]?.drawn;
    if (seq === undefined) throw new Error('the room counter answered no row');
    await trx
      .insertInto('trend_draws')
      .values({ room_id: round.roomId, seq, round_id: round.id, sum: round.sum })
      .execute();
    // A room's first counted round brings its 28 rows; from then on every count is an UPDATE (a CHECK
    // constraint holds the row an upsert proposes, so a negative delta cannot be an upsert).
    if (seq === 1) {
      await sql`
        insert into trend_sums (room_id, sum) select ${round.roomId}, g from generate_series(0, 27) g
        on conflict (room_id, sum) do nothing
      `.execute(trx);
    }
    await sql`
      with leaving as (
        select d.sum, (d.seq = ${seq - 100})::int as out_100, (d.seq = ${seq - 1000})::int as out_1000
        from trend_draws d
        where d.room_id = ${round.roomId} and d.seq in (${seq - 100}, ${seq - 1000})
      ), delta (sum, seen, d_100, d_1000) as (
        select ${round.sum}::smallint, ${seq}::bigint, 1, 1
        union all select l.sum, 0::bigint, -l.out_100, -l.out_1000 from leaving l
      )
      update trend_sums s set
        last_seq = greatest(s.last_seq, g.seen),
        in_100 = s.in_100 + g.d_100,
        in_1000 = s.in_1000 + g.d_1000
      from (select d.sum, max(d.seen) as seen, sum(d.d_100) as d_100, sum(d.d_1000) as d_1000
        from delta d group by d.sum) g
      where s.room_id = ${round.roomId} and s.sum = g.sum
    `.execute(trx);
    return seq;
  }

  /**
   * The room's counted rounds and its sums' figures, in one statement; undefined when there is no such
   * room. A room with no counted round has no sum rows yet.
   */
  async figures(
    executor: Executor,
    roomId: string,
  ): Promise<{ drawn: number; sums: StoredTrendRow[] } | undefined> {
    const rows = await executor
      .selectFrom('rooms as rm')
      .leftJoin('trend_rooms as t', 't.room_id', 'rm.id')
      .leftJoin('trend_sums as s', 's.room_id', 'rm.id')
      .select(['t.drawn', 's.sum', 's.last_seq', 's.in_100', 's.in_1000'])
      .where('rm.id', '=', roomId)
      .execute();
    const first = rows[0];
    if (!first) return undefined;
    const sums: StoredTrendRow[] = [];
    for (const row of rows) {
      if (row.sum === null || row.last_seq === null || row.in_100 === null || row.in_1000 === null) continue;
      sums.push({ sum: row.sum, lastSeen: row.last_seq, in100: row.in_100, in1000: row.in_1000 });
    }
    return { drawn: first.drawn ?? 0, sums };
  }

  /** A room's drawn (or voided) rounds, newest first, `limit` + 1 rows. */
  drawnRounds(
    executor: Executor,
    roomId: string,
    cursor: PageCursor | undefined,
    limit: number,
  ): Promise<TrendRoundRow[]> {
    const query = executor
      .selectFrom('rounds as r')
      .select(['r.id', 'r.issue', 'r.status', 'r.digits', 'r.sum', 'r.draws_at', 'r.created_at'])
      .where('r.room_id', '=', roomId)
      .where('r.status', 'in', ['drawing', 'settled', 'void'])
      .$narrowType<{ status: TrendRoundRow['status'] }>();
    return paginate(query, cursor, limit, ['r.created_at', 'r.id']).execute();
  }
}
