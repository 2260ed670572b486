-- Medical devices and wearables (issue 14; H-030…H-032, H-038, H-039; decision H-devices).
-- A study's device settings: which measurement types it collects, which wearable platforms and which catalogue devices
-- (Validic devices, H-030) it uses, and whether device data are accepted at all. One row per study (the study's
-- design, the same for its live and test data); no row = nothing enabled.
create table device_settings (
  study_id uuid primary key references studies(id),
  device_types text[] not null default '{}',
  wearable_sources text[] not null default '{}',
  catalogue_devices text[] not null default '{}',
  ingestion_enabled boolean not null default false,
  updated_by uuid references users(id),
  updated_at timestamptz not null default now()
);

-- The gateway's key for one study and data space: only its SHA-256 is kept (the key is shown once to the person who
-- made it), with its last characters to recognise it. Making a new one replaces the old, which stops working at once.
create table device_ingestion_keys (
  study_id uuid not null references studies(id),
  environment text not null check (environment in ('LIVE', 'TEST')),
  key_hash text not null unique,
  key_hint text not null,
  created_by uuid not null references users(id),
  created_at timestamptz not null default now(),
  primary key (study_id, environment)
);

-- One row per LOINC-coded value received (a blood pressure gives two). The same sender identifier of the same code for
-- the same participant is stored once (idempotent resending). `raw` is the observation or data point as received.
create table device_measurements (
  id uuid primary key default gen_random_uuid(),
  participant_id uuid not null references participants(id),
  study_id uuid not null references studies(id),
  site_id uuid not null references sites(id),
  environment text not null check (environment in ('LIVE', 'TEST')),
  type text not null,
  code text not null,
  value double precision not null,
  unit text not null,
  effective_at timestamptz not null,
  effective_end timestamptz,
  source_format text not null check (source_format in ('FHIR', 'OMH')),
  source_name text,
  device_name text,
  external_id text not null,
  received_at timestamptz not null default now(),
  raw jsonb not null,
  unique (participant_id, source_format, external_id, code)
);
create index device_measurements_participant on device_measurements (participant_id, type, effective_at desc);
