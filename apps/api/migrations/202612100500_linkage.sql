-- Privacy-preserving linkage tokens (issue 14, H-024…H-029, decision H-linkage-tokens). Per study and data space:
-- whether tokens are made, the dataset configuration name the linkage partner knows the data by, which kinds of
-- token are made and the study's key (sealed with the server secret, never answered). Tokens are kept per
-- participant and kind; each is remade when the participant's identifiers or the key change.
create table linkage_settings (
  study_id uuid not null references studies(id),
  environment text not null check (environment in ('LIVE', 'TEST')),
  enabled boolean not null default false,
  dataset_name text not null default '' check (length(dataset_name) <= 120),
  token_types text[] not null default '{T1,T2}',
  -- the 32-byte key as 64 hex characters, sealed (kernel/secrets.ts, bound to study and data space)
  key_sealed text not null,
  key_created_at timestamptz not null default now(),
  updated_by uuid references users(id),
  updated_at timestamptz not null default now(),
  primary key (study_id, environment)
);

create table linkage_tokens (
  participant_id uuid not null references participants(id) on delete cascade,
  study_id uuid not null references studies(id),
  environment text not null check (environment in ('LIVE', 'TEST')),
  token_type text not null check (token_type in ('T1', 'T2', 'T3', 'T4')),
  -- base64url of an HMAC-SHA256: 43 characters
  token text not null check (length(token) = 43),
  made_at timestamptz not null default now(),
  primary key (participant_id, token_type)
);
create index linkage_tokens_study on linkage_tokens (study_id, environment);
