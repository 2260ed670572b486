-- Data exports (issue 14, decision H-exports): an export is a job. It is queued by a person with the filters they
-- chose and the access they had when they asked (frozen in `scope`: sites, blinding, identity), claimed by a
-- worker under a lease (a worker that dies leaves it to be claimed again after the lease), reports its progress
-- in rows, and ends with a stored file and a download link whose token only the requester receives.
create table export_jobs (
  id uuid primary key default gen_random_uuid(),
  study_id uuid not null references studies(id),
  environment text not null check (environment in ('LIVE', 'TEST')),
  -- STUDY_DATA: the study data zip; COMPLIANCE: the compliance report; REPORT: a saved report's data;
  -- PARTICIPANT_DASHBOARD: one participant's dashboard data
  kind text not null check (kind in ('STUDY_DATA', 'COMPLIANCE', 'REPORT', 'PARTICIPANT_DASHBOARD')),
  formats text[] not null default '{}',
  filters jsonb not null default '{}',
  scope jsonb not null,
  status text not null default 'QUEUED' check (status in ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED')),
  rows_done integer not null default 0,
  rows_total integer,
  attempts integer not null default 0,
  lease_until timestamptz,
  file_id uuid references stored_files(id),
  -- the hash of the download token (the token itself is answered once, to the requester)
  token_hash text,
  expires_at timestamptz,
  error text,
  requested_by uuid not null references users(id),
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
create index export_jobs_study on export_jobs (study_id, environment, created_at desc);
create index export_jobs_due on export_jobs (status, lease_until) where status in ('QUEUED', 'RUNNING');
