-- A data query assigned to a role of the participant's site team (issue 12, decision E-queries addendum): who is to
-- answer it — the investigator, the coordinator… — or, when null, the whole site team.
alter table data_queries add column assigned_role text;
create index data_queries_assigned on data_queries (study_id, environment, assigned_role) where status <> 'CLOSED';
