-- A document's disclaimer is text per study language with any number of images (C-141, C-142; decision 0038).
ALTER TABLE study_documents ADD COLUMN disclaimer jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE study_documents ADD COLUMN disclaimer_file_ids jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE study_documents DROP COLUMN disclaimer_file_id;
