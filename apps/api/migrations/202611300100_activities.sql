-- Activities and their revisions (issue 10, decision 0044): the client's activity library (study_id null)
-- and each study's own activities and data capture forms. A revision holds one definition of the domain's
-- activity model; a DRAFT revision is edited in place, an ACTIVE or RETIRED one never changes again (a new
-- revision is made instead), so answers stay tied to the definition they were given against.
create table activity_groups (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references clients(id),
  name text not null,
  name_key text not null,
  description text,
  created_by uuid not null references users(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (client_id, name_key)
);

create table activities (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references clients(id),
  study_id uuid references studies(id),
  kind text not null check (kind in ('survey', 'epro', 'edro', 'dataCaptureForm')),
  identifier text not null,
  identifier_key text not null,
  title jsonb not null,
  tags text[] not null default '{}',
  group_id uuid references activity_groups(id),
  copied_from uuid references activities(id),
  archived_at timestamptz,
  archived_by uuid references users(id),
  revision integer not null default 1,
  created_by uuid not null references users(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- the library's scope is the client; a study's is the study (uuid nil stands for "the library")
  scope_id uuid not null
);
create unique index activities_identifier on activities (client_id, scope_id, identifier_key);
create index activities_scope on activities (client_id, scope_id, kind, updated_at);

create table activity_revisions (
  id uuid primary key default gen_random_uuid(),
  activity_id uuid not null references activities(id),
  number integer not null,
  status text not null check (status in ('DRAFT', 'ACTIVE', 'RETIRED')),
  definition jsonb not null,
  lock_version integer not null default 1,
  created_by uuid not null references users(id),
  created_at timestamptz not null default now(),
  updated_by uuid not null references users(id),
  updated_at timestamptz not null default now(),
  status_changed_at timestamptz,
  unique (activity_id, number)
);
-- at most one revision of an activity is being edited at a time
create unique index activity_revisions_one_draft on activity_revisions (activity_id) where status = 'DRAFT';
