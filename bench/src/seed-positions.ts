/**
 * Positions straight into the database for the read benches, keeping the ledger balanced: `users` seed
 * users, each with a cash account funded by the house (an adjustment), then `count` positions of $1 in the
 * round, each with its stake transfer (user cash -> stakes_escrow) and the debit of the balance and the
 * turnover. One statement each; the trigger keeps the round and day figures as for any insert.
 * Runs inside the caller's transaction.
 */
import type pg from 'pg';

export async function seedPositions(
  client: pg.Client,
  roundId: string,
  count: number,
  users: number,
): Promise<void> {
  await client.query(
    `insert into users (username, password_hash, nickname, invitation_code)
     select 'seed' || i, 'x', 'seed' || i, 'S' || md5(i::text) from generate_series(1, $1) i`,
    [users],
  );
  await client.query(
    `insert into ledger_accounts (kind, user_id) select 'user_cash', id from users where username like 'seed%'`,
  );
  const perUser = Math.ceil(count / users);
  await client.query(
    `insert into ledger_transfers (debit_account_id, credit_account_id, amount, code, ref_type, ref_id,
       idempotency_key, created_at)
     select h.id, a.id, $1::bigint * 100, 'adjustment', 'bench', a.id::text, 'bench:fund:' || a.id, now()
     from ledger_accounts a cross join (select id from ledger_accounts where kind = 'house') h
     join users u on u.id = a.user_id where u.username like 'seed%'`,
    [perUser],
  );
  await client.query(
    `update ledger_accounts a set balance = balance + $1::bigint * 100
     from users u where u.id = a.user_id and u.username like 'seed%'`,
    [perUser],
  );
  await client.query(
    `create temporary table seed_positions on commit drop as
     select gen_random_uuid() as id, a.user_id, a.id as account_id
     from (select a.*, row_number() over (order by a.id) as n from ledger_accounts a
           join users u on u.id = a.user_id where u.username like 'seed%') a
     cross join generate_series(1, $1) k
     limit $2`,
    [perUser, count],
  );
  await client.query(
    `insert into ledger_transfers (debit_account_id, credit_account_id, amount, code, ref_type, ref_id,
       idempotency_key, created_at)
     select s.account_id, e.id, 100, 'stake', 'position', s.id::text, 'position:' || s.id || ':stake', now()
     from seed_positions s cross join (select id from ledger_accounts where kind = 'stakes_escrow') e`,
  );
  await client.query(
    `update ledger_accounts a set balance = a.balance - c.total, total_staked = a.total_staked + c.total
     from (select account_id, count(*) * 100 as total from seed_positions group by account_id) c
     where a.id = c.account_id`,
  );
  await client.query(
    `insert into positions (id, round_id, room_id, user_id, account_id, bet_category, bet_type, amount,
       multiplier, status, created_at)
     select s.id, r.id, r.room_id, s.user_id, s.account_id, 'both_sides', 'long', 100, 196, 'open', now()
     from seed_positions s cross join (select id, room_id from rounds where id = $1) r`,
    [roundId],
  );
}
