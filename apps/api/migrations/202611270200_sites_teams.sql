-- Sites and teams (issue 9, decision 0032): site details and a status per data space (C-147, C-148,
-- C-150), the global site settings of a study (C-159), and team memberships that can be deactivated
-- and, at a site, blinded (C-155, C-157).

alter table sites add column address text not null default '';
alter table sites add column city text not null default '';
alter table sites add column postal_code text not null default '';
alter table sites add column contact_name text not null default '';
alter table sites add column contact_email text not null default '';
alter table sites add column contact_phone text not null default '';
-- The site's status in the test and in the live data space: the page's address decides which one a call sees.
alter table sites add column test_status text not null default 'ACTIVE'
  check (test_status in ('PENDING', 'ACTIVE', 'ON_HOLD', 'CLOSED'));
alter table sites add column live_status text not null default 'ACTIVE'
  check (live_status in ('PENDING', 'ACTIVE', 'ON_HOLD', 'CLOSED'));
alter table sites add column updated_at timestamptz not null default now();

create table study_site_settings (
  study_id uuid primary key references studies(id),
  is_add_participant_global_setting_enabled boolean not null default false,
  is_document_global_setting_enabled boolean not null default false,
  is_download_esource_docs_enabled boolean not null default false,
  updated_at timestamptz not null default now()
);

-- A deactivated member keeps the record (who was on the team, when) and loses the access.
alter table study_assignments add column active boolean not null default true;

alter table site_assignments add column id uuid not null default gen_random_uuid();
alter table site_assignments add constraint site_assignments_id_key unique (id);
alter table site_assignments add column active boolean not null default true;
alter table site_assignments add column blinded boolean not null default true;
alter table site_assignments add column created_at timestamptz not null default now();
create index site_assignments_site_idx on site_assignments (site_id);
