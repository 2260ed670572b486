-- Requests for a password-reset link or code (decision 0022): counted per account, and per identifier when
-- no account matched (so the cap answers the same whether or not the account exists). `key` is an account
-- (`user:<id>`, `participant:<id>`) or a keyed hash of the identifier typed; rows older than the window are
-- deleted as new ones arrive. Runs on PostgreSQL 15+ and PGlite.
create table reset_requests (
  id bigint generated always as identity primary key,
  key text not null,
  created_at timestamptz not null default now()
);
create index reset_requests_key_idx on reset_requests (key, created_at);
