-- Signed consents (issue 11, decision D-consent-signature): a participant's electronic signature of one consent of their study
-- version, bound to the hash of the consent as that version holds it; the investigator's countersignature; the
-- signed PDF in the file store. One signature per participant, version and consent; a new version that changes
-- a consent asks for a new one (re-consent). The participant's cohort decides which consents they sign.
alter table participants add column cohort_id text;

create table consent_signatures (
  id uuid primary key default gen_random_uuid(),
  participant_id uuid not null references participants(id),
  study_id uuid not null references studies(id),
  version_id uuid not null references study_versions(id),
  environment text not null check (environment in ('LIVE', 'TEST')),
  consent_id text not null,
  content_hash text not null,
  -- the portal's id of the signing attempt: the same request twice is a replay
  request_id uuid not null unique,
  signed_at timestamptz not null default now(),
  local_offset text not null,
  participant_name text not null,
  meaning text not null,
  language text not null,
  drawn_signature text,
  accepted_disclaimers jsonb not null default '[]',
  optional_consents jsonb not null default '{}',
  quiz_attempts integer not null default 0,
  ip text,
  user_agent text,
  pdf_file_id uuid references stored_files(id),
  countersigned_at timestamptz,
  countersigned_by uuid references users(id),
  countersigner_name text,
  countersign_meaning text,
  unique (participant_id, version_id, consent_id)
);
create index consent_signatures_participant on consent_signatures (participant_id, signed_at);
create index consent_signatures_study on consent_signatures (study_id, environment, consent_id);
