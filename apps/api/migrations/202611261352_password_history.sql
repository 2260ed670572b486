-- Password history (decision 0024): the hashes an account used before its current password, at most four
-- kept per account, so a change or a reset can refuse any of the last five passwords (the current one and the
-- four before it). Staff and participants alike. Runs on PostgreSQL 15+ and PGlite.
create table password_history (
  -- the order passwords were replaced in (several changes can share one transaction's now())
  id bigint generated always as identity primary key,
  user_id uuid references users(id),
  participant_id uuid references participants(id),
  password_hash text not null,
  -- when this password stopped being the current one
  replaced_at timestamptz not null default now(),
  check ((user_id is null) <> (participant_id is null))
);
create index password_history_user_idx on password_history (user_id, id desc) where user_id is not null;
create index password_history_participant_idx on password_history (participant_id, id desc)
  where participant_id is not null;
