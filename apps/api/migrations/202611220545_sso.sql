-- OpenID Connect single sign-on for staff (spec 000 §2.1 route `/`, §7.3; decision A-064).
-- Runs unchanged on PostgreSQL 15+ and on PGlite.

-- One row per identity provider of a client. Rows are added by an administrator (SQL until the
-- /sso-settings page exists); the client secret is what the provider issued (null: public client, PKCE only).
create table sso_providers (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references clients(id),
  name text not null,
  issuer text not null,
  oidc_client_id text not null,
  oidc_client_secret text,
  enabled boolean not null default true,
  created_at timestamptz not null default now()
);
create index sso_providers_client_idx on sso_providers (client_id);

-- One row per started sign-in: the state is kept only as its sha256; single use (used_at), 10 minutes.
create table sso_login_states (
  state_hash text primary key,
  nonce text not null,
  code_verifier text not null,
  provider_id uuid not null references sso_providers(id) on delete cascade,
  redirect_to text,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index sso_login_states_expires_idx on sso_login_states (expires_at);

-- The link made the first time a provider subject signs in to an account (matched by verified e-mail).
create table sso_identities (
  provider_id uuid not null references sso_providers(id) on delete cascade,
  subject text not null,
  user_id uuid not null references users(id),
  created_at timestamptz not null default now(),
  last_login_at timestamptz not null default now(),
  primary key (provider_id, subject),
  unique (provider_id, user_id)
);
