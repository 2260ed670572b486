-- Issue 15 (F-037): whether a visit may be recorded (the original's telehealthVisitDTO.allowRecording), set when it
-- is booked; the study's and the country's switches still decide first.
alter table appointments add column allow_recording boolean not null default true;
