-- Study versions and their content (issue 9, docs/decisions/0020-study-versions-and-content.md).
-- A study has versions; its content (branding, welcome screens, web pages, …) lives in one jsonb per
-- version. A DRAFT is edited section by section, each section with its own revision counter for
-- optimistic concurrency; publishing freezes the content into `snapshot`. At most one draft per study.

-- The study lifecycle decided for C-097 (packages/domain/src/study/lifecycle.ts).
alter table studies drop constraint studies_status_check;
alter table studies add constraint studies_status_check
  check (status in ('DESIGN', 'LIVE', 'PAUSED', 'CLOSED', 'ARCHIVED', 'DELETED'));

alter table studies add column description text;
alter table studies add column therapeutic_area text;
-- Optimistic concurrency of the study's own fields (name, description, languages, …).
alter table studies add column revision integer not null default 0;

create table study_versions (
  id uuid primary key default gen_random_uuid(),
  study_id uuid not null references studies(id),
  -- studyVersionNumber (002 §3): 1, 2, … per study, never reused.
  number integer not null check (number > 0),
  name text not null,
  -- The name as compared for uniqueness (the domain's versionNameKey: case, spacing, width folded).
  name_key text not null,
  status text not null default 'DRAFT' check (status in ('DRAFT', 'PUBLISHED', 'ARCHIVED')),
  content jsonb not null,
  snapshot jsonb,
  revision integer not null default 0,
  section_revisions jsonb not null default '{}'::jsonb,
  notes text,
  created_by uuid references users(id),
  created_at timestamptz not null default now(),
  updated_by uuid references users(id),
  updated_at timestamptz not null default now(),
  published_by uuid references users(id),
  published_at timestamptz,
  unique (study_id, number),
  unique (study_id, name_key),
  -- A published or archived version was published, by someone, and its content is frozen.
  check ((status = 'DRAFT') = (published_at is null)),
  check (status = 'DRAFT' or snapshot is not null)
);
-- One draft per study: two people creating a version at once get one draft, not two.
create unique index study_versions_one_draft on study_versions (study_id) where status = 'DRAFT';

-- The version each data space runs: the test space shows what is being built, live only what was
-- published to it explicitly.
alter table studies add column test_version_id uuid references study_versions(id);
alter table studies add column live_version_id uuid references study_versions(id);
