-- SFTP destinations of a study's data exports and their transfers (issue 14, decision H-sftp). A destination
-- belongs to a study and a data space; its password, private key and passphrase are sealed (kernel/secrets.ts,
-- bound to the destination's id) and never answered. The server's host key is pinned at the first successful
-- test (or given ahead) and checked at every connection afterwards. A disconnected destination keeps its row and
-- its transfer log, but no credentials and no schedule.
create table sftp_destinations (
  id uuid primary key,
  study_id uuid not null references studies(id),
  environment text not null check (environment in ('LIVE', 'TEST')),
  name text not null check (length(name) between 1 and 120),
  host text not null,
  port integer not null check (port between 1 and 65535),
  username text not null,
  auth_method text not null check (auth_method in ('PASSWORD', 'PRIVATE_KEY')),
  -- the password (PASSWORD) or the private key's text (PRIVATE_KEY), sealed; null once disconnected
  secret_sealed text,
  passphrase_sealed text,
  -- public facts of the account's private key (shown so a person can match it with authorized_keys)
  private_key_type text,
  private_key_fingerprint text,
  remote_folder text not null,
  host_key_fingerprint text,
  host_key_type text,
  schedule_kind text not null default 'NONE' check (schedule_kind in ('NONE', 'DAILY', 'WEEKLY')),
  -- HH:mm UTC; day 1 = Monday … 7 = Sunday
  schedule_time text check (schedule_time is null or schedule_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  schedule_day smallint check (schedule_day is null or schedule_day between 1 and 7),
  next_run_at timestamptz,
  status text not null default 'ACTIVE' check (status in ('ACTIVE', 'DISCONNECTED')),
  last_test_at timestamptz,
  last_test_ok boolean,
  last_test_error text,
  created_by uuid not null references users(id),
  created_at timestamptz not null default now(),
  updated_by uuid references users(id),
  updated_at timestamptz not null default now(),
  disconnected_at timestamptz
);
create index sftp_destinations_study on sftp_destinations (study_id, environment, created_at);
create index sftp_destinations_due on sftp_destinations (next_run_at) where status = 'ACTIVE' and next_run_at is not null;

-- One sending of one export file to one destination. Claimed by a worker under a lease (a worker that dies leaves
-- it to be claimed again after the lease); the file goes to `<name>.part` and is renamed when complete.
create table sftp_transfers (
  id uuid primary key default gen_random_uuid(),
  destination_id uuid not null references sftp_destinations(id),
  export_id uuid not null references export_jobs(id),
  file_id uuid not null references stored_files(id),
  file_name text not null,
  byte_size integer not null,
  sha256 text not null,
  trigger text not null check (trigger in ('MANUAL', 'SCHEDULED', 'RETRY')),
  retry_of uuid references sftp_transfers(id),
  status text not null default 'QUEUED' check (status in ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED')),
  attempts integer not null default 0,
  bytes_sent integer not null default 0,
  remote_path text not null,
  -- the server's reason when it failed
  error text,
  lease_until timestamptz,
  requested_by uuid references users(id),
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
create index sftp_transfers_destination on sftp_transfers (destination_id, created_at desc);
create index sftp_transfers_due on sftp_transfers (status, lease_until) where status in ('QUEUED', 'RUNNING');
