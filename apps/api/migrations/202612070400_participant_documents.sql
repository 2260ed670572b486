-- Participant documents and e-signature (issue 12; E-089…E-109; decision E-participant-documents). A study document
-- (study_documents) sent to one participant, as the exact file it was then (file_id, document_hash): its signature
-- status, the request (req_sign_date), whether the investigator signs after the participant, invalidation (with the
-- copy sent again pointing back at the one it replaces), the signatures (21 CFR 11.50/11.70: printed name, time,
-- meaning, image, bound to the document's hash) and every step as a history row. Runs on PostgreSQL 15+ and PGlite.
create table participant_documents (
  id uuid primary key default gen_random_uuid(),
  study_id uuid not null references studies(id),
  participant_id uuid not null references participants(id),
  environment text not null check (environment in ('LIVE', 'TEST')),
  study_document_id uuid not null references study_documents(id),
  -- the document as it was sent: the stored file and the sha-256 of its bytes (what a signature is bound to)
  file_id uuid not null references stored_files(id),
  document_hash text not null,
  title text not null,
  status text not null default 'SIGNATURE_INIT'
    check (status in ('SIGNATURE_INIT', 'IN_PROGRESS', 'RESET', 'COMPLETED')),
  -- the signature was asked for on this date (E-094 reqSignDate); null while not asked
  req_sign_date timestamptz,
  -- the investigator signs after the participant (E-095, or the site's configuration E-096)
  pi_signature_required boolean not null default false,
  -- the PDF with the signature page, made when a signature is given
  signed_file_id uuid references stored_files(id),
  is_invalidate boolean not null default false,
  invalidated_at timestamptz,
  invalidated_by uuid references users(id),
  invalidate_reason text,
  -- the copy sent again points at the invalidated one it replaces (E-090 inValidateDocumentId)
  invalidated_document_id uuid references participant_documents(id),
  sent_by uuid not null references users(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (is_invalidate = (invalidated_at is not null))
);
create index participant_documents_participant on participant_documents (participant_id, created_at);
create index participant_documents_study on participant_documents (study_id, environment, status, created_at);
create index participant_documents_source on participant_documents (study_document_id, environment);
-- one copy of a study document per participant that is not invalidated
create unique index participant_documents_one_live on participant_documents (participant_id, study_document_id)
  where not is_invalidate;

-- The electronic signatures of a participant document: the participant's, then the investigator's.
create table participant_document_signatures (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references participant_documents(id),
  signer_role text not null check (signer_role in ('PARTICIPANT', 'PI')),
  participant_id uuid references participants(id),
  user_id uuid references users(id),
  -- 11.50: the printed name, the date and time, the meaning
  printed_name text not null,
  meaning text not null,
  signed_at timestamptz not null default now(),
  -- a PNG data URL; null when the signer typed their name only
  signature_image text,
  -- 11.70: the hash of the document bytes that were signed
  document_hash text not null,
  request_id uuid unique,
  ip text,
  user_agent text,
  check ((signer_role = 'PARTICIPANT') = (participant_id is not null)),
  check ((signer_role = 'PI') = (user_id is not null)),
  unique (document_id, signer_role)
);

-- What happened to a participant document, in order (E-093).
create table participant_document_events (
  id uuid primary key default gen_random_uuid(),
  -- the order of the steps (several may share one transaction's time)
  seq bigint generated always as identity,
  document_id uuid not null references participant_documents(id),
  event text not null,
  status text not null,
  at timestamptz not null default now(),
  -- who: a staff user, or the participant (both null: the system)
  user_id uuid references users(id),
  participant_id uuid references participants(id),
  note text
);
create index participant_document_events_document on participant_document_events (document_id, at);

-- Per site: documents sent there are signed by the investigator after the participant (E-096).
create table participant_document_site_settings (
  study_id uuid not null references studies(id),
  site_id uuid not null references sites(id),
  pi_signature_required boolean not null,
  updated_by uuid not null references users(id),
  updated_at timestamptz not null default now(),
  primary key (study_id, site_id)
);
