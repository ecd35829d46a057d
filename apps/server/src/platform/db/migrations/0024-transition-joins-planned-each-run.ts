/**
 * The play-limit triggers (0017) join a statement's old and new rows (transition tables) to find what
 * changed. PL/pgSQL plans a static query once per connection and keeps that plan, sized for the
 * transition tables of its first run: a connection whose first settlement was an empty round (every
 * quiet room settles one each round) kept a nested loop over old x new rows, so its next round of
 * 10,000 positions compared 10^8 pairs inside the settling statement (about 10 s measured; a round of
 * 100,000 would take hours). Run through EXECUTE, the join is planned at each run for the rows it has:
 * a hash join, in proportion to the rows changed. Same rows counted, same figures.
 */
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`create or replace function positions_keep_play_usage() returns trigger language plpgsql as $$
    declare r record;
    begin
      if tg_op = 'INSERT' then
        for r in select user_id, created_at as at, sum(amount)::bigint as amount from new_positions
            group by user_id, created_at order by user_id loop
          perform play_usage_add(r.user_id, r.at, 0, r.amount);
        end loop;
      else
        for r in execute $q$
            select n.user_id, n.settled_at as at, sum(n.payout)::bigint as amount
            from new_positions n join old_positions o on o.id = n.id
            where o.status = 'open' and n.status <> 'open' and n.payout > 0
            group by n.user_id, n.settled_at order by n.user_id $q$ loop
          perform play_payouts_add(r.user_id, r.at, r.amount);
        end loop;
      end if;
      return null;
    end
  $$`,
  sql`create or replace function deposits_keep_play_usage() returns trigger language plpgsql as $$
    declare r record;
    begin
      if tg_op = 'INSERT' then
        for r in select user_id, created_at as at, sum(amount)::bigint as amount from new_deposits
            group by user_id, created_at order by user_id loop
          perform play_usage_add(r.user_id, r.at, r.amount, 0);
        end loop;
      else
        for r in execute $q$
            select n.user_id, n.created_at as at, sum(n.amount)::bigint as amount
            from new_deposits n join old_deposits o on o.id = n.id
            where o.status = 'pending' and n.status = 'rejected'
            group by n.user_id, n.created_at order by n.user_id $q$ loop
          perform play_usage_add(r.user_id, r.at, -r.amount, 0);
        end loop;
      end if;
      return null;
    end
  $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
