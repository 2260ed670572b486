-- File storage and study documents (issue 9, docs/decisions/0033-file-storage-and-documents.md).
-- The bytes live in the file store (a directory under the data directory, or S3-compatible object
-- storage); the database holds one metadata row per stored file, named by the file's id.

create table stored_files (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references clients(id),
  study_id uuid references studies(id),
  -- What the file is for: logo, icon, document, disclaimer, irb, … (the files module's FILE_KINDS).
  kind text not null,
  content_type text not null,
  byte_size integer not null check (byte_size >= 0),
  sha256 text not null,
  file_name text,
  created_by uuid references users(id),
  created_at timestamptz not null default now(),
  -- Set when the file was deleted: the row stays for the audit trail, the bytes are gone.
  deleted_at timestamptz
);
create index stored_files_study on stored_files (study_id, kind);

-- A study's custom documents and resources (002 §3, §7; 000 §4), per site or for the whole study.
create table study_documents (
  id uuid primary key default gen_random_uuid(),
  study_id uuid not null references studies(id),
  -- null: every site of the study.
  site_id uuid references sites(id),
  file_id uuid not null references stored_files(id),
  -- Per language: {"en": "...", "es": "..."}.
  title jsonb not null,
  description jsonb not null default '{}'::jsonb,
  -- Activated (true) or deactivated (false).
  status boolean not null default true,
  -- false once soft-deleted (000 §4).
  active boolean not null default true,
  is_selected_for_participants_only boolean not null default false,
  activate_for_more_participants boolean not null default false,
  page_count integer not null default 1 check (page_count > 0),
  disclaimer_file_id uuid references stored_files(id),
  revision integer not null default 0,
  created_by uuid references users(id),
  created_at timestamptz not null default now(),
  updated_by uuid references users(id),
  updated_at timestamptz not null default now()
);
create index study_documents_study on study_documents (study_id, site_id);
