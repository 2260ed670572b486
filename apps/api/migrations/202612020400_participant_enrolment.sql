-- How a participant gets an account from the portal (decisions D-055…D-058, D-097): the registration's facts on
-- the participant (contact for the code, how it was verified, when and how they registered), the screening
-- attempts of open enrolment, the account-verification codes and links, and invitation links.
-- Runs unchanged on PostgreSQL 15+ and on PGlite. Columns are added "if not exists": participant management
-- may add the same registration facts.

alter table participants add column if not exists mobile text;
alter table participants add column if not exists mobile_country_code text;
alter table participants add column if not exists verification_method text not null default 'email';
alter table participants add column if not exists verification_opt_in_sms boolean not null default false;
alter table participants add column if not exists registration_date timestamptz;
alter table participants add column if not exists registration_process text;
alter table participants add column if not exists verified_at timestamptz;
alter table participants add constraint participants_enrolment_verification_method_check
  check (verification_method in ('email', 'phone'));
alter table participants add constraint participants_enrolment_registration_process_check
  check (registration_process is null or registration_process in ('OPEN_ENROLMENT', 'INVITATION'));
-- "Duplicate e-mail in the study" is looked up by the lower-cased address.
create index participants_email_idx on participants (study_id, environment, lower(email)) where email is not null;

-- An eligibility screening answered from the study link. No identity: a failed one keeps only its outcome; a
-- passed one keeps the answers (the eligibility record) and, once used, the participant who registered with it.
create table participant_screenings (
  id uuid primary key default gen_random_uuid(),
  study_id uuid not null references studies(id),
  environment text not null check (environment in ('LIVE', 'TEST')),
  version_id uuid not null references study_versions(id),
  outcome text not null check (outcome in ('PRESCREENED', 'SCREENFAILED')),
  answers jsonb,
  participant_id uuid references participants(id),
  created_at timestamptz not null default now(),
  used_at timestamptz,
  check (outcome = 'PRESCREENED' or (answers is null and participant_id is null))
);
create index participant_screenings_study_idx on participant_screenings (study_id, environment, created_at);

-- Account verification after registration: a 6-digit code (stored as its sha256) sent by e-mail or text
-- message, and with e-mail a link token (sha256 too). A new code ends the open one; attempts are counted per code.
create table participant_verifications (
  id uuid primary key default gen_random_uuid(),
  participant_id uuid not null references participants(id),
  channel text not null check (channel in ('email', 'sms')),
  destination text not null,
  code_hash text not null,
  code_expires_at timestamptz not null,
  link_token_hash text unique,
  link_expires_at timestamptz,
  attempts integer not null default 0,
  consumed_at timestamptz,
  created_at timestamptz not null default now()
);
create index participant_verifications_participant_idx on participant_verifications (participant_id, created_at);

-- Invitation links (#/participants/web/{studyCode}/register/{token}) are single-use password tokens.
alter table password_tokens drop constraint password_tokens_purpose_check;
alter table password_tokens add constraint password_tokens_purpose_check
  check (purpose in ('reset', 'invite', 'participant_reset', 'register', 'participant_invite'));
