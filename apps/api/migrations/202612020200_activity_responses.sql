-- The participants' activity results (issue 11, decision B-091): one row per submission, the answers as the
-- payload's result entries, with the score and the soft data checks the server worked out when it stored them.
-- `client_uuid` is the payload's uuidFromMobile: the same participant and uuid are stored once (a repeat reads
-- the first row back), whatever the number of requests racing to store it.
create table activity_responses (
  id uuid primary key default gen_random_uuid(),
  participant_id uuid not null references participants(id),
  -- the participant's study, site, environment and version, and the version's revision of the activity, as
  -- the server read them for this submission (no foreign keys: each one would take a share lock on the same few
  -- study, version and activity rows in every concurrent submission)
  study_id uuid not null,
  version_id uuid not null,
  site_id uuid not null,
  environment text not null check (environment in ('LIVE', 'TEST')),
  activity_id uuid not null,
  revision_id uuid not null,
  -- null: an answer given outside a scheduled task (an activity of the version answered on demand)
  task_id uuid references participant_tasks(id),
  client_uuid text not null,
  device_id text not null,
  -- the language the answers were checked in (texts of the recorded data checks and warnings)
  language text not null,
  answers jsonb not null,
  score jsonb,
  data_checks jsonb not null default '[]',
  warnings jsonb not null default '{}',
  -- completion as the device gave it: the instant (UTC), the local wall-clock time and its offset (`+HH:mm`)
  completed_at timestamptz not null,
  completed_local text not null,
  completed_offset text not null,
  created_at timestamptz not null default now(),
  -- the idempotency key, and the index of a participant's own lookups
  unique (participant_id, client_uuid)
);

-- A stored result is the source record (21 CFR 11.10): it is never changed or removed in place. A correction
-- is a new record of its own, audited with its reason.
create function activity_responses_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'activity_responses are kept as submitted: % refused', tg_op;
end;
$$;
create trigger activity_responses_no_change before update or delete on activity_responses
  for each row execute function activity_responses_refuse_change();
create trigger activity_responses_no_truncate before truncate on activity_responses
  for each statement execute function activity_responses_refuse_change();
