-- Messages from site staff to participants (issue 12; E-015, E-024, E-111…E-113; decision E-messages): a message
-- written once (subject and plain-text body), its audience as chosen (participants picked, sites, or the whole study,
-- narrowed by status), its channels (in the portal always; e-mail, SMS and push as chosen), and one row per recipient
-- with what each channel did for them (queued, or why not) and when they read it in the portal.
-- Runs unchanged on PostgreSQL 15+ and on PGlite.
create table participant_messages (
  id uuid primary key default gen_random_uuid(),
  study_id uuid not null references studies(id),
  environment text not null check (environment in ('LIVE', 'TEST')),
  sent_by uuid not null references users(id),
  sent_at timestamptz not null default now(),
  subject text not null check (char_length(subject) between 1 and 150),
  body text not null check (char_length(body) between 1 and 5000),
  audience text not null check (audience in ('PARTICIPANTS', 'SITES', 'STUDY')),
  -- the sites and statuses chosen (json arrays of ids and status codes); empty: none chosen
  audience_site_ids jsonb not null default '[]',
  audience_statuses jsonb not null default '[]',
  by_email boolean not null,
  by_sms boolean not null,
  by_push boolean not null,
  recipient_count integer not null check (recipient_count > 0)
);
-- The study's sent list, newest first, per data space (E-111).
create index participant_messages_study on participant_messages (study_id, environment, sent_at desc);

create table participant_message_recipients (
  message_id uuid not null references participant_messages(id),
  participant_id uuid not null references participants(id),
  -- where the participant was when it was sent: a site's sent list and its counts read this
  site_id uuid not null references sites(id),
  email_state text not null check (email_state in ('NOT_CHOSEN', 'QUEUED', 'NO_ADDRESS', 'UNSUBSCRIBED', 'NOTIFICATIONS_OFF')),
  -- the outbox row of the e-mail or text (its delivery state is read from there)
  email_outbox_id uuid,
  sms_state text not null check (sms_state in ('NOT_CHOSEN', 'QUEUED', 'NO_NUMBER', 'NOT_OPTED_IN', 'NOTIFICATIONS_OFF')),
  sms_outbox_id uuid,
  push_state text not null check (push_state in ('NOT_CHOSEN', 'QUEUED', 'NO_DEVICE', 'NOTIFICATIONS_OFF')),
  push_devices integer not null default 0,
  read_at timestamptz,
  primary key (message_id, participant_id),
  check ((email_state = 'QUEUED') = (email_outbox_id is not null)),
  check ((sms_state = 'QUEUED') = (sms_outbox_id is not null)),
  check ((push_state = 'QUEUED') = (push_devices > 0))
);
-- A participant's messages (E-015, the portal), and a site's share of a message.
create index participant_message_recipients_participant on participant_message_recipients (participant_id);
create index participant_message_recipients_site on participant_message_recipients (message_id, site_id);

-- A push notification of a staff message goes through the push queue like the test push (decision E-messages).
alter table push_messages drop constraint push_messages_kind_check;
alter table push_messages add constraint push_messages_kind_check check (kind in ('test', 'message'));
