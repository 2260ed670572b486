-- Web Push for participants (001 §3, §7; decision D-092). Runs unchanged on PostgreSQL 15+ and on PGlite.

-- The server's VAPID key pair, made once on the first start (insert … on conflict do nothing, then read: two
-- processes starting together keep the first). The public key is base64url (an uncompressed P-256 point);
-- the private key is sealed with AES-256-GCM under a key derived from the server's secret (JWT_SECRET), so a
-- database dump or a reader of this table cannot sign pushes: only the server reads it.
create table push_vapid_keys (
  id smallint primary key check (id = 1),
  public_key text not null,
  private_key_sealed text not null,
  created_at timestamptz not null default now()
);

-- A participant's device registration (001 §3): one row per participant and device id; registering again
-- updates it. pd_device_token is the push subscription (endpoint and keys), null once refused or gone. A web
-- device has platform Web and app type StudyApp; the other device fields stay blank.
create table participant_devices (
  id uuid primary key default gen_random_uuid(),
  participant_id uuid not null references participants(id),
  study_id uuid not null references studies(id),
  device_id text not null,
  pd_device_token jsonb,
  pd_device_platform text not null default 'Web' check (pd_device_platform = 'Web'),
  pd_registration_status text not null check (pd_registration_status in ('Registered', 'Refused', 'Gone', 'Replaced')),
  app_type text not null default 'StudyApp' check (app_type = 'StudyApp'),
  device_name text,
  device_model text,
  os_version text,
  app_version text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (participant_id, device_id),
  check ((pd_registration_status = 'Registered') = (pd_device_token is not null))
);
-- One browser subscription reaches one registration: another sign-in on the same browser replaces it.
create unique index participant_devices_endpoint on participant_devices ((pd_device_token ->> 'endpoint'))
  where pd_registration_status = 'Registered';

-- Push messages waiting to be sent (the table is the queue, as the outbox's: claimed with `for update skip
-- locked`, sent with no transaction open, the outcome recorded and audited after). A message past expires_at
-- is not sent any more.
create table push_messages (
  id uuid primary key default gen_random_uuid(),
  device_id uuid not null references participant_devices(id),
  participant_id uuid not null references participants(id),
  kind text not null check (kind in ('test')),
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'gone')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  expires_at timestamptz not null,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index push_messages_due on push_messages (next_attempt_at) where status = 'pending';
create index push_messages_device on push_messages (device_id);
