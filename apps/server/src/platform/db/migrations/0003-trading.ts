/**
 * Trading (DESIGN §6): rooms (seeded with the tiers' defaults), per-room fairness hash chains,
 * rounds and positions, and the stake escrow system account. Amounts are bigint cents, multipliers
 * integer hundredths. Status lists are written out literally: a migration describes the schema as it
 * was on the day it ran. The seeded rooms are the domain's defaults as of the day a database is created.
 */
import { DEFAULT_ROOMS } from '@tradehall/domain';
import { type Kysely, sql } from 'kysely';

const statements = [
  // ---- the stake escrow ------------------------------------------------------------------------------
  // Stakes wait here between placement and settlement; after a round its escrow nets to zero. Like the
  // other system accounts its balance is derived from transfers, never updated per position.
  sql`alter table ledger_accounts drop constraint ledger_accounts_kind_check`,
  sql`alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in
    ('user_cash', 'house', 'deposits_clearing', 'withdrawals_clearing', 'external', 'stakes_escrow'))`,
  sql`insert into ledger_accounts (kind) values ('stakes_escrow')`,
  // The accounts a transfer names are checked once per statement instead of once per row: a settlement
  // posts ~1.1 transfers per position in one INSERT, and two row-level foreign-key triggers per row were
  // ~40% of its time. Same guarantee: every inserted transfer names existing accounts (checked as a set
  // over the statement's new rows), and accounts can no longer be deleted (what the foreign keys also
  // prevented).
  sql`alter table ledger_transfers drop constraint ledger_transfers_debit_account_id_fkey`,
  sql`alter table ledger_transfers drop constraint ledger_transfers_credit_account_id_fkey`,
  sql`create function ledger_transfers_accounts_exist() returns trigger language plpgsql as $$
    begin
      if exists (
        select 1 from new_transfers t
        where not exists (select 1 from ledger_accounts a where a.id = t.debit_account_id)
           or not exists (select 1 from ledger_accounts a where a.id = t.credit_account_id)
      ) then
        raise exception 'ledger_transfers: a transfer names an account that does not exist'
          using errcode = 'foreign_key_violation';
      end if;
      return null;
    end
  $$`,
  sql`create trigger ledger_transfers_accounts_exist
    after insert on ledger_transfers referencing new table as new_transfers
    for each statement execute function ledger_transfers_accounts_exist()`,
  sql`create function ledger_accounts_no_delete() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger accounts are never deleted';
    end
  $$`,
  sql`create trigger ledger_accounts_no_delete before delete or truncate on ledger_accounts
    for each statement execute function ledger_accounts_no_delete()`,

  // Lets a single statement abort itself (and so roll back everything it wrote) when a condition it
  // checks late fails: the position hot path's one statement uses it.
  sql`create function abort_statement(message text) returns boolean language plpgsql as $$
    begin
      raise exception '%', message using errcode = 'P0001';
    end
  $$`,

  // ---- rooms ------------------------------------------------------------------------------------------
  sql`create table rooms (
    id uuid primary key default gen_random_uuid(),
    tier text not null unique check (tier in ('normal', 'vip', 'advanced', 'premier', 'dia')),
    position integer not null,
    entry_minimum bigint not null check (entry_minimum >= 0),
    stake_minimum bigint not null check (stake_minimum > 0),
    stake_maximum bigint not null,
    round_seconds integer not null check (round_seconds >= 2),
    sealed_seconds integer not null check (sealed_seconds >= 1),
    drawing_seconds integer not null check (drawing_seconds >= 0),
    house_edge_bps integer not null check (house_edge_bps between 0 and 9999),
    paused boolean not null default false,
    created_at timestamptz not null default now(),
    check (stake_maximum >= stake_minimum),
    check (sealed_seconds < round_seconds)
  )`,

  // ---- fairness: one hash chain per room at a time (DESIGN §6) ---------------------------------------
  // `seed` is the secret the chain is built from: read only by the round engine to reveal a round's hash
  // at drawing, never serialised. `terminal_hash` and `salt` are public from the chain's creation on.
  // `next_index` is the chain index the next round will use (1..length; length + 1 when used up).
  sql`create table fairness_chains (
    id uuid primary key,
    room_id uuid not null references rooms (id),
    seed text not null,
    salt text not null,
    terminal_hash text not null unique,
    length integer not null check (length >= 1),
    next_index integer not null default 1,
    created_at timestamptz not null,
    check (next_index between 1 and length + 1)
  )`,
  sql`create index fairness_chains_room_idx on fairness_chains (room_id, created_at desc)`,

  // ---- rounds -----------------------------------------------------------------------------------------
  // `commitment` is the hash this round's hash must link to: the previous chain hash (or the chain's
  // terminal hash for index 1). `hash`, `digits` and `sum` stay NULL until the round is drawn.
  sql`create table rounds (
    id uuid primary key,
    room_id uuid not null references rooms (id),
    chain_id uuid not null references fairness_chains (id),
    chain_index integer not null check (chain_index >= 1),
    issue text not null,
    sequence integer not null check (sequence >= 1),
    status text not null default 'open'
      check (status in ('open', 'sealed', 'drawing', 'settled', 'void')),
    opens_at timestamptz not null,
    seals_at timestamptz not null,
    draws_at timestamptz not null,
    settles_at timestamptz not null,
    settled_at timestamptz,
    commitment text not null,
    hash text,
    digits smallint[],
    sum smallint check (sum between 0 and 27),
    stake_total bigint not null default 0,
    payout_total bigint not null default 0,
    position_count integer not null default 0,
    created_at timestamptz not null,
    unique (room_id, issue),
    unique (chain_id, chain_index),
    check (opens_at <= seals_at and seals_at <= draws_at and draws_at <= settles_at),
    check ((hash is null) = (sum is null) and (digits is null) = (sum is null)),
    check (digits is null or cardinality(digits) = 3),
    check (status not in ('drawing', 'settled') or hash is not null),
    check ((status in ('settled', 'void')) = (settled_at is not null))
  )`,
  // At most one open round per room, whatever happens between schedulers.
  sql`create unique index rounds_one_open_per_room on rounds (room_id) where status = 'open'`,
  sql`create index rounds_room_idx on rounds (room_id, created_at desc, id desc)`,
  sql`create index rounds_unfinished_idx on rounds (created_at) where status in ('open', 'sealed', 'drawing')`,
  sql`create index rounds_settled_idx on rounds (room_id, settled_at desc) where status = 'settled'`,

  // ---- positions --------------------------------------------------------------------------------------
  // `room_id` (the round's room) and `account_id` (the user's cash account) are copies made at placement,
  // read in the same statement from the round and the account themselves, so settlement and the records
  // join nothing; they carry no foreign key of their own (the round and the user do), which keeps the hot
  // insert from share-locking the room row that every placement in the room would otherwise contend on.
  // `multiplier` is frozen when placed; `payout` is set at settlement (0 when lost, the stake when
  // refunded). A position is written once and updated exactly once (settlement), touching no indexed
  // column: fillfactor 50 leaves every page room for that update, so it stays HOT (no index writes) —
  // about 4x faster settlement of a large round, for twice the heap size.
  sql`create table positions (
    id uuid primary key,
    round_id uuid not null references rounds (id),
    room_id uuid not null,
    user_id uuid not null references users (id),
    account_id uuid not null,
    bet_category text not null check (bet_category in ('both_sides', 'special_number')),
    bet_type text check (bet_type in ('long', 'short', 'single', 'double', 'single_long', 'long_double',
      'single_short', 'short_double', 'close_long', 'close_short')),
    bet_number smallint check (bet_number between 0 and 27),
    amount bigint not null check (amount > 0),
    multiplier integer not null check (multiplier > 0),
    status text not null default 'open' check (status in ('open', 'won', 'lost', 'refunded')),
    payout bigint check (payout >= 0),
    created_at timestamptz not null,
    settled_at timestamptz,
    check ((bet_category = 'both_sides') = (bet_type is not null)),
    check ((bet_category = 'special_number') = (bet_number is not null)),
    check ((status = 'open') = (payout is null)),
    check ((status = 'open') = (settled_at is null))
  ) with (fillfactor = 50)`,
  // Settlement (every position of a round), a round's distinct users and "my positions in this round".
  sql`create index positions_round_idx on positions (round_id, user_id)`,
  // Investment records, newest first.
  sql`create index positions_user_idx on positions (user_id, created_at desc, id desc)`,
  // Today's volume and trading users on the home page. Positions arrive in time order, so a BRIN index
  // (a few pages, next to nothing per insert) finds a day's rows as well as a b-tree would.
  sql`create index positions_created_idx on positions using brin (created_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
  for (const [position, room] of DEFAULT_ROOMS.entries()) {
    await sql`insert into rooms (tier, position, entry_minimum, stake_minimum, stake_maximum, round_seconds,
      sealed_seconds, drawing_seconds, house_edge_bps)
      values (${room.tier}, ${position + 1}, ${room.entryMinimum}, ${room.stakeMinimum}, ${room.stakeMaximum},
        ${room.roundSeconds}, ${room.sealedSeconds}, ${room.drawingSeconds}, ${room.houseEdgeBps})`.execute(
      db,
    );
  }
}
