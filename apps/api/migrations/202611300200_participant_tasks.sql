-- Each participant's tasks, made from their study version's schedule plan (issue 10, decision 0044). A task
-- is identified per participant by its key (schedule id and study day); a withdrawn task stays for the record
-- and frees its key (its key is suffixed with its id). The job that makes them works in batches, each batch one transaction that also moves the
-- job's cursor, so a job cut short resumes where it stopped and never makes a task twice.
alter table participants add column time_zone text not null default 'UTC';
alter table participants add column day_zero date;
alter table participants add column version_id uuid references study_versions(id);

create table participant_milestones (
  participant_id uuid not null references participants(id),
  milestone_id text not null,
  date date not null,
  set_by uuid references users(id),
  set_at timestamptz not null default now(),
  primary key (participant_id, milestone_id)
);

create table participant_tasks (
  id uuid primary key default gen_random_uuid(),
  participant_id uuid not null references participants(id),
  -- the study and version are the participant's (no foreign keys: half a million rows are written per job, and
  -- each key checked costs as much as the row itself)
  study_id uuid not null,
  version_id uuid not null,
  schedule_id text not null,
  task_key text not null,
  target_kind text not null check (target_kind in ('activity', 'packet')),
  target_id text not null,
  start_day integer not null,
  end_day integer,
  opens_at timestamptz not null,
  closes_at timestamptz,
  delivery text not null,
  telehealth boolean not null default false,
  status text not null default 'SCHEDULED' check (status in ('SCHEDULED', 'COMPLETED', 'EXPIRED', 'WITHDRAWN')),
  answered_at timestamptz,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- a withdrawn task's key gets its id appended, which frees the key for a task planned there again
create unique index participant_tasks_key on participant_tasks (participant_id, task_key);
-- the unique index serves the task list too (a participant has tens to hundreds of tasks: sorting them is
-- cheaper than keeping a second index up to date on every one of half a million inserts)

create table schedule_jobs (
  id uuid primary key default gen_random_uuid(),
  study_id uuid not null references studies(id),
  version_id uuid not null references study_versions(id),
  -- one participant, or every participant on the version (a version change)
  participant_id uuid references participants(id),
  environment text not null check (environment in ('LIVE', 'TEST')),
  status text not null default 'INPROGRESS' check (status in ('INPROGRESS', 'SUCCEEDED', 'FAILED')),
  cursor uuid,
  total integer not null default 0,
  processed integer not null default 0,
  added integer not null default 0,
  moved integer not null default 0,
  withdrawn integer not null default 0,
  report jsonb not null default '[]',
  error text,
  attempts integer not null default 0,
  leased_until timestamptz,
  created_by uuid references users(id),
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index schedule_jobs_due on schedule_jobs (status, created_at);
