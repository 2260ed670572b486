-- The participant list's commonest deep filter, a status sorted by the date added ("the newest ACTIVE participants"):
-- an index leading with the status, so a deep page reads the entries of that status only (12,500 before page 500 of
-- the ACTIVE ones, instead of a scan and sort of every participant: 27 ms → 4 ms at 100,000 participants;
-- decision E-participant-list, addendum "status and date").
create index participants_list_status_created on participants (study_id, environment, status, created_at, participant_code) include (id, site_id, source, consent_signed);
