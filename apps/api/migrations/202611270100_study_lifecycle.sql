-- Studies themselves (issue 9, docs/decisions/0031-study-lifecycle.md): who created a study, the two
-- approvals with who and when, the launch, the study it was duplicated from; study codes unique
-- whatever their case (participants type them in the portal's address).

alter table studies add column created_by uuid references users(id);
alter table studies add column duplicated_from uuid references studies(id);
alter table studies add column is_internal_organizational_approved boolean not null default false;
alter table studies add column internal_approved_by uuid references users(id);
alter table studies add column internal_approved_at timestamptz;
alter table studies add column is_irb_ec_approved boolean not null default false;
alter table studies add column irb_ec_approved_by uuid references users(id);
alter table studies add column irb_ec_approved_at timestamptz;
alter table studies add column launched_by uuid references users(id);
alter table studies add column launched_at timestamptz;

create unique index studies_code_upper on studies (upper(code));
