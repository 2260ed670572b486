-- A participant's decision on record linkage (decision D-138): agreed or declined, in which version, when. Identity
-- tokens are made only while the participant's agreement stands; declining removes them.
create table participant_record_linkage (
  participant_id uuid primary key references participants(id),
  agreed boolean not null,
  version_id uuid not null references study_versions(id),
  decided_at timestamptz not null default now()
);
