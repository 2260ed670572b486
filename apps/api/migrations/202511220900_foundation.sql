-- Foundation schema: clients, identity, studies and sites, participants, tokens, outbox, audit trail.
-- Runs unchanged on PostgreSQL 15+ and on PGlite (no PG16+ syntax).

create table clients (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  two_fa_enabled boolean not null default false,
  is_cognito_authentication boolean not null default false,
  is_participant_uses_cognito boolean not null default false,
  support_desk_url text,
  created_at timestamptz not null default now()
);

create table feature_flags (
  client_id uuid not null references clients(id),
  name text not null,
  enabled boolean not null default false,
  -- client ids the flag is limited to; null or [] = all customers
  customers jsonb,
  updated_at timestamptz not null default now(),
  primary key (client_id, name)
);

create table users (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references clients(id),
  username text not null unique check (username = lower(username)),
  email text not null,
  first_name text not null default '',
  last_name text not null default '',
  phone_number text,
  password_hash text,
  status text not null default 'INVITED' check (status in ('ACTIVE', 'INVITED', 'DEACTIVATED')),
  platform_role text not null,
  realm text,
  data_access_type text not null default 'BOTH',
  profile_completed boolean not null default false,
  failed_attempts integer not null default 0,
  locked_until timestamptz,
  -- bumped by "log out everywhere": access tokens carrying an older value are refused
  token_version integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index users_email_idx on users (lower(email));

create table countries (
  id text primary key,              -- ISO 3166-1 alpha-2
  name text not null,
  iso_code3 text not null,
  sort_order integer not null default 0,
  active boolean not null default true
);

create table languages (
  id text primary key,              -- culture, e.g. en, es
  display_name text not null
);

create table studies (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references clients(id),
  code text not null unique,
  name text not null,
  sponsor_name text,
  status text not null default 'DESIGN' check (status in ('DESIGN', 'LIVE', 'CLOSED')),
  color text,
  is_new_study_configurator boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index studies_client_idx on studies (client_id);

create table study_languages (
  study_id uuid not null references studies(id),
  language_id text not null references languages(id),
  is_default boolean not null default false,
  primary key (study_id, language_id)
);

create table study_countries (
  study_id uuid not null references studies(id),
  country_id text not null references countries(id),
  is_default boolean not null default false,
  primary key (study_id, country_id)
);

create table sites (
  id uuid primary key default gen_random_uuid(),
  study_id uuid not null references studies(id),
  site_code text not null,
  name text not null,
  site_sub_type text not null,
  country_id text not null references countries(id),
  created_at timestamptz not null default now(),
  unique (study_id, site_code)
);

create table study_assignments (
  user_id uuid not null references users(id),
  study_id uuid not null references studies(id),
  role text not null,
  read_only boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (user_id, study_id)
);
create index study_assignments_study_idx on study_assignments (study_id);

create table site_assignments (
  user_id uuid not null references users(id),
  site_id uuid not null references sites(id),
  primary key (user_id, site_id)
);

create table participants (
  id uuid primary key default gen_random_uuid(),
  study_id uuid not null references studies(id),
  site_id uuid not null references sites(id),
  participant_code text not null,
  username text,
  email text,
  password_hash text,
  status text not null default 'NOTINVITED',
  language text not null default 'en',
  environment text not null default 'LIVE' check (environment in ('LIVE', 'TEST')),
  failed_attempts integer not null default 0,
  locked_until timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (study_id, environment, participant_code)
);
create unique index participants_username_idx on participants (study_id, lower(username)) where username is not null;
create index participants_site_idx on participants (study_id, environment, site_id);

create table refresh_tokens (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  family_id uuid not null,
  -- one sign-in: the general token's family and every per-study family issued in it
  session_id uuid not null,
  user_id uuid references users(id),
  participant_id uuid references participants(id),
  study_id uuid references studies(id),
  device_id text,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  replaced_by uuid,
  created_at timestamptz not null default now(),
  check ((user_id is null) <> (participant_id is null))
);
create index refresh_tokens_family_idx on refresh_tokens (family_id);
create index refresh_tokens_session_idx on refresh_tokens (session_id);
create index refresh_tokens_user_idx on refresh_tokens (user_id) where revoked_at is null;
create index refresh_tokens_participant_idx on refresh_tokens (participant_id) where revoked_at is null;

create table password_tokens (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  purpose text not null check (purpose in ('reset', 'invite', 'participant_reset')),
  user_id uuid references users(id),
  participant_id uuid references participants(id),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now(),
  check ((user_id is null) <> (participant_id is null))
);

create table mfa_challenges (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id),
  code_hash text not null,
  channel text not null check (channel in ('email', 'sms')),
  destination text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  created_at timestamptz not null default now()
);

create table outbox (
  id uuid primary key default gen_random_uuid(),
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null,
  subject text,
  body text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index outbox_created_idx on outbox (created_at desc);

-- Audit trail: append-only, hash-chained (docs/decisions/0003-audit-hash-chain.md).
create table audit_log (
  id bigserial primary key,
  at timestamptz not null default now(),
  actor_type text not null,
  actor_id text,
  action text not null,
  entity_type text not null,
  entity_id text,
  before jsonb,
  after jsonb,
  reason text,
  ip text,
  user_agent text,
  environment text not null default 'LIVE',
  prev_hash text not null,
  hash text not null
);
create index audit_log_entity_idx on audit_log (entity_type, entity_id);

-- One row holding the chain's tip; appenders lock it (select ... for update) so the chain cannot fork.
create table audit_chain_head (
  id integer primary key check (id = 1),
  last_id bigint,
  last_hash text not null
);
insert into audit_chain_head (id, last_id, last_hash) values (1, null, 'GENESIS');

create function audit_log_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only: % refused', tg_op;
end;
$$;

create trigger audit_log_no_update before update or delete on audit_log
  for each row execute function audit_log_refuse_change();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_refuse_change();
