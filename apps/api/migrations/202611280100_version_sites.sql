-- A published version records the study's sites as they were (decision 0030): the version diff compares them.
ALTER TABLE study_versions ADD COLUMN sites_snapshot jsonb;
