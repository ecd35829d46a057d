/**
 * The proof of liabilities' SQL: every user's claim read in one statement (docs/trust/claim.md), the
 * snapshots, leaves, packed levels and stated reserves written and read. Executor first; the service
 * opens the transactions (the claims are read inside a REPEATABLE READ one: one instant for every user).
 */
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import type {
  LiabilitiesReservesTable,
  LiabilitiesSnapshotsTable,
} from '../../platform/db/schema-liabilities.ts';
import { type PageCursor, paginate } from '../../platform/pagination.ts';

export type SnapshotRow = Selectable<LiabilitiesSnapshotsTable>;
export type ReservesRow = Selectable<LiabilitiesReservesTable>;

/** One user's claim, in parts. */
export interface ClaimRow {
  user_id: string;
  cash: number;
  held: number;
  stakes: number;
}

/**
 * One batch of leaves as the worker writes them (liabilities-compute.ts): each column a PostgreSQL array
 * literal (`{a,b,c}`), in tree order.
 */
export interface LeafBatch {
  userIds: string;
  positions: string;
  salts: string;
  amounts: string;
}

export interface LeafRow {
  userId: string;
  position: number;
  salt: string;
  amount: number;
}

export class LiabilitiesRepository {
  /**
   * Every user's claim: the cash account's balance, plus the amounts of their pending withdrawals (held
   * in withdrawals_clearing), plus the stakes of their open positions (in the escrow until settlement).
   * The one definition of a claim in SQL; userClaim() in the domain adds and range-checks the parts.
   */
  claims(trx: Transaction<DB>): Promise<ClaimRow[]> {
    return sql<ClaimRow>`
      with held as (
        select user_id, sum(amount)::int8 as held from withdrawals where status = 'pending' group by user_id
      ), stakes as (
        select user_id, sum(amount)::int8 as stakes from positions where status = 'open' group by user_id
      )
      select a.user_id, a.balance as cash, coalesce(h.held, 0)::int8 as held,
        coalesce(s.stakes, 0)::int8 as stakes
      from ledger_accounts a
      left join held h on h.user_id = a.user_id
      left join stakes s on s.user_id = a.user_id
      where a.kind = 'user_cash'
    `
      .execute(trx)
      .then((result) => result.rows);
  }

  /** Held until the transaction ends: the next sequence number and previous root are read under it. */
  async lockForAppend(trx: Transaction<DB>): Promise<void> {
    await sql`lock table liabilities_snapshots in exclusive mode`.execute(trx);
  }

  latest(executor: Executor): Promise<SnapshotRow | undefined> {
    return executor
      .selectFrom('liabilities_snapshots')
      .selectAll()
      .orderBy('sequence', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  find(executor: Executor, id: string): Promise<SnapshotRow | undefined> {
    return executor.selectFrom('liabilities_snapshots').selectAll().where('id', '=', id).executeTakeFirst();
  }

  list(executor: Executor, cursor: PageCursor | undefined, limit: number): Promise<SnapshotRow[]> {
    return paginate(executor.selectFrom('liabilities_snapshots').selectAll(), cursor, limit).execute();
  }

  /**
   * The snapshot's row, then its leaves a batch a statement (each column one array literal the worker
   * wrote, passed as text: no parameter value is built per leaf on the request thread), then its levels.
   */
  async insertSnapshot(
    trx: Transaction<DB>,
    snapshot: SnapshotRow,
    leafBatches: readonly LeafBatch[],
    levels: readonly Uint8Array[],
  ): Promise<void> {
    await trx.insertInto('liabilities_snapshots').values(snapshot).execute();
    for (const batch of leafBatches) {
      await sql`
        insert into liabilities_leaves (snapshot_id, user_id, position, salt, amount)
        select ${snapshot.id}::uuid, l.user_id, l.position, l.salt, l.amount
        from unnest(${batch.userIds}::text::uuid[], ${batch.positions}::text::int[],
          ${batch.salts}::text::text[], ${batch.amounts}::text::int8[])
          as l(user_id, position, salt, amount)
      `.execute(trx);
    }
    for (const [level, nodes] of levels.entries()) {
      await trx.insertInto('liabilities_levels').values({ snapshot_id: snapshot.id, level, nodes }).execute();
    }
  }

  leaf(executor: Executor, snapshotId: string, userId: string): Promise<LeafRow | undefined> {
    return executor
      .selectFrom('liabilities_leaves')
      .select(['user_id as userId', 'position', 'salt', 'amount'])
      .where('snapshot_id', '=', snapshotId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * The sibling of the leaf at `position` on every level below the root, cut from the packed levels in
   * the database (40 bytes each), so a proof never loads a whole tree. An empty `node` means the node on
   * that level had no sibling (it was carried up).
   */
  async siblings(
    executor: Executor,
    snapshotId: string,
    position: number,
  ): Promise<Array<{ level: number; node: Uint8Array }>> {
    const result = await sql<{ level: number; node: Uint8Array }>`
      select level, substring(nodes from (((${position}::int >> level) # 1) * 40 + 1) for 40) as node
      from liabilities_levels
      where snapshot_id = ${snapshotId}
        and level < (select max(level) from liabilities_levels where snapshot_id = ${snapshotId})
      order by level
    `.execute(executor);
    return result.rows;
  }

  latestReserves(executor: Executor): Promise<ReservesRow | undefined> {
    return executor
      .selectFrom('liabilities_reserves')
      .selectAll()
      .orderBy('stated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async insertReserves(executor: Executor, row: ReservesRow): Promise<void> {
    await executor.insertInto('liabilities_reserves').values(row).execute();
  }
}
