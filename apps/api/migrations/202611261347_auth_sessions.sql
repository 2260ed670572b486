-- Server-side sessions (decision 0021). One row per sign-in, staff or participant; every refresh-token
-- family issued in it (the general one and each per-study one) points at it through refresh_tokens.session_id,
-- and the access token carries its id (claim sid). The guard refuses a token whose session is revoked or past
-- its absolute expiry; a refresh can never carry a session past expires_at. Runs on PostgreSQL 15+ and PGlite.
create table auth_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references users(id),
  participant_id uuid references participants(id),
  created_at timestamptz not null default now(),
  -- absolute: sign-in + 12 hours, never moved by a refresh
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_reason text check (revoked_reason in (
    'sign-out', 'refresh-reuse', 'stolen-token', 'admin-sign-out', 'password-change', 'password-reset'
  )),
  check ((user_id is null) <> (participant_id is null)),
  check ((revoked_at is null) = (revoked_reason is null))
);
create index auth_sessions_user_idx on auth_sessions (user_id) where revoked_at is null;
create index auth_sessions_participant_idx on auth_sessions (participant_id) where revoked_at is null;

-- Sessions that exist already (refresh tokens issued before this migration) become rows, so nobody is
-- signed out by the upgrade; their absolute lifetime counts from their first token.
insert into auth_sessions (id, user_id, participant_id, created_at, expires_at, revoked_at, revoked_reason)
select session_id,
       (array_agg(user_id))[1],
       (array_agg(participant_id))[1],
       min(created_at),
       min(created_at) + interval '12 hours',
       case when bool_and(revoked_at is not null) then max(revoked_at) end,
       case when bool_and(revoked_at is not null) then 'sign-out' end
  from refresh_tokens
 group by session_id;

alter table refresh_tokens
  add constraint refresh_tokens_session_fk foreign key (session_id) references auth_sessions(id);
