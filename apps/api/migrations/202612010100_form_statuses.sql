-- Form statuses, the study start, a participant's pause and the investigator's sign-off (issue 10, decision
-- 0046; E-123, E-130…E-136).
alter table participants add column start_confirmed_at timestamptz;
alter table participants add column start_pi_confirmed_at timestamptz;
alter table participants add column start_pi_confirmed_by uuid references users(id);
alter table participants add column start_rescheduled boolean not null default false;
alter table participants add column activities_disabled boolean not null default false;
alter table participants add column notifications_disabled boolean not null default false;

-- An investigator's signature over a participant's forms (21 CFR 11.50: who, when, what it means); the forms
-- it covered are kept as they stood when signed.
create table participant_signoffs (
  id uuid primary key default gen_random_uuid(),
  participant_id uuid not null references participants(id),
  study_id uuid not null references studies(id),
  milestone_id text,
  signed_by uuid not null references users(id),
  signer_name text not null,
  meaning text not null,
  forms jsonb not null,
  signed_at timestamptz not null default now()
);
create index participant_signoffs_participant on participant_signoffs (participant_id, signed_at);

-- A status staff set on one form (a task's activity, or one form of a packet task); a form without a row has
-- the status its task implies. The sign-off that covers the form as it now stands, if any: a later change
-- clears it.
create table participant_form_statuses (
  task_id uuid not null references participant_tasks(id),
  activity_id text not null,
  participant_id uuid not null references participants(id),
  status text not null check (status in ('NOT_STARTED', 'IN_PROGRESS', 'COMPLETED', 'NOT_DONE')),
  reason text,
  set_by uuid references users(id),
  set_at timestamptz not null default now(),
  signoff_id uuid references participant_signoffs(id),
  primary key (task_id, activity_id)
);
create index participant_form_statuses_participant on participant_form_statuses (participant_id);
