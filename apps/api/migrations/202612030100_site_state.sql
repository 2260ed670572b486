-- A site's state or province (spec 001 §1, D-047: the participant's site address has a `state`). Blank for the
-- sites made before it, like the other address fields (decision 0032). Runs unchanged on PostgreSQL 15+ and PGlite.
alter table sites add column state text not null default '';
