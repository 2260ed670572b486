-- Participant status changes made by staff (issue 12, decision E-046): from, to, the reason code and text, who and
-- when. The audit trail holds them too; this table answers the profile's history and the analytics' reasons.
create table participant_status_changes (
  id uuid primary key default gen_random_uuid(),
  participant_id uuid not null references participants(id),
  study_id uuid not null references studies(id),
  environment text not null check (environment in ('LIVE', 'TEST')),
  from_status text not null,
  to_status text not null,
  reason_code text,
  reason text not null,
  changed_by uuid not null references users(id),
  changed_at timestamptz not null default now()
);
create index participant_status_changes_participant on participant_status_changes (participant_id, changed_at);
create index participant_status_changes_study on participant_status_changes (study_id, environment, to_status, changed_at);
