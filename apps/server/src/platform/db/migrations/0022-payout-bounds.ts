/**
 * The payout bounds in the schema (docs/decisions/0042-payout-bounds-and-loud-settlement.md): a
 * position's stake is at most 10^10 cents and its multiplier at most 100,000 hundredths (1,000x, the
 * catalogue's largest), and no room may allow a larger stake. Settlement then never meets a payout it
 * cannot represent: before this, a row the code could not settle (a multiplier near 2^31) could be
 * written, and its round stayed unsettled. The numbers are written out literally, as the domain's
 * constants were on the day this ran (STAKE_CEILING_CENTS, MULTIPLIER_MAX_HUNDREDTHS).
 *
 * A room set above the ceiling (none is by default) is lowered to it first: a setting, not a record.
 * Positions are records and are not altered: one beyond the bounds makes this migration fail, loudly,
 * rather than leave a round that can never settle.
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`update rooms set stake_minimum = least(stake_minimum, 10000000000),
    stake_maximum = least(stake_maximum, 10000000000)
    where stake_maximum > 10000000000`,
  sql`alter table rooms add constraint rooms_stake_maximum_ceiling check (stake_maximum <= 10000000000)`,
  sql`alter table positions add constraint positions_amount_ceiling check (amount <= 10000000000)`,
  sql`alter table positions add constraint positions_multiplier_max check (multiplier <= 100000)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
