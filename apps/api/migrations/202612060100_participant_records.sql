-- Participants added by staff (issue 12; E-020, E-026, E-028, E-065, E-075; decision E-participant-records): the
-- registration facts the study asks (birth date, gender, address, city, state, postcode, country), who added the
-- participant and when they were last invited, and whether they asked for no more e-mail (E-003, E-083).
-- Runs unchanged on PostgreSQL 15+ and on PGlite.
-- An ISO date as text: both drivers read it the same way, and the domain checks it is a real day.
alter table participants add column date_of_birth text check (date_of_birth is null or date_of_birth ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$');
alter table participants add column gender text check (gender is null or gender in ('FEMALE', 'MALE', 'OTHER', 'UNKNOWN'));
alter table participants add column address text;
alter table participants add column city text;
alter table participants add column state text;
alter table participants add column zipcode text;
alter table participants add column country_id text;
alter table participants add column added_by uuid references users(id);
alter table participants add column invited_at timestamptz;
alter table participants add column email_unsubscribed_at timestamptz;
-- The duplicate check (same phone number in the study's data space) reads by number.
create index participants_mobile_idx on participants (study_id, environment, mobile) where mobile is not null;
-- A participant id typed by staff is unique in its data space whatever its case.
create unique index participants_code_ci_idx on participants (study_id, environment, lower(participant_code));
