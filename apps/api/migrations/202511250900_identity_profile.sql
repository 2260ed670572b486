-- Identity and profile (Foundation audit gaps A-034, A-056, A-062–A-065, A-071, A-077–A-079, A-165):
-- profile fields and images, one-time-code purposes, e-mail change, registration by invitation,
-- client short code, study features. Runs on PostgreSQL 15+ and PGlite.

-- Client short code (A-034: the client identity's clientId, e.g. 'trialpath-demo').
alter table clients add column code text;
update clients
   set code = coalesce(nullif(trim(both '-' from lower(regexp_replace(name, '[^A-Za-z0-9]+', '-', 'g'))), ''), 'client')
 where code is null;
alter table clients alter column code set not null;
alter table clients add constraint clients_code_key unique (code);

-- Staff profile (000 §3): work number, licence type, e-mail verification state, client member, image.
-- Registration by invitation (A-077–A-079): the invitee chooses the username, so it may be null until then.
alter table users alter column username drop not null;
alter table users add column work_number text;
alter table users add column license_type text;
alter table users add column otp_verified boolean not null default true;
alter table users add column pending_email text;
alter table users add column client_member_id uuid;
alter table users add column profile_image_at timestamptz;

-- Profile images: in the database until file storage exists (one image per user).
create table user_profile_images (
  user_id uuid primary key references users(id),
  content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp')),
  byte_size integer not null,
  data bytea not null,
  updated_at timestamptz not null default now()
);

-- One-time codes share the two-factor machinery; `purpose` keeps each kind to its own verify call.
-- A decoy challenge (unknown account) has no user and a code hash nothing can match.
alter table mfa_challenges add column purpose text not null default 'sign-in'
  check (purpose in ('sign-in', 'otp-verified', 'reset-password', 'mobile', 'email-change'));
alter table mfa_challenges alter column user_id drop not null;
create index mfa_challenges_user_idx on mfa_challenges (user_id, purpose) where consumed_at is null;

-- Registration links (#/register/{token}).
alter table password_tokens drop constraint password_tokens_purpose_check;
alter table password_tokens add constraint password_tokens_purpose_check
  check (purpose in ('reset', 'invite', 'participant_reset', 'register'));

-- Study features (A-165): the toggled-features call.
alter table studies add column features jsonb not null default '{}'::jsonb;
