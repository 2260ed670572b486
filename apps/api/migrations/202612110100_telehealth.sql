-- Telehealth appointments and availability (issue 15, decision F-appointments).
--
-- Availability is a person's working time at a site, the same in both data spaces (a test booking still blocks the
-- person's time): per study, site and telehealth team member, weekly windows of wall-clock time
-- ([{ "weekday": 1-7, "start": "HH:MM", "end": "HH:MM" }]) read in an IANA time zone. Saving replaces the row.
create table telehealth_availability (
  study_id uuid not null references studies(id),
  site_id uuid not null references sites(id),
  user_id uuid not null references users(id),
  time_zone text not null check (length(time_zone) between 1 and 64),
  windows jsonb not null default '[]',
  updated_by uuid references users(id),
  updated_at timestamptz not null default now(),
  primary key (study_id, site_id, user_id)
);
create index telehealth_availability_user on telehealth_availability (user_id);

-- An appointment is a participant record (LIVE or TEST like the participant): booked for one of the participant's
-- telehealth tasks (SCHEDULED) or outside the schedule (UNSCHEDULED), held by a telehealth member of the
-- participant's site. The participant status code of 001 §4 is derived from its state, never stored.
create table appointments (
  id uuid primary key default gen_random_uuid(),
  study_id uuid not null references studies(id),
  site_id uuid not null references sites(id),
  participant_id uuid not null references participants(id),
  environment text not null check (environment in ('LIVE', 'TEST')),
  host_id uuid not null references users(id),
  visit_type text not null
    check (visit_type in ('telehealth', 'videocall', 'in-person', 'officevisit', 'homevisit', 'phonecall')),
  kind text not null check (kind in ('SCHEDULED', 'UNSCHEDULED')),
  task_id uuid references participant_tasks(id),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  state text not null default 'BOOKED' check (state in (
    'BOOKED', 'INITIATED', 'RINGING', 'ARRIVED', 'ON_CALL', 'ON_HOLD',
    'LWBS', 'INCOMPLETE', 'COMPLETE', 'CANCELLED', 'NO_SHOW'
  )),
  note text check (length(note) <= 500),
  created_by uuid not null references users(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- the reason given when it was cancelled or its outcome recorded
  ended_reason text,
  check (ends_at > starts_at),
  check ((kind = 'SCHEDULED') = (task_id is not null))
);
-- the staff list: a study's data space by site and start
create index appointments_list on appointments (study_id, environment, site_id, starts_at);
-- a host's appointments around a time (overlap checks, free slots)
create index appointments_host on appointments (host_id, starts_at);
create index appointments_participant on appointments (participant_id, starts_at);
-- a task has at most one appointment that has not ended
create unique index appointments_task_live on appointments (task_id)
  where task_id is not null and state not in ('LWBS', 'INCOMPLETE', 'COMPLETE', 'CANCELLED', 'NO_SHOW');
