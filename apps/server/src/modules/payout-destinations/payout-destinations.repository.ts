/**
 * Where a user's withdrawals go (bank cards, wallets): rows the user owns, listed newest first and removed
 * softly (deleted_at), so a past withdrawal keeps naming its destination. The tables differ only in their
 * own columns, so what lists, finds and removes their rows is written once here; each repository adds
 * its insert.
 */
import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';

type PayoutDestinationTable = 'bank_cards' | 'wallets';

/** The columns every destination table has, and all that these queries touch. */
interface DestinationColumns {
  id: Generated<string>;
  user_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  deleted_at: ColumnType<Date, Date, Date> | null;
}

/**
 * The database as these queries see it: each destination table by its common columns. Read through the
 * alias `d`, the two tables are one type, which Kysely's builder can take (with the table left generic
 * it cannot pick the column names out of each table's own type).
 */
type DestinationDb = Record<PayoutDestinationTable, DestinationColumns>;

/** The same connection or transaction, typed by the common columns only: every table named T has them. */
function destinations(executor: Executor): Kysely<DestinationDb> {
  return executor as unknown as Kysely<DestinationDb>;
}

export class PayoutDestinations<T extends PayoutDestinationTable> {
  private readonly from: `${PayoutDestinationTable} as d`;

  constructor(table: T) {
    this.from = `${table} as d`;
  }

  async listLive(executor: Executor, userId: string): Promise<Selectable<DB[T]>[]> {
    const rows = await destinations(executor)
      .selectFrom(this.from)
      .selectAll()
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    // selectAll: each row has every column of its table, not only the common ones typed above.
    return rows as Selectable<DB[T]>[];
  }

  /** The user's own live row, or undefined (someone else's is indistinguishable from none). */
  async findLive(executor: Executor, userId: string, id: string): Promise<Selectable<DB[T]> | undefined> {
    const row = await destinations(executor)
      .selectFrom(this.from)
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row as Selectable<DB[T]> | undefined;
  }

  async softDelete(executor: Executor, userId: string, id: string, at: Date): Promise<boolean> {
    const result = await destinations(executor)
      .updateTable(this.from)
      .set({ deleted_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
