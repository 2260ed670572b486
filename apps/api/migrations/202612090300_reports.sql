-- Saved reports (issue 13, decision G-reports): which participants (filters), which fields and activities, kept per
-- study and data space; running one reads the current data for whoever opens it.
create table reports (
  id uuid primary key default gen_random_uuid(),
  study_id uuid not null references studies(id),
  environment text not null check (environment in ('LIVE', 'TEST')),
  name text not null check (length(name) between 1 and 120),
  definition jsonb not null,
  created_by uuid not null references users(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index reports_study on reports (study_id, environment, updated_at desc);
