-- Study version lifecycle (issue 9, docs/decisions/0030-versions-publish-live-assignments-diff.md):
-- version numbers that never come back, and which sites and countries use which version.

-- The last studyVersionNumber a study gave out (C-167): a deleted draft's number is not given again.
create table study_version_counters (
  study_id uuid primary key references studies(id),
  last_number integer not null check (last_number >= 0)
);
insert into study_version_counters (study_id, last_number)
  select study_id, max(number) from study_versions group by study_id;

-- Version assignments (C-076): a site or a whole country of a study runs another version than its
-- data space's (studies.live_version_id / test_version_id) — e.g. a country whose ethics committee has
-- not approved the amendment yet stays on the approved version. Per data space; a site's own
-- assignment wins over its country's.
create table version_assignments (
  id uuid primary key default gen_random_uuid(),
  study_id uuid not null references studies(id),
  environment text not null check (environment in ('LIVE', 'TEST')),
  version_id uuid not null references study_versions(id),
  site_id uuid references sites(id),
  country_id text references countries(id),
  assigned_by uuid references users(id),
  assigned_at timestamptz not null default now(),
  check ((site_id is null) <> (country_id is null))
);
create unique index version_assignments_site on version_assignments (study_id, environment, site_id)
  where site_id is not null;
create unique index version_assignments_country on version_assignments (study_id, environment, country_id)
  where country_id is not null;
create index version_assignments_version on version_assignments (version_id);
