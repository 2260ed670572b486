-- E-028 (issue 12; decision E-participant-records addendum): the rest of the spec's participantMeta — the parent's or
-- caregiver's names, how the person heard of the study, and three fields each study names itself. Asked only when
-- the study's registration asks them; text, the domain's rules check their length. Runs on PostgreSQL 15+ and PGlite.
alter table participants add column parent_or_cg_first_name text;
alter table participants add column parent_or_cg_last_name text;
alter table participants add column how_did_you_hear text;
alter table participants add column custom_field_1 text;
alter table participants add column custom_field_2 text;
alter table participants add column custom_field_3 text;
