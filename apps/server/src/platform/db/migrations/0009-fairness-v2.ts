/**
 * Fairness v2: a round drawn under v2 records the beacon it must use (planned when it opens, from its
 * seal), the beacon value once fetched and verified, and the network it came from, so its proof can be
 * checked offline later even if the server's beacon configuration changes (a local test beacon's key
 * is new at every start). A round voided because no verified beacon arrived says so.
 *
 * A v2 round may be `drawing` with its chain hash revealed (the next round's commitment) and no digits
 * yet, while it waits for the beacon: the hash no longer has to appear together with the sum, only the
 * digits and the sum do, never a sum without the hash, and never v2 digits without their beacon value.
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`alter table rounds add column beacon_kind text`,
  sql`alter table rounds add column beacon_chain_hash text`,
  sql`alter table rounds add column beacon_public_key text`,
  sql`alter table rounds add column beacon_genesis integer`,
  sql`alter table rounds add column beacon_period integer`,
  sql`alter table rounds add column beacon_round integer`,
  sql`alter table rounds add column beacon_signature text`,
  sql`alter table rounds add column beacon_randomness text`,
  sql`alter table rounds add column void_reason text`,
  sql`alter table rounds add constraint rounds_beacon_kind_check
    check (beacon_kind is null or beacon_kind in ('drand', 'local'))`,
  // 0003's unnamed check ((hash is null) = (sum is null) and (digits is null) = (sum is null)).
  sql`alter table rounds drop constraint rounds_check1`,
  sql`alter table rounds add constraint rounds_result_check
    check ((digits is null) = (sum is null) and (sum is null or hash is not null))`,
  sql`alter table rounds add constraint rounds_beacon_value_check
    check (beacon_round is null or sum is null or beacon_randomness is not null)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
