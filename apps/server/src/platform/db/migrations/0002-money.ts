/**
 * Money (DESIGN §5): the ledger (accounts and append-only transfers), uploads, deposits, bank
 * cards, wallets, withdrawals, the card gateway's checkouts and webhook events, idempotency keys and the
 * operator's funding settings. Amounts are bigint cents. Lists written out literally (ledger codes,
 * statuses): a migration describes the schema as it was on the day it ran, not today's constants.
 */
import { type Kysely, sql } from 'kysely';

/** Seeded funding settings: one demo bank account and a valid-format deposit address per network. */
const DEMO_FUNDING_SETTINGS = {
  bankAccounts: [
    {
      id: 'demo-bank',
      bankName: 'Tradehall Demo Bank',
      accountNumber: '6222021234567890',
      payee: 'Tradehall Ltd',
    },
  ],
  cryptoNetworks: [
    { network: 'USDT-TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    { network: 'USDT-ERC20', address: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
  ],
  cardPaymentEnabled: true,
};

const statements = [
  // ---- the ledger ------------------------------------------------------------------------------------
  // One cash account per user; one row per system account. Only user cash balances are materialised
  // (and can never go below zero); system balances are derived from transfers, never updated per
  // operation, so no hot row serialises every deposit or withdrawal.
  sql`create table ledger_accounts (
    id uuid primary key default gen_random_uuid(),
    kind text not null
      check (kind in ('user_cash', 'house', 'deposits_clearing', 'withdrawals_clearing', 'external')),
    user_id uuid unique references users (id),
    balance bigint not null default 0,
    created_at timestamptz not null default now(),
    check ((kind = 'user_cash') = (user_id is not null)),
    check (kind <> 'user_cash' or balance >= 0)
  )`,
  sql`create unique index ledger_accounts_system_kind_key on ledger_accounts (kind) where kind <> 'user_cash'`,
  sql`insert into ledger_accounts (kind) values
    ('house'), ('deposits_clearing'), ('withdrawals_clearing'), ('external')`,
  sql`insert into ledger_accounts (kind, user_id) select 'user_cash', id from users`,

  // A transfer moves `amount` from the debit account to the credit account. Never edited or deleted: a
  // mistake is fixed by a reversing transfer.
  sql`create table ledger_transfers (
    id bigserial primary key,
    debit_account_id uuid not null references ledger_accounts (id),
    credit_account_id uuid not null references ledger_accounts (id),
    amount bigint not null check (amount > 0),
    code text not null check (code in ('deposit', 'withdrawal_hold', 'withdrawal_refund', 'withdrawal_paid',
      'stake', 'payout', 'stake_lost', 'refund', 'adjustment', 'reversal')),
    ref_type text not null,
    ref_id text not null,
    idempotency_key text not null unique,
    created_at timestamptz not null default now(),
    check (debit_account_id <> credit_account_id)
  )`,
  // Per-account history, newest first (the transactions page), from either side of a transfer.
  sql`create index ledger_transfers_debit_idx on ledger_transfers (debit_account_id, created_at desc, id desc)`,
  sql`create index ledger_transfers_credit_idx on ledger_transfers (credit_account_id, created_at desc, id desc)`,
  sql`create function ledger_transfers_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger_transfers is append-only: % refused', tg_op;
    end
  $$`,
  sql`create trigger ledger_transfers_no_update_delete
    before update or delete on ledger_transfers
    for each row execute function ledger_transfers_append_only()`,
  sql`create trigger ledger_transfers_no_truncate
    before truncate on ledger_transfers
    for each statement execute function ledger_transfers_append_only()`,

  // Wrong payment passwords are counted in the same table as failed logins, per user id.
  sql`alter table login_throttles drop constraint login_throttles_scope_check`,
  sql`alter table login_throttles add constraint login_throttles_scope_check
    check (scope in ('user', 'operator', 'payment_password'))`,

  // ---- uploads (in the database, so every node serves them) -------------------------------------------
  sql`create table uploads (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id),
    content_type text not null check (content_type in ('image/jpeg', 'image/png', 'image/webp')),
    size integer not null check (size > 0),
    content bytea not null,
    created_at timestamptz not null default now()
  )`,
  sql`create index uploads_user_idx on uploads (user_id)`,

  // ---- deposits ---------------------------------------------------------------------------------------
  sql`create table deposits (
    id uuid primary key,
    reference text not null unique,
    user_id uuid not null references users (id),
    method text not null check (method in ('offline', 'crypto', 'card')),
    amount bigint not null check (amount > 0),
    status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
    depositor_name text,
    network text check (network in ('USDT-TRC20', 'USDT-ERC20')),
    tx_hash text,
    receipt_upload_id uuid references uploads (id),
    checkout_id text unique,
    checkout_url text,
    reject_reason text,
    decided_by text,
    created_at timestamptz not null,
    decided_at timestamptz,
    check (method <> 'offline' or depositor_name is not null),
    check (method <> 'crypto' or (network is not null and tx_hash is not null)),
    check (method <> 'card' or checkout_id is not null),
    check ((status = 'pending') = (decided_at is null))
  )`,
  sql`create index deposits_user_idx on deposits (user_id, created_at desc, id desc)`,
  sql`create index deposits_queue_idx on deposits (status, created_at desc, id desc)`,
  sql`create index deposits_created_idx on deposits (created_at desc, id desc)`,
  // One deposit per on-chain transaction, whatever its case or 0x prefix.
  sql`create unique index deposits_tx_hash_key on deposits (lower(regexp_replace(tx_hash, '^0[xX]', '')))
    where tx_hash is not null`,

  // ---- where withdrawals go ---------------------------------------------------------------------------
  // Removal is soft: a past withdrawal keeps pointing at the card or wallet it went to.
  sql`create table bank_cards (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id),
    bank_name text not null,
    account_number text not null,
    payee text not null,
    created_at timestamptz not null default now(),
    deleted_at timestamptz
  )`,
  sql`create unique index bank_cards_number_key on bank_cards (user_id, account_number) where deleted_at is null`,
  sql`create index bank_cards_user_idx on bank_cards (user_id, created_at desc)`,

  sql`create table wallets (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id),
    type text not null check (type in ('USDT-TRC20', 'USDT-ERC20')),
    address text not null,
    created_at timestamptz not null default now(),
    deleted_at timestamptz
  )`,
  // Ethereum addresses are case-insensitive (the case is only a checksum); TRON's base58 is not.
  sql`create unique index wallets_address_key on wallets
    (user_id, type, (case when type = 'USDT-ERC20' then lower(address) else address end))
    where deleted_at is null`,
  sql`create index wallets_user_idx on wallets (user_id, created_at desc)`,

  // ---- withdrawals ------------------------------------------------------------------------------------
  sql`create table withdrawals (
    id uuid primary key,
    reference text not null unique,
    user_id uuid not null references users (id),
    amount bigint not null check (amount > 0),
    status text not null default 'pending' check (status in ('pending', 'paid', 'rejected')),
    destination_type text not null check (destination_type in ('bank_card', 'wallet')),
    destination_id uuid not null,
    destination_label text not null,
    destination_detail text not null,
    payment_reference text,
    reject_reason text,
    decided_by text,
    created_at timestamptz not null,
    decided_at timestamptz,
    check ((status = 'pending') = (decided_at is null)),
    check (status <> 'paid' or payment_reference is not null)
  )`,
  sql`create index withdrawals_user_idx on withdrawals (user_id, created_at desc, id desc)`,
  sql`create index withdrawals_queue_idx on withdrawals (status, created_at desc, id desc)`,
  sql`create index withdrawals_created_idx on withdrawals (created_at desc, id desc)`,

  // ---- card payments: the gateway's checkouts (sandbox) and every webhook event received ---------------
  sql`create table payment_checkouts (
    id text primary key,
    provider text not null,
    merchant text not null,
    order_reference text not null,
    amount bigint not null check (amount > 0),
    currency text not null,
    status text not null default 'open' check (status in ('open', 'paid', 'failed', 'cancelled')),
    return_url text not null,
    created_at timestamptz not null default now(),
    completed_at timestamptz,
    delivered_at timestamptz
  )`,
  // The event id is the replay guard: an event is acted on once, whatever the gateway re-sends.
  sql`create table payment_events (
    event_id text primary key,
    provider text not null,
    type text not null,
    checkout_id text not null,
    amount bigint not null,
    outcome text not null,
    received_at timestamptz not null default now()
  )`,

  // ---- idempotency: one row per client money operation, holding the first response ---------------------
  sql`create table idempotency_keys (
    user_id uuid not null references users (id),
    key text not null,
    operation text not null,
    request_hash text not null,
    status_code integer,
    response jsonb,
    created_at timestamptz not null default now(),
    primary key (user_id, key)
  )`,

  // ---- what an operator configures: receiving accounts, deposit addresses, card payment on/off ---------
  sql`create table funding_settings (
    id integer primary key check (id = 1),
    settings jsonb not null,
    updated_at timestamptz not null default now()
  )`,
  sql`insert into funding_settings (id, settings) values (1, ${JSON.stringify(DEMO_FUNDING_SETTINGS)}::jsonb)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
