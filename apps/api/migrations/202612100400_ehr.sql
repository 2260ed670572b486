-- Epic MyChart / SMART on FHIR link (issue 14, H-036; decision H-epic-mychart): the study's EHR link, the pending
-- authorisations of the SMART standalone launch, participants' connections and the FHIR resources fetched for them.
-- Secrets (client secret, PKCE verifier, access and refresh tokens) are sealed by the server (kernel/secrets.ts).

-- The study's link: one per study, the same for both data spaces (participants carry their own).
create table study_ehr_links (
  study_id uuid primary key references studies(id),
  enabled boolean not null default false,
  display_name text not null check (length(display_name) between 1 and 80),
  fhir_base_url text not null check (length(fhir_base_url) between 1 and 500),
  client_id text not null check (length(client_id) between 1 and 200),
  client_secret_sealed text,
  scopes text not null check (length(scopes) between 1 and 1000),
  resource_types jsonb not null default '[]',
  -- what the last discovery found ({ ok, at, endpoints … } or { ok: false, reason })
  last_discovery jsonb,
  updated_by uuid not null references users(id),
  updated_at timestamptz not null default now()
);

-- A started authorisation: the state is stored only as its sha256, the PKCE verifier sealed; used once, 10 minutes.
create table ehr_authorizations (
  state_hash text primary key,
  participant_id uuid not null references participants(id),
  study_id uuid not null references studies(id),
  environment text not null check (environment in ('LIVE', 'TEST')),
  code_verifier_sealed text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index ehr_authorizations_expiry on ehr_authorizations (expires_at);

-- A participant's connection to the study's EHR.
create table ehr_connections (
  participant_id uuid primary key references participants(id),
  study_id uuid not null references studies(id),
  environment text not null check (environment in ('LIVE', 'TEST')),
  status text not null check (status in ('CONNECTED', 'REVOKED', 'ERROR')),
  patient_fhir_id text,
  access_token_sealed text,
  refresh_token_sealed text,
  expires_at timestamptz,
  connected_at timestamptz,
  last_sync_at timestamptz,
  last_error text,
  updated_at timestamptz not null default now()
);
create index ehr_connections_study on ehr_connections (study_id, environment);

-- The FHIR resources fetched for a participant: one row per resource, updated when its version changes.
create table ehr_resources (
  participant_id uuid not null references participants(id),
  resource_type text not null,
  fhir_id text not null,
  version_id text,
  last_updated text,
  resource jsonb not null,
  fetched_at timestamptz not null default now(),
  primary key (participant_id, resource_type, fhir_id)
);
