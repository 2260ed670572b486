-- Participant site transfers (issue 12; E-022, E-114…E-118; decision E-site-transfers): a request to move a
-- participant to another site of their study, with its reason, reviewed by the receiving site (approved or refused,
-- with a review reason) or cancelled. An approval moves the participant (participants.site_id) in the same
-- transaction. Runs unchanged on PostgreSQL 15+ and on PGlite.
create table site_transfers (
  id uuid primary key default gen_random_uuid(),
  participant_id uuid not null references participants(id),
  study_id uuid not null references studies(id),
  environment text not null check (environment in ('LIVE', 'TEST')),
  from_site_id uuid not null references sites(id),
  to_site_id uuid not null references sites(id),
  status text not null default 'PENDING' check (status in ('PENDING', 'APPROVED', 'REFUSED', 'CANCELLED')),
  reason text not null,
  requested_by uuid not null references users(id),
  requested_at timestamptz not null default now(),
  -- who closed the request and why: the reviewer who approved or refused it, or the person who cancelled it
  reviewed_by uuid references users(id),
  reviewed_at timestamptz,
  review_reason text,
  check (from_site_id <> to_site_id),
  -- a closed request always says who closed it, when and why; an open one says none of it
  check ((status = 'PENDING') = (reviewed_by is null)),
  check ((reviewed_by is null) = (reviewed_at is null)),
  check ((reviewed_by is null) = (review_reason is null))
);
-- One open request per participant at a time: two requests racing past the service's check still cannot both stay.
create unique index site_transfers_one_pending on site_transfers (participant_id) where status = 'PENDING';
-- A participant's transfers, newest first (E-116).
create index site_transfers_participant on site_transfers (participant_id, requested_at);
-- The study's list (E-117, E-022): by data space and status, newest first.
create index site_transfers_study on site_transfers (study_id, environment, status, requested_at);
