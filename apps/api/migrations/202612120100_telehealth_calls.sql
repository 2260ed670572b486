-- Video calls of telehealth visits (issue 15, decision F-calls). A call belongs to one appointment (an unscheduled
-- call makes one for now) and so to its participant, site and data space. At most one call of a participant runs at
-- a time. The staff members in it are its members: the one who started it, and colleagues invited into it.
create table telehealth_calls (
  id uuid primary key default gen_random_uuid(),
  study_id uuid not null references studies(id),
  site_id uuid not null references sites(id),
  participant_id uuid not null references participants(id),
  appointment_id uuid not null references appointments(id),
  environment text not null check (environment in ('LIVE', 'TEST')),
  kind text not null check (kind in ('SCHEDULED', 'UNSCHEDULED')),
  state text not null default 'INITIATED' check (state in ('INITIATED', 'CONNECTED', 'ENDED')),
  started_by uuid not null references users(id),
  started_at timestamptz not null default now(),
  -- the participant: when they joined first (their stream arrived: the call-start time), their device's offset
  participant_joined_at timestamptz,
  participant_offset integer,
  ended_at timestamptz,
  end_reason text check (end_reason in ('HANG_UP', 'LAST_STREAM_GONE', 'NO_PARTICIPANT', 'DECLINED')),
  ended_by uuid references users(id),
  check ((state = 'ENDED') = (ended_at is not null))
);
create unique index telehealth_calls_running on telehealth_calls (participant_id) where state <> 'ENDED';
-- the job that ends unanswered unscheduled calls reads the running ones by their start
create index telehealth_calls_unanswered on telehealth_calls (started_at) where state = 'INITIATED';
create index telehealth_calls_appointment on telehealth_calls (appointment_id);

create table telehealth_call_members (
  call_id uuid not null references telehealth_calls(id),
  user_id uuid not null references users(id),
  invited_by uuid references users(id),
  invited_at timestamptz not null default now(),
  joined_at timestamptz,
  left_at timestamptz,
  primary key (call_id, user_id)
);
create index telehealth_call_members_user on telehealth_call_members (user_id);
