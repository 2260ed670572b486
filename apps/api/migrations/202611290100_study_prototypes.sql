-- Prototypes of a study's draft (C-006, C-064; decision 0043): a frozen copy of the draft's content that the
-- participant portal shows through a secret link, for the study team's preview or for reviewers to share.
-- Only the token's SHA-256 is kept; the link is shown once.
create table study_prototypes (
  id uuid primary key default gen_random_uuid(),
  study_id uuid not null references studies(id),
  version_id uuid not null references study_versions(id),
  version_number integer not null,
  content jsonb not null,
  purpose text not null check (purpose in ('PREVIEW', 'SHARE')),
  token_hash text not null unique,
  note text,
  created_by uuid not null references users(id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_by uuid references users(id)
);
create index study_prototypes_study on study_prototypes (study_id, created_at);
