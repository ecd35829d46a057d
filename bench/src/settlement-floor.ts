/**
 * The raw-SQL floor of a settlement: one hand-written statement that stores what SettlementService stores
 * for a drawn round (each position's status, payout and time; up to three transfers per position with the
 * credited account's balance after each; the users' balances; the round's status and totals), without the
 * service's layers, claims or checks. What the service costs above it is the price of those.
 */
import type pg from 'pg';
import { winningSet } from '../../apps/server/src/modules/rounds/settlement.service.ts';

export async function settleWithRawSql(client: pg.Client, roundId: string, sum: number): Promise<number> {
  const winning = winningSet(sum);
  await client.query('begin');
  const result = await client.query<{ positions: number }>(
    `with wins as (select $2::text[] as sides, $3::smallint[] as numbers),
     settled as (
       update positions p set
         status = case when (p.bet_category = 'both_sides' and p.bet_type = any(w.sides))
           or (p.bet_category = 'special_number' and p.bet_number = any(w.numbers)) then 'won' else 'lost' end,
         payout = case when (p.bet_category = 'both_sides' and p.bet_type = any(w.sides))
           or (p.bet_category = 'special_number' and p.bet_number = any(w.numbers))
           then (p.amount * p.multiplier) / 100 else 0 end,
         settled_at = now()
       from wins w
       where p.round_id = $1 and p.status = 'open'
       returning p.id, p.account_id, p.amount, p.payout
     ),
     system as (
       select (select id from ledger_accounts where kind = 'stakes_escrow') as escrow,
         (select id from ledger_accounts where kind = 'house') as house
     ),
     transfers as (
       select t.debit, t.credit, t.amount, t.code, s.id as position_id, 'position:' || s.id || t.suffix as key
       from settled s cross join system y
       cross join lateral (values
         (y.escrow, s.account_id, least(s.payout, s.amount), 'payout', ':return'),
         (y.house, s.account_id, s.payout - s.amount, 'payout', ':win'),
         (y.escrow, y.house, s.amount - s.payout, 'stake_lost', ':lost')
       ) as t (debit, credit, amount, code, suffix)
       where t.amount > 0
     ),
     ordered as (
       select t.*, case when a.kind = 'user_cash' then a.balance + sum(t.amount) over (
           partition by t.credit order by t.key rows between unbounded preceding and current row) end as after
       from transfers t join ledger_accounts a on a.id = t.credit
     ),
     inserted as (
       insert into ledger_transfers (debit_account_id, credit_account_id, amount, code, ref_type, ref_id,
         idempotency_key, created_at, credit_balance_after)
       select debit, credit, amount, code, 'position', position_id::text, key, now(), after from ordered
       returning credit_account_id, amount
     ),
     credited as (
       update ledger_accounts a set balance = a.balance + c.total
       from (select credit_account_id, sum(amount) as total from inserted group by credit_account_id) c
       where a.id = c.credit_account_id and a.kind = 'user_cash'
     ),
     round as (
       update rounds r set status = 'settled', settled_at = now(), stake_total = t.staked, payout_total = t.paid,
         position_count = t.positions
       from (select coalesce(sum(amount), 0) as staked, coalesce(sum(payout), 0) as paid,
         count(*)::int as positions from settled) t
       where r.id = $1
     )
     select count(*)::int as positions from settled`,
    [roundId, [...winning.bothSides], [...winning.numbers]],
  );
  await client.query('commit');
  return result.rows[0]?.positions ?? 0;
}
