-- Identity tokens for record linkage (001 §3, §9; decision D-138). Runs unchanged on PostgreSQL 15+ and on PGlite.

-- A participant's tokens: one per kind, each an HMAC-SHA256 (hex) of a normalised combination of their identity
-- under a key derived from the server's secret. Only the tokens are stored, never the identity they were made
-- of; sending the identity again replaces them.
create table participant_identity_tokens (
  participant_id uuid not null references participants(id),
  kind smallint not null check (kind in (1, 2, 3, 4, 6, 7, 8, 9, 12, 14, 15, 17, 18, 23, 24, 25, 26, 29, 30)),
  token text not null check (token ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  primary key (participant_id, kind)
);
