/**
 * Positions committed at the seal (decision 0028). Every position gets its own owner salt when it is
 * written (32 bytes from two random v4 uuids, 244 random bits: the server's secret, revealed only to the
 * owner in their proof), so the published leaf commits to its owner without naming them. A round records,
 * in the transaction that seals it, the root over its positions, how many leaves it commits to and the
 * leaf format's version; the three are set together or not at all, and never on an open round.
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`alter table positions add column owner_salt text not null
    default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`,
  sql`alter table positions add constraint positions_owner_salt_check check (owner_salt ~ '^[0-9a-f]{64}$')`,
  sql`alter table rounds add column positions_root text`,
  sql`alter table rounds add column positions_count integer`,
  sql`alter table rounds add column positions_version smallint`,
  sql`alter table rounds add constraint rounds_positions_root_check check (
    (positions_root is null) = (positions_count is null)
    and (positions_root is null) = (positions_version is null)
    and (positions_root is null or (status <> 'open' and positions_root ~ '^[0-9a-f]{64}$'
      and positions_count >= 0))
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
