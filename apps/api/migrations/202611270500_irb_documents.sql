-- IRB/EC documentation of a study version (C-100, C-101, C-102; decision 0035): each generated PDF is a
-- stored file (the files module's stored_files, kind 'irb'); this table says which study and version it
-- documents and which version it was compared with.
create table irb_documents (
  id uuid primary key default gen_random_uuid(),
  study_id uuid not null references studies (id),
  version_id uuid not null references study_versions (id),
  compared_with_version_id uuid references study_versions (id),
  file_id uuid not null references stored_files (id),
  language text not null,
  created_by uuid references users (id),
  created_at timestamptz not null default now()
);
create index irb_documents_study on irb_documents (study_id, created_at desc);
