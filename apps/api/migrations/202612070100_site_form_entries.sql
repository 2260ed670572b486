-- EDC: site staff enter data capture forms (issue 12; E-012, E-013; decision E-edc). One entry per scheduled form
-- (task + activity), or one per unscheduled form started by staff (task_id null). The answers are the AnswerMap of the
-- form's shown questions; each change is audited item by item with its old value and reason for change. A signature
-- (21 CFR 11.50: who, when, what it means) is cleared by any later change; a lock blocks every change until it is
-- lifted with a reason. Runs unchanged on PostgreSQL 15+ and on PGlite.
create table site_form_entries (
  id uuid primary key default gen_random_uuid(),
  participant_id uuid not null references participants(id),
  study_id uuid not null references studies(id),
  -- the participant's site when last written (their current site decides access)
  site_id uuid not null references sites(id),
  environment text not null check (environment in ('LIVE', 'TEST')),
  version_id uuid not null references study_versions(id),
  activity_id text not null,
  task_id uuid references participant_tasks(id),
  answers jsonb not null default '{}'::jsonb,
  status text not null default 'NOT_STARTED' check (status in ('NOT_STARTED', 'IN_PROGRESS', 'COMPLETED', 'SIGNED')),
  created_by uuid not null references users(id),
  updated_by uuid not null references users(id),
  signed_by uuid references users(id),
  signer_name text,
  signature_meaning text,
  signed_at timestamptz,
  locked_at timestamptz,
  locked_by uuid references users(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- a signed entry says who signed, when and what it means; any other says none of it
  check ((status = 'SIGNED') = (signed_at is not null)),
  check ((signed_at is null) = (signed_by is null)),
  check ((locked_at is null) = (locked_by is null))
);
-- One entry per scheduled form: two first saves racing cannot both stay.
create unique index site_form_entries_scheduled on site_form_entries (task_id, activity_id) where task_id is not null;
create index site_form_entries_participant on site_form_entries (participant_id, created_at);
create index site_form_entries_site on site_form_entries (study_id, site_id, environment);

-- A site's data lock in one data space: while it stands no new entry is made there (existing entries are locked
-- one by one when it is set, and may be unlocked one by one for a correction).
create table site_form_locks (
  site_id uuid not null references sites(id),
  environment text not null check (environment in ('LIVE', 'TEST')),
  study_id uuid not null references studies(id),
  locked_by uuid not null references users(id),
  locked_at timestamptz not null default now(),
  primary key (site_id, environment)
);
